// `pnpm bench platform`'s load generator for throughput: Debian's wrk, written in C with an event
// loop per thread. autocannon (Node) on the same two cores was the bottleneck: it capped the bare
// stack at less than half of what wrk gets from the same code, which compresses every ratio
// towards 1. A Lua script sets the request and prints wrk's own summary as one JSON line.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { provisionWrk } from '../../provision.ts';
import type { LoadResult } from './load.ts';

const run = promisify(execFile);

export interface WrkRequest {
  url: string;
  connections: number;
  seconds: number;
  /** wrk threads (each an event loop on its own core). */
  threads: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A Lua long string holding `text` whatever brackets it contains. */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

function script({ method = 'GET', headers = {}, body }: WrkRequest): string {
  return [
    `wrk.method = ${luaString(method)}`,
    ...Object.entries(headers).map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`),
    ...(body === undefined ? [] : [`wrk.body = ${luaString(body)}`]),
    // Latencies are microseconds; "status" counts responses outside 2xx/3xx.
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"durationUs":%d,"p50":%f,"p99":%f,"max":%f,"socketErrors":%d,"non2xx":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,',
    '    e.connect + e.read + e.write + e.timeout, e.status))',
    'end',
  ].join('\n');
}

/** One wrk run; its figures in the shape the bench reports (latencies in ms). */
export async function runWrk(request: WrkRequest): Promise<LoadResult> {
  const wrk = provisionWrk();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-wrk-'));
  try {
    const file = path.join(dir, 'request.lua');
    await writeFile(file, script(request));
    const args = ['-t', String(request.threads), '-c', String(request.connections), '-d', `${request.seconds}s`, '-s', file, request.url];
    const { stdout } = await run(wrk, args, { maxBuffer: 1 << 20 });
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const s = JSON.parse(line) as { requests: number; durationUs: number; p50: number; p99: number; max: number; socketErrors: number; non2xx: number };
    return {
      requestsPerSecond: Math.round(s.requests / (s.durationUs / 1e6)),
      p50: s.p50 / 1000,
      p99: s.p99 / 1000,
      max: s.max / 1000,
      requests: s.requests,
      errors: s.socketErrors,
      non2xx: s.non2xx,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
