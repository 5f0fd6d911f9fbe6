import type { Kysely, Migration } from 'kysely';

/**
 * Sessions of the operator console (console/console-sessions.ts): the browser holds the session id
 * in an HttpOnly cookie; the database holds its SHA-256 only. A session ends with its client
 * (cascade), at `expires_on`, at sign-out, and when the client's secret changes (`secret_hash`
 * no longer the client's).
 */
export const consoleSessionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('console_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('expires_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('console_sessions_expiry_idx').on('console_sessions').column('expires_on').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('console_sessions').ifExists().execute();
  },
};
