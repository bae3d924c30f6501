import type { ClientFunction } from '@cloudphone/contracts/client';
import { DEFAULT_ENABLED_FUNCTIONS, type FunctionKey } from '@cloudphone/contracts/client-functions';

/** The functions a client has switched on; before its list is known, the two present by default (spec §3). */
export function enabledFunctions(functions: readonly ClientFunction[] | null): ReadonlySet<FunctionKey> {
  if (functions === null) return new Set(DEFAULT_ENABLED_FUNCTIONS);
  return new Set(functions.filter((f) => f.enable).map((f) => f.key));
}
