import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect-kind.ts';

/**
 * The first schema. Frozen: later changes are new migrations, never edits here.
 * Children reference transactions with ON DELETE CASCADE so that deleting a transaction is one
 * statement — it can never be left half-deleted.
 */
export const initialMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = isPostgres(db);
    const binary = pg ? sql`bytea` : sql`blob`;

    await db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('workflows')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('latest_version_id', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('modified_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('workflows_pk', ['organization_id', 'id'])
      .execute();

    await db.schema
      .createTable('workflow_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('workflow_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addForeignKeyConstraint('workflow_versions_workflow_fk', ['organization_id', 'workflow_id'], 'workflows', ['organization_id', 'id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .addUniqueConstraint('workflow_versions_number_uq', ['organization_id', 'workflow_id', 'version'])
      .execute();

    await db.schema
      .createTable('transactions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('workflow_id', 'text', (c) => c.notNull())
      .addColumn('workflow_version_id', 'text', (c) => c.notNull().references('workflow_versions.id'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('sdk_version', 'text', (c) => c.notNull())
      .addColumn('processing_status', 'text', (c) => c.notNull())
      .addColumn('verification_status', 'text')
      .addColumn('original_verification_status', 'text')
      .addColumn('consent', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('link_fields', 'text', (c) => c.notNull())
      .addColumn('progress', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull())
      .addColumn('key_expires_on', 'text', (c) => c.notNull())
      .addColumn('row_version', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('modified_on', 'text', (c) => c.notNull())
      .execute();
    // Listing pages by (created_on, id) within an organization, newest first.
    await db.schema.createIndex('transactions_listing_idx').on('transactions').columns(['organization_id', 'created_on', 'id']).execute();
    // The expiry sweep looks for InProgress transactions whose key has expired.
    await db.schema.createIndex('transactions_expiry_idx').on('transactions').columns(['processing_status', 'key_expires_on']).execute();

    await db.schema
      .createTable('state_entries')
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('step_id', 'integer', (c) => c.notNull())
      .addColumn('step_type', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('extraction', 'text', (c) => c.notNull())
      .addColumn('output', 'text')
      .addColumn('internal', 'text')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('modified_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('state_entries_pk', ['transaction_id', 'key'])
      .execute();

    await db.schema
      .createTable('status_log')
      .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
      .addColumn('changed_on', 'text', (c) => c.notNull())
      .addColumn('changed_by', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('old_value', 'text')
      .addColumn('new_value', 'text')
      .addColumn('comment', 'text')
      .execute();
    await db.schema.createIndex('status_log_transaction_idx').on('status_log').columns(['transaction_id', 'id']).execute();

    await db.schema
      .createTable('blobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('data', binary, (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blobs_transaction_idx').on('blobs').column('transaction_id').execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['organization_id', 'key'])
      .execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'idempotency_keys',
      'blobs',
      'status_log',
      'state_entries',
      'transactions',
      'workflow_versions',
      'workflows',
      'clients',
      'organizations',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
