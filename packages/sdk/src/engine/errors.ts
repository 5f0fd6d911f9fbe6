/** Stable error codes of the SDK and engine. Clients switch on these; never rename one. */
export const idlensErrorCodes = [
  'INVALID_FRAME',
  'INVALID_OPTIONS',
  'IMAGE_FORMAT_UNSUPPORTED',
  'IMAGE_DECODE_FAILED',
  'IMAGE_TOO_LARGE',
  'RUNTIME_UNAVAILABLE',
  'MODEL_LOAD_FAILED',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'WORKER_TERMINATED',
  'INTERNAL_ERROR',
] as const;
export type IdlensErrorCode = (typeof idlensErrorCodes)[number];

/** The one error type of the SDK. `code` survives the worker boundary (see worker/comlink-errors.ts). */
export class IdlensError extends Error {
  override readonly name = 'IdlensError';
  readonly code: IdlensErrorCode;

  constructor(code: IdlensErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isIdlensError(error: unknown): error is IdlensError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && error.name === 'IdlensError';
}
