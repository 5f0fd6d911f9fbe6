import type { EngineRuntimeOptions } from '@idlens/server';
import type { SuiteReport } from '../support/report.ts';

/** What an eval suite gets: the corpus, and a client of a running idlens server (loopback HTTP). */
export interface EvalContext {
  corpusDir: string;
  baseUrl: string;
  /** The engine options the server's recognition workers run with (to read a side again as they do). */
  engine: EngineRuntimeOptions;
  /** POSTs JSON the way an API client would; never throws on 4xx/5xx. */
  post(path: string, body: unknown): Promise<{ status: number; json: any }>;
}

export type EvalSuite = (ctx: EvalContext) => Promise<SuiteReport>;
