// Worker threads do not inherit a TypeScript loader from every host (vitest, plain node), so the
// worker registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./recognition-worker.ts');
