import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

/**
 * A PostgreSQL server for the tests: `TEST_POSTGRES_URL` when set (an admin URL: the tests create
 * and drop databases), else a local Debian cluster — reached, or started and given an `idlens`
 * role — else none, with the reason. Tests that need it are skipped WITH that reason printed.
 */
export type PostgresAvailability = { url: string } | { skipReason: string };

const localUrl = 'postgres://idlens:idlens@127.0.0.1:5432/postgres';
let availability: Promise<PostgresAvailability> | undefined;

async function canConnect(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(command: string, args: string[]): string | null {
  try {
    execFileSync(command, args, { stdio: 'pipe', timeout: 30_000 });
    return null;
  } catch (error) {
    return `${command} ${args.join(' ')}: ${String((error as { stderr?: Buffer }).stderr ?? (error as Error).message)
      .trim()
      .split('\n')
      .at(-1)}`;
  }
}

/** Starts Debian's cluster (pg_ctlcluster switches to the postgres user) and creates the idlens role. */
function startLocalCluster(): string | null {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  if (!versions.length) return 'PostgreSQL is not installed (apt-get install -y postgresql) and TEST_POSTGRES_URL is not set';
  const version = versions[0]!;
  const started = run('pg_ctlcluster', [version, 'main', 'start']);
  if (started && !/already running/i.test(started)) return `could not start the local cluster: ${started}`;
  const psql = (sql: string) => run('runuser', ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql]);
  const role = psql(
    "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'idlens') THEN CREATE ROLE idlens LOGIN CREATEDB PASSWORD 'idlens'; END IF; END $$;",
  );
  return role ? `could not create the idlens role: ${role}` : null;
}

async function detect(): Promise<PostgresAvailability> {
  if (process.env.TEST_POSTGRES_URL) {
    const problem = await canConnect(process.env.TEST_POSTGRES_URL);
    return problem ? { skipReason: `TEST_POSTGRES_URL is set but unreachable: ${problem}` } : { url: process.env.TEST_POSTGRES_URL };
  }
  if ((await canConnect(localUrl)) === null) return { url: localUrl };
  // Test files run in parallel workers and may all try this at once: a failed start or role
  // creation is fatal only if the server stays unreachable afterwards.
  const problem = startLocalCluster();
  if (problem?.startsWith('PostgreSQL is not installed')) return { skipReason: problem };
  let error: string | null = null;
  for (let i = 0; i < 40; i++) {
    error = await canConnect(localUrl);
    if (error === null) return { url: localUrl };
    await new Promise((r) => setTimeout(r, 250));
  }
  return { skipReason: problem ?? `cannot connect to ${localUrl.replace(/:[^:@/]+@/, ':***@')}: ${error}` };
}

/** Whether Postgres tests can run (detected once per test worker). */
export function postgresAvailability(): Promise<PostgresAvailability> {
  availability ??= detect();
  return availability;
}

/** Prints why Postgres variants are skipped — never skip silently. */
export function reportPostgresSkip(reason: string): void {
  console.warn(`\n[postgres] SKIPPING the PostgreSQL variants of these tests: ${reason}\n`);
}

/** How often, and how far apart, `drop()` tries again while something it may not end holds the database. */
const dropAttempts = 20;
const dropRetryMs = 250;

/** A fresh, empty database on the test server; `drop()` removes it. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `idlens_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // An autovacuum worker may be on the new database as it is dropped: FORCE cannot end it
        // without pg_signal_backend (insufficient privilege, 42501), but it is done in moments.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === dropAttempts) throw error;
            await new Promise((resolve) => setTimeout(resolve, dropRetryMs));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** A connection of its own to `url` for the time of `use` (a test reading what the servers wrote). */
export async function withPostgresClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
