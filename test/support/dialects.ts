import { describe } from 'vitest';
import { postgresAvailability, reportPostgresSkip } from './postgres.ts';

/** The databases a suite runs on: SQLite always, Postgres when one can be reached or started. */
export interface DialectCase {
  name: 'sqlite' | 'postgres';
  postgresAdminUrl?: string;
}

/**
 * Runs `suite` once per database. When Postgres is unavailable its variant is registered as a
 * skipped suite whose name carries the reason, and the reason is printed — never a silent skip.
 */
export async function describeEachDialect(title: string, suite: (dialect: DialectCase) => void): Promise<void> {
  const pg = await postgresAvailability();
  describe(`${title} [sqlite]`, () => suite({ name: 'sqlite' }));
  if ('url' in pg) {
    describe(`${title} [postgres]`, () => suite({ name: 'postgres', postgresAdminUrl: pg.url }));
  } else {
    reportPostgresSkip(pg.skipReason);
    describe.skip(`${title} [postgres] — skipped: ${pg.skipReason}`, () => suite({ name: 'postgres' }));
  }
}
