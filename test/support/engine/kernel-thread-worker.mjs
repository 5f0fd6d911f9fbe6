// A helper thread of the convnet runtime's kernels in Node (worker_threads), as a page's worker
// starts one in the browser: kernel-threads.ts's `runKernelThread` on the init in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runKernelThread } = await import('../../../packages/sdk/src/runtime/convnet/kernel-threads.ts');
runKernelThread(workerData);
