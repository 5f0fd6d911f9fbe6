import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/**
 * Idempotency keys are stored as their SHA-256 (hex): a client may put anything in the header, a
 * card number included. The keys remembered so far (24 h worth at most) are hashed in place, so a
 * retry across the upgrade still finds its transaction. Frozen: its own hash, not the app's.
 */
export const hashedIdempotencyKeysMigration: Migration = {
  async up(db: Kysely<any>) {
    const rows: Array<{ org: string; key: string }> = await db.selectFrom('idempotency_keys').select(['organization_id as org', 'key']).execute();
    for (const { org, key } of rows) {
      const hashed = createHash('sha256').update(key, 'utf8').digest('hex');
      await db.updateTable('idempotency_keys').set({ key: hashed }).where('organization_id', '=', org).where('key', '=', key).execute();
    }
  },
  async down(db: Kysely<any>) {
    // A hash cannot be turned back into its key: the remembered keys are forgotten.
    await db.deleteFrom('idempotency_keys').execute();
  },
};
