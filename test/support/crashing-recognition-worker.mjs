// The real recognition worker, plus ways to make it die (worker-pool tests): a barcode call on a
// frame exactly 13 pixels wide ends the thread before it answers (mid-request); one 14 pixels wide
// is answered, and the thread ends 200 ms later (while idle).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// After the real worker's listener exists: an earlier listener would start the port and take the
// messages sent before the worker was ready.
await import('../../packages/server/src/recognition/recognition-worker.ts');
parentPort.on('message', (message) => {
  const frame = message?.type === 'APPLY' && message.path?.[0] === 'barcode' ? message.argumentList?.[0]?.value : undefined;
  if (frame?.width === 13) process.exit(7);
  if (frame?.width === 14) setTimeout(() => process.exit(8), 200);
});
