import { destination as pinoDestination, pino, stdTimeFunctions, type DestinationStream } from 'pino';
import { looksLikeImageData, maskCardNumbersIn } from './workflow/sanitize-extraction.ts';

/**
 * The server's structured logger: one JSON object per line (pino), `{ level, time, message, …fields }`.
 * Callers pass fields explicitly and never hand it request bodies, images, secrets or card
 * numbers; redaction below is the second line of defence should one slip through.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The access log: one `info` line `request` per answered request. */
  request(line: RequestLine): void;
}

/** What the access log keeps of a request: never its body, headers or query. */
export interface RequestLine {
  executionId: string;
  method: string;
  /** Already redacted (http/loggable-path.ts). */
  path: string;
  status: number;
  ms: number;
}

/** Field names whose values are never written, at the top level or one level down. */
const secretFields = [
  'authorization',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'ephemeralKey',
  'token',
  'access_token',
  'apiKey',
  'svc-api-key',
  'cardNumber',
  'cvv',
  'cvc',
  'imageBase64',
  'image',
  'images',
  'extraction',
  'body',
];
const secretFieldSet = new Set(secretFields);

/** A string that may hold a card number (13+ digits, spaces or dashes between) or credentials. */
const mayHoldSecrets = /\d[\d -]{11,}\d|basic|bearer/i;

/**
 * Log fields made safe in one pass: a secret field's value (at the top level or one level down)
 * is `[redacted]`; in strings card numbers are masked, image data and credentials dropped.
 */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (looksLikeImageData(value)) return '[image removed]';
    // Most strings (ids, paths, statuses) hold neither: one test instead of a rewrite per line.
    if (!mayHoldSecrets.test(value)) return value;
    return maskCardNumbersIn(value).replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/g, '$1 [redacted]');
  }
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = depth <= 1 && secretFieldSet.has(k) ? '[redacted]' : scrub(v, depth + 1);
  return out;
}

/**
 * The access-log line as pino would write `info('request', line)`, built by hand: it is written
 * once per request, and pino's generic path (a field copy for redaction, then a serializer per
 * field) was a fifteenth of a cached GET's time. Its fields have fixed types; the strings are
 * still scrubbed (an id or path cannot hold a card number or credentials, but that is the rule).
 */
function requestLineJson({ executionId, method, path, status, ms }: RequestLine): string {
  const text = (value: string) => JSON.stringify(scrub(value));
  return `{"level":"info","time":"${new Date().toISOString()}","executionId":${text(executionId)},"method":${text(method)},"path":${text(path)},"status":${status | 0},"ms":${Math.round(ms)},"message":"request"}\n`;
}

export function createLogger(write?: (line: string) => void): Logger {
  const destination: DestinationStream = write ? { write: (line: string) => write(line.trimEnd()) } : pinoDestination({ dest: 1, sync: false });
  const log = pino(
    {
      base: null,
      messageKey: 'message',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (fields) => scrub(fields) as Record<string, unknown> },
    },
    destination,
  );
  const at =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields: Record<string, unknown> = {}) =>
      log[level](fields, scrub(message) as string);
  return { info: at('info'), warn: at('warn'), error: at('error'), request: (line) => destination.write(requestLineJson(line)) };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {}, request() {} };
