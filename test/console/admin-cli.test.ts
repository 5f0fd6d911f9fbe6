import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerCli } from '../support/run-cli.ts';

describe('idlens-server CLI: organization add|list, client list|revoke|rotate', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const idlens = (...args: string[]) => runServerCli(env, ...args);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-admin-cli-'));
    env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}` };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('creates an organization with a client, rotates its secret once shown, lists and revokes it', async () => {
    const org = JSON.parse((await idlens('organization', 'add', '--name', 'Acme', '--json')).stdout);
    expect(org).toMatchObject({ name: 'Acme', clientCount: 0 });
    const client = JSON.parse((await idlens('client', 'add', '--name', 'backend', '--organization', org.organizationId, '--json')).stdout);
    expect(client.organizationId).toBe(org.organizationId);

    const orgs = JSON.parse((await idlens('organization', 'list', '--json')).stdout);
    expect(orgs).toEqual([{ ...org, clientCount: 1 }]);
    const listed = await idlens('client', 'list', '--organization', org.organizationId);
    expect(listed.stdout).toContain(client.clientId);
    expect(listed.stdout).not.toContain(client.clientSecret);

    const rotated = await idlens('client', 'rotate', client.clientId);
    expect(rotated.code).toBe(0);
    const secret = /client_secret: (\S+)/.exec(rotated.stdout)?.[1];
    expect(secret).toBeTruthy();
    expect(secret).not.toBe(client.clientSecret);
    expect((await idlens('client', 'list')).stdout).not.toContain(secret!);

    expect((await idlens('client', 'revoke', client.clientId)).stdout).toContain('revoked');
    expect((await idlens('client', 'revoke', client.clientId)).code).toBe(2);
    expect((await idlens('client', 'rotate', 'nobody')).code).toBe(2);
    expect((await idlens('client', 'list', '--organization', org.organizationId)).stdout).toContain('no clients');
    expect((await idlens('organization', 'add')).code).toBe(2);
    expect((await idlens('--help')).stdout).toContain('organization add');
    // Eleven CLI processes, each compiling its TypeScript with tsx (~2.5 s of CPU): on a loaded
    // 2-core CI machine that took over a minute.
  });
});
