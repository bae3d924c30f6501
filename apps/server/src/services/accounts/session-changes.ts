import type { KeptReads } from '../../cluster/kept-reads';
import type { LiveEventBus } from '../../events/live-event-bus';
import type { SessionRepository } from '../../repositories/session.repository';

export type SessionState = Awaited<ReturnType<SessionRepository['authState']>>;

/**
 * Sessions' states by session id (issue 34: read on every request), forgotten by whatever ends a
 * session or changes what the state holds of its account.
 */
export type SessionStates = KeptReads<number, SessionState>;

/**
 * What ends a session or changes its account's state, told once it is committed: every API node
 * forgets the states its requests read (`SessionStates`), and an ended session's live channels close
 * on whichever node holds them (issue 47: the end travels on the live-event bus).
 */
export class SessionChanges {
  constructor(
    private readonly states: SessionStates,
    private readonly events: LiveEventBus,
  ) {}

  /** Session `sessionId` of the user ended (a logout, a sign-out of that device, a refresh token reused). */
  ended(userId: number, sessionId: number): void {
    this.states.forget(sessionId);
    this.events.publish(userId, { type: 'session.ended', sessionId, keptSessionId: null });
  }

  /** Every session of the user ended, but `kept` when given (the one that changed the password or number). */
  allEnded(userId: number, kept: number | null = null): void {
    this.states.forget();
    this.events.publish(userId, { type: 'session.ended', sessionId: null, keptSessionId: kept });
  }

  /** The account's state changed (its language): sessions read it anew. */
  accountChanged(): void {
    this.states.forget();
  }
}
