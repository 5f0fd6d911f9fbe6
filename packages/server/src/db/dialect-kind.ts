import { PostgresAdapter, type Kysely } from 'kysely';

/** The two databases idlens runs on. */
export type DialectKind = 'sqlite' | 'postgres';

/** Which database a Kysely instance talks to (migrations need it for a few column types). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
