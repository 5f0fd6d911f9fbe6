import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Stable error codes of the HTTP API and the status each is answered with (docs/errors.md). */
export const apiErrorStatus = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  IMAGE_MISSING: 400,
  IMAGE_SOURCE_AMBIGUOUS: 400,
  IMAGE_BASE64_INVALID: 400,
  IMAGE_FORMAT_UNSUPPORTED: 400,
  IMAGE_DECODE_FAILED: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_URL_NOT_ALLOWED: 400,
  IMAGE_URL_FETCH_FAILED: 400,
  IMAGE_URL_FETCH_DISABLED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_IN_FLIGHT: 429,
  // Transaction platform (docs/transaction-platform.md).
  KEY_EXPIRED: 401,
  WORKFLOW_NOT_FOUND: 404,
  TRANSACTION_IN_PROGRESS: 409,
  TRANSACTION_NOT_COMPLETE: 409,
  TRANSACTION_CLOSED: 409,
  TRANSACTION_BUSY: 409,
  STEP_NOT_CURRENT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  WEBHOOK_URL_NOT_ALLOWED: 400,
  VERIFICATION_LINK_UNAVAILABLE: 410,
  TRANSACTION_HANDED_OFF: 409,
  HANDOFF_UNAVAILABLE: 410,
  QUEUE_FULL: 503,
  INTERNAL_ERROR: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ApiErrorCode = keyof typeof apiErrorStatus;

/** The one error type of the server: a code from the table above plus a message safe to show clients. */
export class ApiError extends HTTPException {
  readonly code: ApiErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ApiErrorCode, message: string, options: { cause?: unknown; headers?: Record<string, string>; status?: ContentfulStatusCode } = {}) {
    // `status` overrides the code's usual one only for HTTP statuses without a code of their own.
    super(options.status ?? apiErrorStatus[code], { message, cause: options.cause });
    this.code = code;
    this.headers = options.headers ?? {};
  }
}
