import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerCli } from '../support/run-cli.ts';

describe('idlens-server CLI (client add, workflow import/list, migrate)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const idlens = (...args: string[]) => runServerCli(env, ...args);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-cli-'));
    env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}` };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('client add --json prints the new credentials once; workflow list --json shows the demo workflows', async () => {
    const added = await idlens('client', 'add', '--name', 'acme', '--json');
    expect(added.code).toBe(0);
    const credentials = JSON.parse(added.stdout);
    expect(Object.keys(credentials).sort()).toEqual(['clientId', 'clientSecret', 'organizationId']);
    const listed = JSON.parse((await idlens('workflow', 'list', '--json')).stdout);
    expect(listed.map((w: { workflowId: string }) => w.workflowId)).toEqual(['demo-auto', 'demo-document']);
    expect(listed[1]).toMatchObject({
      formFields: [{ name: 'customerName', type: 'string', required: true }],
      interactiveSteps: [{ id: 2, type: 'ScanDocument' }],
    });
  });

  it('workflow import adds a version; an invalid file is refused with the field named', async () => {
    const file = path.join(dir, 'flow.json');
    await writeFile(
      file,
      JSON.stringify({
        workflowId: 'kyc',
        name: 'KYC',
        steps: [
          { id: 1, type: 'Start' },
          { id: 2, type: 'ScanBarcode' },
          { id: 3, type: 'End' },
        ],
      }),
    );
    const imported = await idlens('workflow', 'import', file, '--json');
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ workflowId: 'kyc', version: 1, interactiveSteps: [{ id: 2, type: 'ScanBarcode' }] });
    await writeFile(
      file,
      JSON.stringify({
        workflowId: 'kyc',
        name: 'KYC',
        steps: [
          { id: 1, type: 'Start' },
          { id: 2, type: 'Decision' },
          { id: 3, type: 'End' },
        ],
      }),
    );
    const bad = await idlens('workflow', 'import', file);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toContain('steps.1');
    expect((await idlens('migrate')).stdout).toContain('up to date');
    expect((await idlens('client', 'add')).code).toBe(2);
  });

  it('webhook add/list/disable/deliveries/redeliver/remove manage endpoints as the agent API does', async () => {
    const added = await idlens('webhook', 'add', '--url', 'https://hooks.example.com/idlens', '--events', 'transaction.completed,transaction.failed', '--json');
    expect(added.code).toBe(0);
    const endpoint = JSON.parse(added.stdout);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/idlens', eventTypes: ['transaction.completed', 'transaction.failed'], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const plain = await idlens('webhook', 'add', '--url', 'https://hooks.example.com/two', '--events', 'transaction.created');
    expect(plain.stdout).toMatch(/secret: whsec_\S+\nThe secret is shown only now\./);

    const listed = await idlens('webhook', 'list');
    expect(listed.stdout).toContain(`${endpoint.id}\tenabled\thttps://hooks.example.com/idlens\ttransaction.completed,transaction.failed`);
    expect(listed.stdout).not.toContain('whsec_');
    expect((await idlens('webhook', 'disable', endpoint.id)).stdout.trim()).toBe(`${endpoint.id} disabled`);
    expect(JSON.parse((await idlens('webhook', 'list', '--json')).stdout)[0]).toMatchObject({ id: endpoint.id, enabled: false });
    expect((await idlens('webhook', 'deliveries', endpoint.id)).stdout.trim()).toBe('no deliveries');

    // Refused as the API refuses them, with the reason, exit code 2.
    const refused = [
      await idlens('webhook', 'add', '--url', 'http://10.1.2.3/hook', '--events', 'transaction.created'),
      await idlens('webhook', 'add', '--url', 'https://hooks.example.com/x', '--events', 'transaction.exploded'),
      await idlens('webhook', 'redeliver', endpoint.id, 'msg_none'),
      await idlens('webhook', 'deliveries', endpoint.id, '--status', 'lost'),
      await idlens('webhook', 'remove', 'no-such-endpoint'),
    ];
    expect(refused.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(refused.map((r) => r.stdout)).toEqual([
      expect.stringContaining('not a global unicast'),
      expect.stringContaining('not transaction.exploded'),
      expect.stringContaining('no delivery of this event'),
      expect.stringContaining('--status: one of pending, delivered, failed'),
      expect.stringContaining('webhook endpoint not found'),
    ]);
    expect((await idlens('webhook', 'add', '--events', 'transaction.created')).code).toBe(2);
    expect((await idlens('webhook', 'remove', endpoint.id)).stdout.trim()).toBe(`${endpoint.id} removed`);
    expect(JSON.parse((await idlens('webhook', 'list', '--json')).stdout)).toHaveLength(1);
  });
});
