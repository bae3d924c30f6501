import type { ClientFunction } from '@cloudphone/contracts/client';
import { DEFAULT_ENABLED_FUNCTIONS, type FunctionKey } from '@cloudphone/contracts/client-functions';
import { useSession } from '../stores/session';

/** The functions a client has switched on; before its list is known, the two present by default (spec §3). */
export function enabledFunctions(functions: readonly ClientFunction[] | null): ReadonlySet<FunctionKey> {
  if (functions === null) return new Set(DEFAULT_ENABLED_FUNCTIONS);
  return new Set(functions.filter((f) => f.enable).map((f) => f.key));
}

/** The client's switched-on functions, for hiding what is switched off (the server refuses it too). */
export function useEnabledFunctions(): ReadonlySet<FunctionKey> {
  const functions = useSession((s) => s.functions);
  return enabledFunctions(functions);
}
