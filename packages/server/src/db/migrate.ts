import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/**
 * Brings the schema to the newest migration. Safe to run from several processes at once: Kysely's
 * Migrator takes a lock table before it migrates.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return results;
}
