/**
 * `pnpm test`: everything CI checks, in one command that works on a fresh machine with Node and npm.
 * Provisions the machine (test/provision.ts), then runs lint, the type check and the test suites.
 * Every step runs even when an earlier one failed, so one run shows all that is wrong; the exit
 * code is non-zero when any step failed. Arguments are passed to vitest (`pnpm test test/contract`).
 */
import { spawnSync } from 'node:child_process';
import { provisionTestMachine } from './provision.ts';

const testEnv = await provisionTestMachine();
const env = { ...process.env, ...testEnv };
const vitestArgs = process.argv.slice(2);

// The pnpm that runs this script (npx may have fetched it: `pnpm` need not be on PATH).
const pnpm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
const steps: { name: string; args: string[] }[] = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'tests', args: ['exec', 'vitest', 'run', ...vitestArgs] },
];

const failed: string[] = [];
for (const step of steps) {
  console.log(`\n── ${step.name} ──`);
  const [command = 'pnpm', ...prefix] = pnpm;
  const result = spawnSync(command, [...prefix, ...step.args], { stdio: 'inherit', env });
  if (result.status !== 0) failed.push(step.name);
}
if (failed.length) console.error(`\nFailed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
