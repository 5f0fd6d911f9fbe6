import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { createRequest } from '../support/platform-app.ts';
import { startServe } from '../support/serve-process.ts';

/** Creates acknowledged before the kill; enough for many commit groups of 32 concurrent clients. */
const acknowledgedBeforeKill = 400;
const clients = 32;

describe('SIGKILL of the real server during concurrent creates (grouped commits)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-kill-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('every create answered 201 is in the database afterwards, with its Start entry and status log', async () => {
    const server = await startServe(dir);
    const credential = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(server.output())?.[1];
    // The demo client's credentials are printed after the line that says it listens.
    await expect.poll(() => credential('client_secret'), { interval: 20 }).toBeDefined();
    const authorization = `Basic ${Buffer.from(`${credential('client_id')}:${credential('client_secret')}`).toString('base64')}`;
    const url = `http://127.0.0.1:${server.port}/agent/api/v1/transaction`;
    const body = JSON.stringify(createRequest('demo-auto'));
    const acknowledged: string[] = [];
    let killed = false;
    const client = async () => {
      while (!killed) {
        let transactionId: string;
        try {
          const res = await fetch(url, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
          expect(res.status).toBe(201);
          // Acknowledged = the whole answer arrived: a body cut by the kill acknowledged nothing.
          transactionId = ((await res.json()) as { transactionId: string }).transactionId;
        } catch (error) {
          if (killed) return;
          throw error;
        }
        acknowledged.push(transactionId);
        if (acknowledged.length >= acknowledgedBeforeKill && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: clients }, client));
      await server.exit;
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    expect(server.child.signalCode).toBe('SIGKILL');

    const database = openDatabase(`file:${path.join(dir, 'db.sqlite')}`);
    try {
      const ids = new Set(acknowledged);
      const stored = new Set((await database.db.selectFrom('transactions').select('id').execute()).map((r) => r.id));
      const withStart = new Set(
        (await database.db.selectFrom('stateEntries').select('transactionId').where('key', 'like', 'Start:%').execute()).map((r) => r.transactionId),
      );
      const withLog = new Set((await database.db.selectFrom('statusLog').select('transactionId').execute()).map((r) => r.transactionId));
      const lost = [...ids].filter((id) => !stored.has(id) || !withStart.has(id) || !withLog.has(id));
      expect(ids.size).toBeGreaterThanOrEqual(acknowledgedBeforeKill);
      expect(lost).toEqual([]);
      // A create is all of its rows or none: no transaction without its Start entry and log.
      expect([...stored].filter((id) => !withStart.has(id) || !withLog.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
