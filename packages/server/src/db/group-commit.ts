import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-kind.ts';
import type { Database, Db } from './schema.ts';

/** Runs a write that needs a database transaction of its own, and answers what it answered once that transaction is committed. */
export interface TransactionalWrites {
  run<T>(write: (trx: Db) => Promise<T>): Promise<T>;
}

interface Job {
  write: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on SQLite: writes that arrive while a commit is under way wait, and then share one
 * database transaction, each inside a savepoint of its own. SQLite runs one writer at a time on
 * the server's one connection anyway, so a write waits at most one turn of the event loop longer
 * than it would have; what is saved is
 * a commit per write — the WAL frames of the pages every write touches (the table, its indexes),
 * written once for the whole group. Nothing is answered before its group is committed, so an
 * acknowledged write is as durable as before; a write that fails is rolled back to its savepoint
 * and fails alone; a commit that fails fails every write of the group.
 *
 * PostgreSQL runs writers side by side on the pool's connections: each write has its own transaction.
 */
export function createTransactionalWrites(db: Kysely<Database>, maxGroup = 64): TransactionalWrites {
  if (isPostgres(db)) return { run: (write) => db.transaction().execute(write) };
  const queue: Job[] = [];
  let draining = false;

  async function runGroup(group: Job[]): Promise<void> {
    if (group.length === 1) {
      const [job] = group as [Job];
      await db.transaction().execute(job.write).then(job.resolve, job.reject);
      return;
    }
    const outcomes: Array<{ value: unknown } | { error: unknown }> = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const job of group) {
          await sql`savepoint idlens_write`.execute(trx);
          try {
            outcomes.push({ value: await job.write(trx) });
          } catch (error) {
            outcomes.push({ error });
            await sql`rollback to idlens_write`.execute(trx);
          }
          await sql`release idlens_write`.execute(trx);
        }
      });
    } catch (error) {
      for (const job of group) job.reject(error);
      return;
    }
    group.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome.value);
    });
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length) await runGroup(queue.splice(0, maxGroup));
    } finally {
      draining = false;
    }
  }

  return {
    run<T>(write: (trx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (draining) return;
        draining = true;
        // better-sqlite3 answers at once, so a group would never form within one turn of the event
        // loop: the requests read in this turn's poll phase join before the first commit, one hop later.
        setImmediate(() => void drain());
      });
    },
  };
}
