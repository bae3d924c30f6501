import type { AppDatabase } from './dialect/index';

/**
 * Runs `work` in a transaction, or in the one `db` already is: a repository's own multi-statement
 * write joins the unit of work a service opened around it instead of committing on its own.
 */
export function inTransaction<T>(db: AppDatabase, work: (trx: AppDatabase) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
