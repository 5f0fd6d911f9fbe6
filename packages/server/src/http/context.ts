/** Per-request values every handler and the error handler can read. */
export interface RequestVariables {
  executionId: string;
  /** Set once the body is validated, so errors after that point echo it. */
  traceId: string | null;
  /** The client's address (http/remote-address.ts): the peer, or what a trusted proxy forwarded. */
  clientAddress?: string;
}

export type AppEnv = { Variables: RequestVariables };
