import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { engineRuntimeOptions, readConfig, silentLogger, startServer, type RunningServer } from '@idlens/server';
import type { EvalContext } from '../eval/eval-context.ts';
import { corpusDir } from './paths.ts';

/**
 * Starts a real idlens server on a loopback port (worker threads, real HTTP) and a client for it,
 * so evals and benches call the API exactly as a client would. The engine's `RECOGNITION_*` settings
 * of the calling environment pass through (`RECOGNITION_PRINTED_FIELDS=rules pnpm eval printed`
 * measures the label rules), under what the caller sets in `env`.
 */
export async function startLoopbackServer(env: Record<string, string> = {}): Promise<{ server: RunningServer; ctx: EvalContext }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-eval-'));
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${path.join(dataDir, 'idlens.sqlite')}`,
    IMAGE_MAX_BYTES: String(40 * 2 ** 20),
    RECOGNITION_MAX_QUEUE: '256',
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('RECOGNITION_'))),
    ...env,
  });
  const server = await startServer(config, silentLogger);
  const ctx: EvalContext = {
    corpusDir: corpusDir(),
    baseUrl: server.url,
    engine: engineRuntimeOptions(config.recognition),
    async post(route, body) {
      const res = await postRetryingReset(`${server.url}${route}`, body);
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = { unparsable: text.slice(0, 200) };
      }
      return { status: res.status, json };
    },
  };
  return { server, ctx };
}

/**
 * One POST, sent again once when the pooled connection turns out closed. The bench reads in-process
 * between requests, blocking this process's event loop for seconds: the server's keep-alive timer
 * and the client's reuse of the idle socket then fire in the same turn, and the request meets a
 * reset. Recognition requests are idempotent, so one retry on a fresh connection is safe.
 */
async function postRetryingReset(url: string, body: unknown): Promise<Response> {
  const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    return await send();
  } catch (error) {
    // undici reports the race as a reset or as the socket closing under it.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}
