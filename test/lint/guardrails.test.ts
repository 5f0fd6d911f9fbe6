// Every rule `pnpm lint` enforces for this project can fail: one violation per rule is planted in a
// temporary copy of the repository's lint set-up (its configuration, package manifests and installed
// packages), and `pnpm lint` there must fail and name the rule and the planted file. A control next to
// each planted file (the same import as a type, the same global in a test, the export used beside the
// unused one) must stay unflagged. A rule that cannot fail is a defect, like a test that cannot fail.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.ts';

const run = promisify(execFile);
/** Files `pnpm lint` reads besides the sources: its script, the tools' configuration, the manifests. */
const lintSetUp = [
  'package.json',
  'biome.jsonc',
  '.dependency-cruiser.cjs',
  'knip.json',
  'tsconfig.json',
  'tsconfig.base.json',
  '.gitignore',
  'pnpm-workspace.yaml',
];
/** Where workspaces keep their installed packages (linked into the copy, not copied). */
const workspaceDirs = async () => [
  '.',
  'models',
  'test',
  'test/support',
  'demo',
  ...(await readdir(path.join(repoRoot, 'packages'))).map((name) => `packages/${name}`),
];

type Planted = Record<string, string>;

/** One violation per dependency-cruiser rule, and controls that break none. */
const dependencyViolations: Planted = {
  'packages/sdk/src/engine/planted-fs.ts': "import { readFileSync } from 'node:fs';\n\nexport const planted = readFileSync;\n",
  'packages/sdk/src/engine/planted-runtime.ts': "import { readBarcodes } from 'zxing-wasm/reader';\n\nexport const planted = readBarcodes;\n",
  'packages/sdk/src/planted-server.ts': "import { app } from '../../server/src/planted-app.ts';\n\nexport const planted = app;\n",
  'packages/server/src/planted-app.ts': 'export const app = 1;\n',
  'packages/server/src/planted-demo.ts': "import { page } from '../../../demo/planted-page.ts';\n\nexport const planted = page;\n",
  'demo/planted-page.ts': 'export const page = 1;\n',
  'packages/sdk/src/planted-components.ts': "import { element } from '../../web-components/src/planted-element.ts';\n\nexport const planted = element;\n",
  'packages/web-components/src/planted-element.ts': 'export const element = 1;\n',
  'packages/server/src/platform/planted-platform.ts': "import { route } from '../recognition/planted-route.ts';\n\nexport const planted = route;\n",
  'packages/server/src/recognition/planted-route.ts': 'export const route = 1;\n',
  'packages/server/src/planted-fixture.ts': "import { fixture } from '../../../test/support/planted-fixture.ts';\n\nexport const planted = fixture;\n",
  'test/support/planted-fixture.ts': 'export const fixture = 1;\n',
  'packages/server/src/planted-reach-in.test.ts': "import { fixture } from '../../../test/support/planted-fixture.ts';\n\nexport const planted = fixture;\n",
  'packages/server/src/planted-dev.ts': "import { register } from 'tsx/esm/api';\n\nexport const planted = register;\n",
  'packages/server/src/planted-circle-a.ts': "import { b } from './planted-circle-b.ts';\n\nexport const a = () => b;\n",
  'packages/server/src/planted-circle-b.ts': "import { a } from './planted-circle-a.ts';\n\nexport const b = () => a;\n",
  'packages/server/src/planted-missing.ts': "import { nothing } from './planted-nowhere.ts';\n\nexport const planted = nothing;\n",
  // Controls: a type-only import of a runtime package in the engine; a test importing test support by
  // its package name (a file the repository has: the copy's installed packages link to the real test/support).
  'packages/sdk/src/engine/control-types.ts': "import type { ReaderOptions } from 'zxing-wasm/reader';\n\nexport type Control = ReaderOptions;\n",
  'packages/server/src/control.test.ts': "import { outcomeWaitMs } from '@idlens/test-support/patience.ts';\n\nexport const control = outcomeWaitMs;\n",
};

const dependencyRules: Array<[rule: string, from: string]> = [
  ['engine-is-pure', 'packages/sdk/src/engine/planted-fs.ts'],
  ['engine-imports-no-runtime-package', 'packages/sdk/src/engine/planted-runtime.ts'],
  ['nothing-imports-server', 'packages/sdk/src/planted-server.ts'],
  ['nothing-imports-demo', 'packages/server/src/planted-demo.ts'],
  ['sdk-does-not-import-components', 'packages/sdk/src/planted-components.ts'],
  ['platform-does-not-import-recognition', 'packages/server/src/platform/planted-platform.ts'],
  ['sources-do-not-import-tests', 'packages/server/src/planted-fixture.ts'],
  ['test-support-by-package-name', 'packages/server/src/planted-reach-in.test.ts'],
  ['sources-do-not-import-dev-dependencies', 'packages/server/src/planted-dev.ts'],
  ['no-circular', 'packages/server/src/planted-circle-a.ts'],
  ['no-unresolvable', 'packages/server/src/planted-missing.ts'],
];

/** Biome: the engine's denied globals (ours), a recommended rule, and the formatter; tests may use the globals. */
const biomeViolations: Planted = {
  'packages/sdk/src/engine/planted-global.ts': "export const planted = () => fetch('/model.onnx');\n",
  'packages/server/src/planted-debugger.ts': 'export function planted() {\n  debugger;\n}\n',
  'packages/server/src/planted-format.ts': 'export const planted = {a:1};\n',
  'packages/sdk/src/engine/control-global.test.ts': "export const control = () => fetch('/model.onnx');\n",
};

