import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect-kind.ts';

/**
 * Verification links (links/): a URL an organization sends to its end user, which opens the hosted
 * run page and starts a transaction of one workflow. The URL's token is stored as its SHA-256 only
 * (like ephemeral keys and client secrets); `verification_link_transactions` keeps which
 * transactions a link started (no foreign key to transactions: a deleted transaction leaves its
 * line, which the listing drops). `organization_branding` is what the run page shows of the
 * organization: its name, colour and logo.
 */
export const verificationLinksMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('verification_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      // The client that created the link: the transactions it starts are that client's.
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('workflow_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull())
      // JSON: the Start form's values the link fixes (the run page asks for the others).
      .addColumn('form_values', 'text', (c) => c.notNull())
      .addColumn('redirect_url', 'text')
      .addColumn('single_use', 'integer', (c) => c.notNull())
      .addColumn('expires_on', 'text', (c) => c.notNull())
      .addColumn('revoked_on', 'text')
      // The first transaction's start: a single-use link is used from then on.
      .addColumn('used_on', 'text')
      .addColumn('transaction_count', 'integer', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('verification_links_organization_idx').on('verification_links').columns(['organization_id', 'created_on', 'id']).execute();

    await db.schema
      .createTable('verification_link_transactions')
      .addColumn('link_id', 'text', (c) => c.notNull().references('verification_links.id').onDelete('cascade'))
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('verification_link_transactions_pk', ['link_id', 'transaction_id'])
      .execute();

    await db.schema
      .createTable('organization_branding')
      .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('display_name', 'text')
      .addColumn('accent_color', 'text')
      .addColumn('logo', isPostgres(db) ? sql`bytea` : sql`blob`)
      .addColumn('logo_content_type', 'text')
      .addColumn('modified_on', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('organization_branding').ifExists().execute();
    await db.schema.dropTable('verification_link_transactions').ifExists().execute();
    await db.schema.dropTable('verification_links').ifExists().execute();
  },
};
