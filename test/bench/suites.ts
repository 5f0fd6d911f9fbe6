import type { BenchSuite } from './bench-context.ts';

/** Every benchmark `pnpm bench` runs, by name (`pnpm bench barcodes` runs one). */
export const benchSuites: Record<string, BenchSuite> = {};
