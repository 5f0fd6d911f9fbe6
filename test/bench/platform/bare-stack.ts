// The anchor of `pnpm bench platform`: the same stack as idlens with nothing of idlens on it —
// Hono + @hono/node-server + kysely on better-sqlite3 (WAL, synchronous=NORMAL) or, when
// BARE_STACK_DATABASE_URL is set, on `pg` (the server's settings, synchronous_commit included, as
// the operator left them), a Basic check (client row by id, SHA-256 of the secret, constant-time
// compare) and one JSON row by primary key (GET) or one insert (POST). Started by platform.ts in
// its own process; reports its URL over IPC.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { type Dialect, Kysely, PostgresDialect, type PostgresPool, SqliteDialect, type SqliteDatabase as KyselySqlite } from 'kysely';

// better-sqlite3 and pg are the server package's dependencies; resolved from there so test/ needs
// no copy (and the bare stack runs the driver versions idlens runs).
const requireFromServer = createRequire(import.meta.resolve('@idlens/server'));
const SqliteDatabase = requireFromServer('better-sqlite3') as new (file: string) => KyselySqlite & { pragma(source: string): unknown };
const { Pool } = requireFromServer('pg') as {
  Pool: new (config: { connectionString: string; max: number }) => PostgresPool & { on(event: 'error', listener: () => void): unknown };
};

/** idlens-server.ts gives idlens this many PostgreSQL connections (DATABASE_POOL_MAX): the bare stack gets as many. */
const postgresPoolMax = 20;

interface Db {
  clients: { id: string; secret_hash: string; organization_id: string };
  items: { id: string; organization_id: string; body: string; created_on: string };
}

/** The dialect, and what to clean up at exit. */
function openDialect(): { dialect: Dialect; cleanUp(): void } {
  const databaseUrl = process.env.BARE_STACK_DATABASE_URL;
  if (databaseUrl) {
    // As idlens's openDatabase builds its pool: an idle client losing its connection is replaced, not fatal.
    const pool = new Pool({ connectionString: databaseUrl, max: postgresPoolMax });
    pool.on('error', () => {});
    return { dialect: new PostgresDialect({ pool }), cleanUp: () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'idlens-bare-'));
  const sqlite = new SqliteDatabase(path.join(dir, 'bare.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  return { dialect: new SqliteDialect({ database: sqlite }), cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

const { dialect, cleanUp } = openDialect();
const db = new Kysely<Db>({ dialect });
await db.schema
  .createTable('clients')
  .addColumn('id', 'text', (c) => c.primaryKey())
  .addColumn('secret_hash', 'text', (c) => c.notNull())
  .addColumn('organization_id', 'text', (c) => c.notNull())
  .execute();
await db.schema
  .createTable('items')
  .addColumn('id', 'text', (c) => c.primaryKey())
  .addColumn('organization_id', 'text', (c) => c.notNull())
  .addColumn('body', 'text', (c) => c.notNull())
  .addColumn('created_on', 'text', (c) => c.notNull())
  .execute();

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const clientId = randomUUID();
const clientSecret = randomBytes(32).toString('base64url');
await db
  .insertInto('clients')
  .values({ id: clientId, secret_hash: sha256(clientSecret).toString('hex'), organization_id: 'org' })
  .execute();

async function authenticate(header: string | undefined): Promise<string | null> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const client = await db.selectFrom('clients').selectAll().where('id', '=', decoded.slice(0, colon)).executeTakeFirst();
  if (!client) return null;
  const expected = Buffer.from(client.secret_hash, 'hex');
  return timingSafeEqual(expected, sha256(decoded.slice(colon + 1))) ? client.organization_id : null;
}

const app = new Hono();
app.post('/item', async (c) => {
  const org = await authenticate(c.req.header('authorization'));
  if (!org) return c.json({ code: 'UNAUTHORIZED' }, 401);
  const body = await c.req.json<Record<string, unknown>>();
  const id = randomUUID();
  const createdOn = new Date().toISOString();
  await db
    .insertInto('items')
    .values({ id, organization_id: org, body: JSON.stringify(body), created_on: createdOn })
    .execute();
  return c.json({ id, createdOn }, 201);
});
app.get('/item/:id', async (c) => {
  const org = await authenticate(c.req.header('authorization'));
  if (!org) return c.json({ code: 'UNAUTHORIZED' }, 401);
  const row = await db.selectFrom('items').selectAll().where('id', '=', c.req.param('id')).where('organization_id', '=', org).executeTakeFirst();
  if (!row) return c.json({ code: 'NOT_FOUND' }, 404);
  return c.json({ id: row.id, createdOn: row.created_on, ...(JSON.parse(row.body) as Record<string, unknown>) });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.send?.({ url, authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` });
});
process.on('disconnect', () => {
  server.close();
  db.destroy().finally(() => {
    cleanUp();
    process.exit(0);
  });
});
