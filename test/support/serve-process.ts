import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const cli = path.join(repoRoot, 'packages/server/src/cli.ts');

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  exit: Promise<number | null>;
  /** What the server printed on stdout so far (the demo client's credentials on a new database). */
  output(): string;
}

/**
 * `idlens-server serve` on a SQLite file in `dir` (unless `env` names another database), in a child
 * process; resolves once it listens. From the TypeScript sources through tsx, or, given
 * `compiledCli`, from an installed package's compiled `dist/cli.js` as a user runs it.
 */
export async function startServe(dir: string, env: Record<string, string> = {}, compiledCli?: string): Promise<ServeProcess> {
  const child = spawn(process.execPath, compiledCli ? [compiledCli, 'serve'] : ['--import', 'tsx', cli, 'serve'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}`, RECOGNITION_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listening = () => {
      const match = /idlens listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', listening);
    void exit.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  return { child, port, exit, output: () => out };
}
