/**
 * Reading recognition results (the SDK's DocumentData, CardData …, as stored in a transaction's
 * state) for people: a StringResult is its text in whichever alphabet has one, a DateResult is
 * `YYYY-MM-DD`, and empty values are absent rather than shown as nulls.
 */

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const alphabets = ['latin', 'cyrillic', 'arabic', 'greek'] as const;
const stringResultKeys = new Set<string>([...alphabets, ...alphabets.map((a) => `${a}Location`)]);
const dateKeys = new Set(['day', 'month', 'year', 'successfullyParsed', 'filledByDomainKnowledge', 'originalString']);

/** A StringResult: its texts per alphabet and where they were read. */
export function isStringResult(v: unknown): v is Record<string, unknown> {
  return isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => stringResultKeys.has(k)) && alphabets.some((a) => a in v);
}

/** A DateResult (`day`, `month`, `year`, …). */
export function isDateResult(v: unknown): v is Record<string, unknown> {
  return isObject(v) && 'year' in v && 'month' in v && 'day' in v && Object.keys(v).every((k) => dateKeys.has(k));
}

/** The text of a StringResult (each alphabet that has one, `/`-separated) or of a plain string; null when empty. */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v.trim() : null;
  if (!isStringResult(v)) return null;
  const texts = alphabets.map((a) => v[a]).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  return texts.length ? texts.join(' / ') : null;
}

/** A DateResult as `YYYY-MM-DD` when whole, else the text it was read from; null when empty. */
export function dateOf(v: unknown): string | null {
  if (!isObject(v)) return null;
  const { day, month, year } = v;
  if (typeof day === 'number' && typeof month === 'number' && typeof year === 'number')
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (typeof year === 'number' && typeof month === 'number') return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  return textOf(v.originalString);
}

/** A field of a reading: a StringResult's or plain text, or the MRZ's copy when the field itself is empty. */
export function fieldText(data: Record<string, unknown> | null, field: string, mrzField?: string): string | null {
  if (!data) return null;
  const own = textOf(data[field]);
  if (own) return own;
  const mrz = data.mrzData;
  return mrzField && isObject(mrz) ? textOf(mrz[mrzField]) : null;
}

/** A date field of a reading, or the MRZ's copy. */
export function fieldDate(data: Record<string, unknown> | null, field: string): string | null {
  if (!data) return null;
  return dateOf(data[field]) ?? (isObject(data.mrzData) ? dateOf(data.mrzData[field]) : null);
}

/** Compared as the server's check compares (workflow/checks/field-values.ts): upper case, without spaces, dashes and MRZ fillers. */
export const comparable = (text: string) => text.toUpperCase().replace(/[\s\-<]/g, '');

/** `camelCase` / `UPPER_CASE` identifiers as words: `dateOfBirth` → `date of birth`, `TYPE_PASSPORT` → `type passport`. */
export function words(id: string): string {
  return id
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
