// The loggable segments, written once: tested one by one below, and as a whole path.
const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const wordPattern = '[a-z][a-z0-9]*(?:[-._][a-z0-9]+)*';
const smallNumberPattern = '\\d{1,9}';

/** Ids the platform hands out (transactions, clients, blobs, executions). */
const uuid = new RegExp(`^${uuidPattern}$`, 'i');
/** Route words and file names: lower case, digits and single separators (`document-multi-side`, `openapi.json`). */
const word = new RegExp(`^${wordPattern}$`);
/** Step ids and the like; a card number is longer. */
const smallNumber = new RegExp(`^${smallNumberPattern}$`);
/**
 * A whole path of such segments (a word at most 64 characters long; ids in lower case). A
 * letter-first UUID is also a word, so plain alternation would retry both readings of every such
 * segment when a later one fails — 2ⁿ tries, a request of 30 segments blocking the event loop for
 * minutes. Each segment is matched atomically instead: a lookahead (which never backtracks into)
 * captures it, a backreference consumes it.
 */
const loggableWhole = new RegExp(`^(?:\\/(?=(${uuidPattern}|${smallNumberPattern}|(?=[^/]{1,64}(?:\\/|$))${wordPattern}|)(?=\\/|$))\\1)*$`);

/** `/run/{token}…` (a verification link) and `/run/join/{key}…` (a hand-off's join URL) hold credentials; `/run/assets/…` are the page's files. */
const runPageToken = /^\/run\/(join\/)?(?!assets(?:\/|$))[^/]+/;

/**
 * A request path as it may be logged. A client may put anything in a path, a secret included (an
 * ephemeral key where the transaction id belongs, a client secret, an API key, a card number), and
 * the log must never keep one: every segment that is not an id, a small number or a lower-case
 * word is written as `[redacted]`, and so is any segment holding one of the operator's configured
 * secrets (`secrets`: API keys, the admin token), whatever its shape, and so is a run page's link token.
 */
export function createPathRedactor(secrets: ReadonlyArray<string>): (path: string) => string {
  const known = secrets.filter((s) => s.length > 0);
  const loggable = (segment: string) =>
    segment === '' ||
    uuid.test(segment) ||
    smallNumber.test(segment) ||
    (segment.length <= 64 && word.test(segment) && !known.some((secret) => segment.includes(secret)));
  return (requested) => {
    // A run page's path holds its link's token, whatever its shape.
    const path = requested.replace(runPageToken, (_, join = '') => `/run/${join}[redacted]`);
    // Most paths are all ids and route words: one test instead of one per segment.
    if (loggableWhole.test(path) && !known.some((secret) => path.includes(secret))) return path;
    return path
      .split('/')
      .map((segment) => (loggable(segment) ? segment : '[redacted]'))
      .join('/');
  };
}
