// The server's memory as the memory-bound test and `pnpm bench soak` measure it: from /proc, and
// after a warm-up that has the recognition worker read the largest step images once.
import { readFile } from 'node:fs/promises';
import { hugeBlackPng } from './hostile-load.ts';

/** The documented bound (docs/configuration.md, "Memory"): peak RSS above the warmed-up baseline, default settings. */
export const memoryBoundMiB = 1024;

/** VmRSS (now) and VmHWM (the peak since the process started) of a process, in MiB (Linux). */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

/**
 * One document transaction whose two images (6000×6000, scaled to the step image limit) are
 * recognized at once: the worker's engine grows to what frames of that size need (ONNX Runtime's
 * arenas, WebAssembly memory) and keeps it — a fixed cost per worker that no number of callers
 * multiplies. The bound is measured on top of the RSS after this.
 */
export async function warmUpLargestStep(url: string, agentAuthorization: string): Promise<void> {
  const post = (path: string, authorization: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/agent/api/v1/transaction', agentAuthorization, {
    workflowId: 'demo-document',
    platform: 'browser',
    sdkVersion: 'warm-up',
    formValues: { customerName: 'Warm' },
    consent: { userId: 'warm-up', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: false, isTrainingAllowed: false },
  });
  const tx = (await created.json()) as { transactionId: string; authorization: string };
  const big = await hugeBlackPng();
  const res = await post(`/edge/api/v1/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: big, back: big } });
  if (res.status !== 200) throw new Error(`the warm-up submission answered ${res.status}`);
}
