import type { SuiteReport } from '../support/report.ts';
import type { EvalContext } from '../eval/eval-context.ts';

/** A bench suite gets the same server client as an eval suite; it measures time, not accuracy. */
export type BenchContext = EvalContext;
export type BenchSuite = (ctx: BenchContext) => Promise<SuiteReport>;

/** Median of a list of numbers (ms). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
