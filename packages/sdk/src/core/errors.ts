/** Stable error codes of the SDK and engine. Clients switch on these; never rename one. */
export const idlensErrorCodes = [
  'INVALID_FRAME',
  'INVALID_OPTIONS',
  'IMAGE_FORMAT_UNSUPPORTED',
  'IMAGE_DECODE_FAILED',
  'IMAGE_TOO_LARGE',
  'RUNTIME_UNAVAILABLE',
  // Runtime files and models: not at their URL/path (the message names it); answered with a page
  // instead of the file (e.g. an app's index.html fallback); bytes whose sha256 is not the expected one.
  'ASSET_NOT_FOUND',
  'ASSET_CONTENT_TYPE',
  'ASSET_INTEGRITY',
  // A verified model that ONNX Runtime cannot turn into a session, or a model the engine needs but
  // was not given.
  'MODEL_LOAD_FAILED',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'WORKER_TERMINATED',
  'INTERNAL_ERROR',
  // Transactions: the platform or the customer's proxy answered an error (see `status` and
  // `serverCode`); the workflow stops advancing while awaiting nothing; a step awaits images but
  // no `capture` callback was given.
  'TRANSACTION_REJECTED',
  'TRANSACTION_STALLED',
  'CAPTURE_REQUIRED',
] as const;
export type IdlensErrorCode = (typeof idlensErrorCodes)[number];

export interface IdlensErrorOptions {
  cause?: unknown;
  /** HTTP status of the server's answer that the error reports. */
  status?: number | null;
  /** The `code` of that answer (e.g. `UNAUTHORIZED`, `KEY_EXPIRED`, `INVALID_REQUEST`). */
  serverCode?: string | null;
}

/** The one error type of the SDK. `code` survives the worker boundary (see worker/comlink-errors.ts). */
export class IdlensError extends Error {
  override readonly name = 'IdlensError';
  readonly code: IdlensErrorCode;
  /** HTTP status when the error reports a server's answer (server fallback, transaction platform), else null. */
  readonly status: number | null;
  /** The server's own `code` of that answer, when it sent one, else null. */
  readonly serverCode: string | null;

  constructor(code: IdlensErrorCode, message: string, { cause, status = null, serverCode = null }: IdlensErrorOptions = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.status = status;
    this.serverCode = serverCode;
  }
}

export function isIdlensError(error: unknown): error is IdlensError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && error.name === 'IdlensError';
}

/** Whether `code` is one of the SDK's codes (a server's or a worker's answer may carry any string). */
export function isIdlensErrorCode(code: unknown): code is IdlensErrorCode {
  return typeof code === 'string' && (idlensErrorCodes as readonly string[]).includes(code);
}
