import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LoadRequest, LoadResult } from './load.ts';

/** A TypeScript file of this folder in a process of its own (stdout discarded, stderr shown). */
export function forkTs(file: string, env: Record<string, string> = {}, execArgv: string[] = []): ChildProcess {
  return fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** The first IPC message of a child; rejects if it exits first. */
export function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
  });
}

/** Starts a server file that reports `{ url, authorization }` once it listens. */
export async function startServerProcess(file: string, env: Record<string, string> = {}, execArgv: string[] = []) {
  const child = forkTs(file, env, execArgv);
  const ready = await firstMessage<{ url: string; authorization: string }>(child, file);
  return { child, ...ready, stop: () => stopProcess(child) };
}

/** Ends a server process (it stops gracefully on disconnect) and waits for its exit code. */
export async function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** One autocannon run in a separate load-generator process. */
export async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const child = forkTs('load.ts');
  const result = firstMessage<LoadResult>(child, 'the load generator');
  child.send(request);
  return result;
}
