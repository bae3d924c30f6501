import { create } from 'zustand';
import type { BodyOf, ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as session from '@cloudphone/contracts/endpoints/admin/session';
import { operatorMay, type ConsoleAction } from '@cloudphone/contracts/operators';
import { call } from '../lib/api-client';
import { connectSession } from '../lib/request';
import { storage, StorageKey } from '../lib/storage';

export type ConsoleOperator = ReplyOf<typeof session.me>;
type SignedIn = ReplyOf<typeof session.signIn>;

interface OperatorSessionState {
  /** The console's sign-in, kept until it lapses or the operator signs out; null when signed out. */
  signedIn: SignedIn | null;
  /** The tenant a platform operator works on (a tenant's operator works on its own); null until it names one. */
  workingTenant: number | null;
  setWorkingTenant(tenantId: number | null): void;
  signIn(body: BodyOf<typeof session.signIn>): Promise<void>;
  signOut(): void;
}

/** The stored sign-in, unless its time is up (a lapsed one would only be refused). */
function stored(): SignedIn | null {
  const kept = storage.get<SignedIn>(StorageKey.consoleSession);
  return kept && kept.expiresAt > Date.now() ? kept : null;
}

/**
 * The console's operator (issue 62), apart from any customer's session: its own token, in storage
 * of its own. The console plugs it into the request layer (`connectOperatorSession`), so every call
 * carries the operator's token, and a token the server no longer takes signs the console out.
 */
export const useOperatorSession = create<OperatorSessionState>((set) => ({
  signedIn: stored(),
  workingTenant: null,
  setWorkingTenant(workingTenant) {
    set({ workingTenant });
  },
  async signIn(body) {
    const signedIn = await call(session.signIn, { body, auth: false });
    storage.set(StorageKey.consoleSession, signedIn);
    set({ signedIn });
  },
  signOut() {
    storage.remove(StorageKey.consoleSession);
    set({ signedIn: null, workingTenant: null });
  },
}));

export function connectOperatorSession(): void {
  connectSession({
    current: () => {
      const { signedIn, workingTenant } = useOperatorSession.getState();
      return {
        // Sent as `tenant-id`: what a platform operator works on (the server ignores it for a tenant's).
        tenantId: signedIn?.operator.tenantId ?? workingTenant,
        clientId: null,
        token: signedIn?.accessToken ?? null,
        refreshToken: null,
      };
    },
    // An operator's sign-in is not refreshed: it lasts a working day, then the operator signs in again.
    setTokens: () => undefined,
    clearLogin: () => useOperatorSession.getState().signOut(),
  });
}

/** Whether the signed-in operator's role may do `action` (the role table): the console shows only that. */
export function useOperatorMay(action: ConsoleAction): boolean {
  return useOperatorSession((s) => (s.signedIn ? operatorMay(s.signedIn.operator, action) : false));
}
