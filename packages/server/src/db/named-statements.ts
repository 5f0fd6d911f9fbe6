import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Named (server-side prepared) statements on PostgreSQL for the queries preparedQuery compiles with
 * `namedOnPostgres`: PostgreSQL parses each once per connection and, after five runs, keeps one
 * generic plan for it instead of planning every call. Planning was most of its work per create (a
 * statement of four inserts): `pnpm bench platform`. The set is fixed by the code, so the
 * statements a connection keeps stay few, whatever the requests are.
 *
 * Why not every query: a generic plan is chosen on the table sizes of its moment and kept until
 * the table is next analysed. A lookup by primary key planned while its table had one page is a
 * sequential scan, and stays one as the table grows — on a fresh database under load the agent
 * GET fell to a quarter of its speed for about a minute, until autovacuum's ANALYZE. So only
 * statements that read no table growing with traffic are named (inserts, configuration lookups).
 */
const statementNames = new Map<string, string>();

/**
 * A star in a select list: a named statement's result may not change its columns, and a migration
 * adding a column to the table would change them — PostgreSQL then fails the statement ("cached
 * plan must not change result type") on every replica still running, mid-deployment.
 */
const selectsStar = /(\bselect\s+|,\s*)("[^"]+"\.)?\*/i;

/** Names `sql` (a query preparedQuery compiled for PostgreSQL); the name derives from the text alone. */
export function nameStatement(sql: string): void {
  if (selectsStar.test(sql)) throw new Error(`preparedQuery: list the columns instead of *: ${sql.slice(0, 120)}`);
  statementNames.set(sql, `idlens_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
}

type Values = ReadonlyArray<unknown>;

/**
 * The pool Kysely gets: its clients run a named query by its name (PostgreSQL prepares it on the
 * connection's first use), every other query as it comes.
 */
export function namingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((query: string | object, values?: Values) => {
      const name = typeof query === 'string' ? statementNames.get(query) : undefined;
      if (name) return client.query({ name, text: query as string, values: values as unknown[] });
      return (client.query as (q: unknown, v?: Values) => unknown)(query, values);
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = wrap(client);
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}
