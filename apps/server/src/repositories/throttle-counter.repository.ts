import type { AppDatabase } from '../db/database';

/**
 * Event counters of the throttle (security/throttle.ts). A subject's window starts at its first event
 * and ends `windowMs` later; the next event after that starts a new window.
 */
export class ThrottleCounterRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Counts one event unless `limit` were already counted in the subject's current window, in one
   * statement: concurrent callers are serialised on the row, so exactly `limit` of them win.
   */
  async hit(scope: string, subject: string, limit: number, windowMs: number, now: number): Promise<boolean> {
    const counted = await this.db
      .insertInto('throttle_counter')
      .values({ scope, subject, hits: 1, window_ends_at: now + windowMs })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'subject'])
          .doUpdateSet((eb) => {
            const ended = eb('throttle_counter.window_ends_at', '<=', now);
            return {
              hits: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('throttle_counter.hits', '+', 1))
                .end(),
              window_ends_at: eb
                .case()
                .when(ended)
                .then(now + windowMs)
                .else(eb.ref('throttle_counter.window_ends_at'))
                .end(),
            };
          })
          .where((eb) =>
            eb.or([eb('throttle_counter.window_ends_at', '<=', now), eb('throttle_counter.hits', '<', limit)]),
          ),
      )
      .returning('hits')
      .executeTakeFirst();
    return counted !== undefined;
  }

  /** The events counted in the subject's current window (0 once it has ended). */
  async count(scope: string, subject: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('throttle_counter')
      .select('hits')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('window_ends_at', '>', now)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  /** Gives one counted event back (the attempt it stood for succeeded). */
  async release(scope: string, subject: string): Promise<void> {
    await this.db
      .updateTable('throttle_counter')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('hits', '>', 0)
      .execute();
  }

  async clear(scope: string, subject: string): Promise<void> {
    await this.db.deleteFrom('throttle_counter').where('scope', '=', scope).where('subject', '=', subject).execute();
  }

  /** Drops counters whose window has ended: they would start afresh anyway. */
  async purgeEnded(now: number): Promise<void> {
    await this.db.deleteFrom('throttle_counter').where('window_ends_at', '<=', now).execute();
  }
}
