import type { Kysely, Migration } from 'kysely';

/**
 * Hand-off of a transaction from one device to another (platform/handoff/): the desktop asks for a
 * join key (shown as a QR code), the phone joins with it once and gets a key of its own. Both keys
 * are stored as their SHA-256 only. One row per transaction: a new hand-off replaces one nobody
 * joined; while a phone holds the transaction (joined, not cancelled) the desktop may only read it.
 */
export const transactionHandoffsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('transaction_handoffs')
      .addColumn('transaction_id', 'text', (c) => c.primaryKey().references('transactions.id').onDelete('cascade'))
      .addColumn('join_key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('join_expires_on', 'text', (c) => c.notNull())
      .addColumn('device_key_hash', 'text')
      .addColumn('joined_on', 'text')
      .addColumn('cancelled_on', 'text')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('transaction_handoffs').ifExists().execute();
  },
};
