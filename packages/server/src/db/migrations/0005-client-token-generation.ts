import type { Kysely, Migration } from 'kysely';

/**
 * A client's token generation: stamped into every bearer token it is issued and checked on use.
 * Rotating the secret bumps it, so the tokens issued before the rotation stop working at once
 * instead of at their expiry.
 */
export const clientTokenGenerationMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('clients')
      .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('clients').dropColumn('token_generation').execute();
  },
};
