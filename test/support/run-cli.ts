import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'packages/server/src/cli.ts');

/** Runs `idlens-server <args>` from the sources (tsx) as a user would; never throws, the exit code is in the result. */
export async function runServerCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: repoRoot });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}
