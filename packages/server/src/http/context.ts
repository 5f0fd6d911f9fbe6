/** Per-request values every handler and the error handler can read. */
export interface RequestVariables {
  executionId: string;
  /** Set once the body is validated, so errors after that point echo it. */
  traceId: string | null;
}

export type AppEnv = { Variables: RequestVariables };
