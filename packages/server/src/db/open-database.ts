import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import type { DialectKind } from './dialect-kind.ts';
import { namingPool } from './named-statements.ts';
import type { Database } from './schema.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { CachingSqliteDialect } from './sqlite-driver.ts';

/** An open database and what the rest of the server needs to know about it. */
export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DialectKind;
  /** Answers true when a trivial query succeeds (the `storage` health check). */
  ping(): Promise<boolean>;
  /** This process's connections now (metrics). */
  connections(): ConnectionUse;
  close(): Promise<void>;
}

/** Connections of a process: open (in use or idle), idle, callers waiting for one, the most it opens. */
export interface ConnectionUse {
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OpenDatabaseOptions {
  /** Largest Postgres pool (connections per process). */
  poolMax?: number;
  /** How long SQLite waits for another process's write lock before failing (ms). */
  busyTimeoutMs?: number;
}

/**
 * Opens `file:PATH` (SQLite; `file::memory:` for tests) or `postgres://…`. SQLite gets WAL (readers
 * never block the writer, so the CLI can work while the server runs), a busy timeout (a second
 * process waits for the lock instead of failing), foreign keys (deletes cascade), cached prepared
 * statements (sqlite-driver.ts) and WAL checkpoints in a worker thread (sqlite-checkpointer.ts).
 */
export function openDatabase(url: string, { poolMax = 10, busyTimeoutMs = 5000 }: OpenDatabaseOptions = {}): OpenDatabase {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const use = () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax });
    return wrap(new PostgresDialect({ pool: namingPool(pool) }), 'postgres', use);
  }
  if (!url.startsWith('file:')) throw new Error('DATABASE_URL must be file:PATH or postgres://…');
  const file = url.slice('file:'.length);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma('foreign_keys = ON');
  // WAL makes NORMAL durable across application crashes; only a power loss may drop the last commits.
  sqlite.pragma('synchronous = NORMAL');
  const dialect = new CachingSqliteDialect(sqlite);
  const use = () => {
    const { busy, waiting } = dialect.connectionUse();
    return { open: 1, idle: busy ? 0 : 1, waiting, max: 1 };
  };
  if (file === ':memory:') return wrap(dialect, 'sqlite', use);
  // Checkpoints (and their fsync calls) move off the event loop to a thread of their own.
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file, { busyTimeoutMs });
  return wrap(dialect, 'sqlite', use, () => checkpointer.close());
}

function wrap(dialect: Dialect, kind: DialectKind, connections: () => ConnectionUse, beforeClose: () => Promise<void> = async () => {}): OpenDatabase {
  // camelCase in TypeScript, snake_case in the database (schema.ts). Migrations name snake_case
  // columns, which the plugin leaves as they are.
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind,
    connections,
    async ping() {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      return Number(rows[0]?.one) === 1;
    },
    async close() {
      await beforeClose();
      await db.destroy();
    },
  };
}