const biomeRules: Array<[rule: string, file: string]> = [
  ['lint/style/noRestrictedGlobals', 'packages/sdk/src/engine/planted-global.ts'],
  ['lint/suspicious/noDebugger', 'packages/server/src/planted-debugger.ts'],
  ['format', 'packages/server/src/planted-format.ts'],
];

/** Terminal output without colours and links (Biome writes them whatever NO_COLOR says). */
function plain(output: string): string {
  return output.replace(/\x1b\]8;;[^\x1b]*\x1b\\/g, '').replace(/\x1b\[[0-9;]*m/g, '');
}

/** Knip (after Biome and dependency-cruiser pass): an export nothing uses. */
const unusedExport: Planted = {
  'test/planted.test.ts': "import { used } from './support/planted-helpers.ts';\n\nexport const control = used;\n",
  'test/support/planted-helpers.ts': 'export const used = 1;\nexport const plantedUnused = 2;\n',
};

/**
 * Knip with `--production` (tests are not entries there; after the run without it passes): an export
 * only a test uses. The demo's start script is a production entry.
 */
const exportOnlyTested: Planted = {
  'demo/start.ts': "import { served } from '../packages/server/src/planted-serve.ts';\n\nconsole.log(served);\n",
  'packages/server/src/planted-serve.ts': 'export const served = 1;\nexport const plantedOnlyTested = 2;\n',
  'packages/server/src/planted-serve.test.ts': "import { plantedOnlyTested } from './planted-serve.ts';\n\nexport const control = plantedOnlyTested;\n",
};

/** A copy of the lint set-up with `planted` written in, linted: the exit code and everything printed. */
async function lintCopy(planted: Planted): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-lint-'));
  try {
    for (const file of lintSetUp) await cp(path.join(repoRoot, file), path.join(dir, file));
    for (const workspace of await workspaceDirs()) {
      await mkdir(path.join(dir, workspace), { recursive: true });
      if (workspace !== '.') await cp(path.join(repoRoot, workspace, 'package.json'), path.join(dir, workspace, 'package.json'));
      await symlink(path.join(repoRoot, workspace, 'node_modules'), path.join(dir, workspace, 'node_modules'), 'dir');
    }
    for (const [file, text] of Object.entries(planted)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    // Biome reads .gitignore through git.
    await run('git', ['init', '-q'], { cwd: dir });
    const pnpm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
    try {
      const { stdout, stderr } = await run(pnpm[0]!, [...pnpm.slice(1), 'run', 'lint'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      return { code: 0, output: plain(stdout + stderr) };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, output: plain(e.stdout + e.stderr) };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('pnpm lint: every rule fires on a planted violation', () => {
  let dependencies: { code: number; output: string };
  let biome: { code: number; output: string };

  let unused: { code: number; output: string };
  let onlyTested: { code: number; output: string };

  beforeAll(async () => {
    // `pnpm lint` stops at the first tool that fails (Biome, dependency-cruiser, Knip): each copy
    // plants what only its tool flags, in files the tools before it accept.
    [dependencies, biome, unused, onlyTested] = await Promise.all([
      lintCopy(dependencyViolations),
      lintCopy(biomeViolations),
      lintCopy(unusedExport),
      lintCopy(exportOnlyTested),
    ]);
  });

  it.each(dependencyRules)('dependency-cruiser: %s names %s', (rule, from) => {
    expect(dependencies.code).not.toBe(0);
    const lines = dependencies.output.split('\n').filter((line) => line.includes(`error ${rule}:`));
    expect(lines.some((line) => line.includes(from))).toBe(true);
  });

  it('dependency-cruiser: the controls (a type-only import of a runtime package in the engine, test support by its package name in a test) are not flagged', () => {
    // Biome passed the planted files (else dependency-cruiser would not have run at all).
    expect(dependencies.output).toMatch(/Checked \d+ files/);
    expect(dependencies.output).not.toContain('control-types.ts');
    expect(dependencies.output).not.toContain('control.test.ts');
    // Each planted violation once, for its own rule: nothing else is flagged.
    const flagged = dependencies.output.split('\n').filter((line) => /^\s*error /.test(line));
    expect(flagged).toHaveLength(dependencyRules.length);
  });

  it.each(biomeRules)('Biome: %s names %s', (rule, file) => {
    expect(biome.code).not.toBe(0);
    const diagnostics = biome.output.split('\n').filter((line) => line.startsWith(file));
    expect(diagnostics.some((line) => line.includes(rule))).toBe(true);
  });

  it('Biome: the engine may use fetch in its tests (the control is not flagged)', () => {
    expect(biome.output).not.toContain('control-global.test.ts');
  });

  it('Knip: an export nothing uses (the one used beside it is not named)', () => {
    expect(unused.code).not.toBe(0);
    expect(unused.output).toMatch(/Unused exports \(1\)\s+plantedUnused\s+test\/support\/planted-helpers\.ts/);
  });

  it('Knip --production: an export only a test uses (the one the start script uses is not named)', () => {
    expect(onlyTested.code).not.toBe(0);
    expect(onlyTested.output).toMatch(/Unused exports \(1\)\s+plantedOnlyTested\s+packages\/server\/src\/planted-serve\.ts/);
  });
});
