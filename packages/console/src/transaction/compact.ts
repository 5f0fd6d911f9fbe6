import { isBlobRef } from './review.ts';
import { dateOf, isDateResult, isStringResult, textOf } from './values.ts';

/** Rows shown of one state entry at most: a runaway extraction does not make the page endless. */
const maxRows = 300;

/**
 * The leaf values of a state entry as `path → text` rows for people: a StringResult is one row
 * with its text (not a row per alphabet and per location), a DateResult one row `YYYY-MM-DD`,
 * and empty values — null, '', [], {}, an alphabet nothing was read in, `…_NONE` — are not listed.
 * Images (blob references) are left out: they are shown beside.
 */
export function compactRows(value: unknown, prefix = '', rows: Array<[string, string]> = [], depth = 0): Array<[string, string]> {
  if (rows.length >= maxRows || value === null || value === undefined || isBlobRef(value)) return rows;
  if (isStringResult(value)) return push(rows, prefix, textOf(value));
  if (isDateResult(value)) return push(rows, prefix, dateOf(value));
  // `REGION_NONE`, `TYPE_NONE`: the engine's word for "not known", as empty as a null.
  if (typeof value === 'string') return push(rows, prefix, value.trim() && !/^[A-Z]+_NONE$/.test(value) ? value : null);
  if (typeof value !== 'object') return push(rows, prefix, String(value));
  if (Array.isArray(value) && value.length > 0 && value.every((v) => v === null || typeof v !== 'object')) {
    const items = value.filter((v) => v !== null && v !== '').map(String);
    return push(rows, prefix, items.length ? items.join(', ') : null);
  }
  if (depth >= 6) return push(rows, prefix, JSON.stringify(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) compactRows(child, prefix ? `${prefix}.${key}` : key, rows, depth + 1);
  return rows;
}

function push(rows: Array<[string, string]>, path: string, text: string | null) {
  if (text !== null) rows.push([path || '(value)', text]);
  return rows;
}
