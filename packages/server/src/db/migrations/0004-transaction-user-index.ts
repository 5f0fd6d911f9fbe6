import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect-kind.ts';

/**
 * The listing's `userId` filter (consent.userId, inside the consent JSON text): an expression
 * index per organization, in the listing's order (newest first is a backward scan). The
 * expression is written exactly as the repository's query writes it (repositories/
 * transaction-repository.ts, consentUserId): a database uses an expression index only then.
 */
export const transactionUserIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    const userId = isPostgres(db) ? sql`((consent::jsonb ->> 'userId'))` : sql`json_extract(consent, '$.userId')`;
    await sql`create index transactions_user_idx on transactions (organization_id, ${userId}, created_on, id)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('transactions_user_idx').ifExists().execute();
  },
};
