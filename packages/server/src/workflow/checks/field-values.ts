/**
 * Reads comparable values out of recognition `data` objects (the server's own or the browser's
 * extraction, which has the same shape but is untrusted and may be partial): never throws.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A StringResult (first alphabet that has text) or a plain string, normalized for comparison. */
export function readText(data: unknown, field: string): string | null {
  if (!isObject(data)) return null;
  const value = data[field];
  let text: unknown = value;
  if (isObject(value)) text = value.latin ?? value.cyrillic ?? value.arabic ?? value.greek ?? null;
  return typeof text === 'string' && text.trim() ? normalizeText(text) : null;
}

/** Upper case without spaces, dashes and MRZ fillers: `ab 12-3<` and `AB123` compare equal. */
export function normalizeText(text: string): string {
  return text.toUpperCase().replace(/[\s\-<]/g, '');
}

/** A DateResult as `YYYY-MM-DD`; null unless day, month and year are all known. */
export function readDate(data: unknown, field: string): string | null {
  if (!isObject(data)) return null;
  const value = data[field];
  if (!isObject(value)) return null;
  const { day, month, year } = value;
  if (typeof day !== 'number' || typeof month !== 'number' || typeof year !== 'number') return null;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A document field, falling back to the MRZ's copy of it. */
export function readDocumentText(data: unknown, field: string): string | null {
  return readText(data, field) ?? (isObject(data) ? readText(data.mrzData, field) : null);
}

export function readDocumentDate(data: unknown, field: string): string | null {
  return readDate(data, field) ?? (isObject(data) ? readDate(data.mrzData, field) : null);
}

/** Full years between a `YYYY-MM-DD` birth date and a `YYYY-MM-DD` day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
