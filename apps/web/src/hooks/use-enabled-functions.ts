import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import { enabledFunctions } from '../lib/functions';
import { useSession } from '../stores/session';

/** The client's switched-on functions, for hiding what is switched off (the server refuses it too). */
export function useEnabledFunctions(): ReadonlySet<FunctionKey> {
  const functions = useSession((s) => s.functions);
  return enabledFunctions(functions);
}
