import type { SuiteReport } from '../support/report.ts';

/** What an eval suite gets: the corpus, and a client of a running idlens server (loopback HTTP). */
export interface EvalContext {
  corpusDir: string;
  baseUrl: string;
  /** POSTs JSON the way an API client would; never throws on 4xx/5xx. */
  post(path: string, body: unknown): Promise<{ status: number; json: any }>;
}

export type EvalSuite = (ctx: EvalContext) => Promise<SuiteReport>;
