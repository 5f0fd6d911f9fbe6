/**
 * A minimal structured logger (one JSON object per line). Callers pass fields explicitly; nothing
 * here ever receives request bodies, images, secrets or card numbers.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const log = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
