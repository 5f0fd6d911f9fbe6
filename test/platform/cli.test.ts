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
});
