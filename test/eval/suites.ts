import { aamvaEval } from './aamva.ts';
import type { EvalSuite } from './eval-context.ts';

/** Every evaluation `pnpm eval` runs, by name (`pnpm eval barcodes` runs one). */
export const evalSuites: Record<string, EvalSuite> = {
  aamva: aamvaEval,
};
