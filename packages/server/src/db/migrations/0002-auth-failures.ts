import type { Kysely, Migration } from 'kysely';

/**
 * Failed authentication attempts per key (client id, transaction id, remote address) and window,
 * for rate limiting shared by several server processes (`AUTH_RATE_LIMIT_STORE=database`).
 */
export const authFailuresMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('auth_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failures_window').on('auth_failures').column('window_start').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('auth_failures').ifExists().execute();
  },
};
