import type { Compilable, CompiledQuery, DialectAdapter, QueryResult } from 'kysely';
import { isPostgres } from './dialect-kind.ts';
import { nameStatement } from './named-statements.ts';
import type { Db } from './schema.ts';

/** A parameter's stand-in while the query is compiled: no real value looks like it. */
const placeholder = (name: string) => `\u0000idlens-parameter:${name}\u0000`;

interface Compiled {
  query: CompiledQuery;
  /** For each SQL parameter, the name of the value that fills it, or null for a constant. */
  slots: Array<string | null>;
}

/**
 * A query of a fixed shape, built and compiled once per database kind instead of per call: the
 * hot queries of the platform (authentication, reading a transaction, creating one) spent more
 * time in Kysely's query builder, CamelCase transformation and compiler than in the database.
 *
 * `build` receives placeholders in place of the named values and must use each where Kysely
 * turns it into a bound parameter (comparisons, inserted or updated values) — never in an
 * identifier or a `sql` fragment. Results still pass through the plugins (CamelCase).
 *
 * `namedOnPostgres`: PostgreSQL prepares the query once per connection and keeps a generic plan
 * for it (named-statements.ts). Only for a query that reads no table growing with traffic (a plan
 * made when the table was small stays until the next ANALYZE) and that lists its columns.
 */
export function preparedQuery<Params extends object, Row>(
  names: ReadonlyArray<keyof Params & string>,
  build: (db: Db, params: Params) => Compilable<Row>,
  { namedOnPostgres = false }: { namedOnPostgres?: boolean } = {},
): (db: Db, params: Params) => Promise<QueryResult<Row>> {
  // One compilation per dialect adapter (a transaction shares its database's adapter).
  const compiled = new WeakMap<DialectAdapter, Compiled>();
  const compile = (db: Db): Compiled => {
    const stand = Object.fromEntries(names.map((n) => [n, placeholder(n)])) as unknown as Params;
    const query = build(db, stand).compile();
    const byPlaceholder = new Map(names.map((n) => [placeholder(n), n]));
    const slots = query.parameters.map((p) => (typeof p === 'string' ? (byPlaceholder.get(p) ?? null) : null));
    const missing = names.filter((n) => !slots.includes(n));
    if (missing.length) throw new Error(`preparedQuery: ${missing.join(', ')} did not become bound parameters`);
    if (namedOnPostgres && isPostgres(db)) nameStatement(query.sql);
    return { query, slots };
  };
  return (db, params) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      entry = compile(db);
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : (params as Record<string, unknown>)[slot]));
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
