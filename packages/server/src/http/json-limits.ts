import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';

/** Bounds on free-form JSON: how deep it nests and how many values it holds. */
export interface JsonLimits {
  maxDepth: number;
  maxNodes: number;
}

/**
 * The limits of every JSON body the platform accepts. A workflow definition nests a predicate in
 * about two levels per operator; a recognition result a handful. Recursive code (zod's lazy
 * predicate schema, JSON.stringify) stays far from the stack limit.
 */
export const jsonBodyLimits: JsonLimits = { maxDepth: 32, maxNodes: 100_000 };

interface Frame {
  value: unknown;
  depth: number;
  key: string;
  parent: Frame | null;
}

/** `steps.1.settings.if.not.not…`: a path short enough to read, long enough to find the field. */
function pathOf(frame: Frame, prefix: string): string {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f; f = f.parent) if (f.key) keys.push(f.key);
  keys.reverse();
  const shown = [prefix, ...keys].filter(Boolean);
  return shown.length > 8 ? `${shown.slice(0, 8).join('.')}…` : shown.join('.') || '(body)';
}

/**
 * Checks the depth and size of parsed JSON without recursion (a 5000-deep array cannot overflow
 * the stack here). Throws INVALID_REQUEST naming the field where the limit was passed.
 */
export function checkJsonLimits(value: unknown, field: string, limits: JsonLimits = jsonBodyLimits): void {
  const stack: Frame[] = [{ value, depth: 0, key: '', parent: null }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (++nodes > limits.maxNodes) throw new ApiError('INVALID_REQUEST', `${pathOf(frame, field)}: more than ${limits.maxNodes} JSON values`);
    const v = frame.value;
    if (typeof v !== 'object' || v === null) continue;
    if (frame.depth >= limits.maxDepth) {
      throw new ApiError('INVALID_REQUEST', `${pathOf(frame, field)}: nested more than ${limits.maxDepth} levels deep`);
    }
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, child] of entries) stack.push({ value: child, depth: frame.depth + 1, key, parent: frame });
  }
}

/**
 * Before the route's validator: a JSON body that nests too deep or holds too many values is
 * refused (400, the field named). Hono caches the parsed body, so the validator does not parse
 * it again; a body that is not JSON is left to the validator's own answer.
 */
export function limitJsonBody(limits: JsonLimits = jsonBodyLimits): MiddlewareHandler {
  return async function limitJsonBodyMiddleware(c, next) {
    if (/^application\/([\w.-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
      let body: unknown;
      let parsed = false;
      try {
        body = await c.req.json();
        parsed = true;
      } catch {
        // not JSON: the validator answers INVALID_JSON
      }
      if (parsed) checkJsonLimits(body, '', limits);
    }
    await next();
  };
}
