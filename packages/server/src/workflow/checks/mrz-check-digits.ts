import type { MrzType } from '@idlens/sdk/api';

/** ICAO 9303 character values: digits as themselves, A–Z as 10–35, the filler `<` as 0. */
function charValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55;
  if (ch === '<') return 0;
  return Number.NaN;
}

/** The ICAO 9303 check digit of a string (weights 7, 3, 1 repeating, modulo 10). */
export function mrzCheckDigit(value: string): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += charValue(value[i]!) * [7, 3, 1][i % 3]!;
  return sum % 10;
}

/** A span of one MRZ line: [start, end). */
type Span = readonly [line: number, start: number, end: number];

interface CheckedField {
  name: string;
  /** The checked characters (concatenated spans) and where the check digit stands. */
  spans: readonly Span[];
  digit: readonly [line: number, index: number];
  /** An all-filler field may carry `<` as its check digit (the optional personal number of TD3). */
  fillerAllowed?: boolean;
}

interface MrzLayout {
  lines: number;
  length: number;
  fields: readonly CheckedField[];
}

/** Where each check digit stands, per document format (ICAO 9303 parts 4–7). */
const layouts: Record<MrzType, MrzLayout> = {
  TD1: {
    lines: 3,
    length: 30,
    fields: [
      { name: 'documentNumber', spans: [[0, 5, 14]], digit: [0, 14] },
      { name: 'dateOfBirth', spans: [[1, 0, 6]], digit: [1, 6] },
      { name: 'dateOfExpiry', spans: [[1, 8, 14]], digit: [1, 14] },
      { name: 'composite', spans: [[0, 5, 30], [1, 0, 7], [1, 8, 15], [1, 18, 29]], digit: [1, 29] },
    ],
  },
  TD2: {
    lines: 2,
    length: 36,
    fields: [
      { name: 'documentNumber', spans: [[1, 0, 9]], digit: [1, 9] },
      { name: 'dateOfBirth', spans: [[1, 13, 19]], digit: [1, 19] },
      { name: 'dateOfExpiry', spans: [[1, 21, 27]], digit: [1, 27] },
      { name: 'composite', spans: [[1, 0, 10], [1, 13, 20], [1, 21, 35]], digit: [1, 35] },
    ],
  },
  TD3: {
    lines: 2,
    length: 44,
    fields: [
      { name: 'documentNumber', spans: [[1, 0, 9]], digit: [1, 9] },
      { name: 'dateOfBirth', spans: [[1, 13, 19]], digit: [1, 19] },
      { name: 'dateOfExpiry', spans: [[1, 21, 27]], digit: [1, 27] },
      { name: 'personalNumber', spans: [[1, 28, 42]], digit: [1, 42], fillerAllowed: true },
      { name: 'composite', spans: [[1, 0, 10], [1, 13, 20], [1, 21, 43]], digit: [1, 43] },
    ],
  },
  MRVA: {
    lines: 2,
    length: 44,
    fields: [
      { name: 'documentNumber', spans: [[1, 0, 9]], digit: [1, 9] },
      { name: 'dateOfBirth', spans: [[1, 13, 19]], digit: [1, 19] },
      { name: 'dateOfExpiry', spans: [[1, 21, 27]], digit: [1, 27] },
    ],
  },
  MRVB: {
    lines: 2,
    length: 36,
    fields: [
      { name: 'documentNumber', spans: [[1, 0, 9]], digit: [1, 9] },
      { name: 'dateOfBirth', spans: [[1, 13, 19]], digit: [1, 19] },
      { name: 'dateOfExpiry', spans: [[1, 21, 27]], digit: [1, 27] },
    ],
  },
};

/** The format of an MRZ from its line count and length (and `V` for visas). */
export function detectMrzType(lines: string[]): MrzType | null {
  const visa = lines[0]?.startsWith('V') ?? false;
  for (const [type, layout] of Object.entries(layouts) as Array<[MrzType, MrzLayout]>) {
    if (lines.length !== layout.lines || lines.some((l) => l.length !== layout.length)) continue;
    if (type.startsWith('MRV') !== visa) continue;
    return type;
  }
  return null;
}

export interface MrzCheckResult {
  mrzType: MrzType;
  fields: Array<{ name: string; valid: boolean }>;
  /** Every check digit is right. */
  valid: boolean;
}

/**
 * Recomputes every check digit of a raw MRZ (lines separated by newlines) — the server's own
 * check, independent of what the recognition reported. Null when the text is no known MRZ format.
 * TD1 document numbers longer than nine characters continue in the optional data (ICAO 9303-5 §4.2.2).
 */
export function checkMrz(raw: string): MrzCheckResult | null {
  const lines = raw.split(/\r?\n/).map((l) => l.trim().toUpperCase()).filter(Boolean);
  const mrzType = detectMrzType(lines);
  if (!mrzType || lines.some((l) => !/^[A-Z0-9<]+$/.test(l))) return null;
  const fields = layouts[mrzType].fields.map((field) => {
    let value = field.spans.map(([line, start, end]) => lines[line]!.slice(start, end)).join('');
    let digit = lines[field.digit[0]]![field.digit[1]]!;
    if (mrzType === 'TD1' && field.name === 'documentNumber' && digit === '<') {
      const extension = lines[0]!.slice(15, 30).replace(/<+$/, '');
      value = value + extension.slice(0, -1);
      digit = extension.slice(-1);
    }
    if (field.fillerAllowed && digit === '<' && /^<*$/.test(value)) return { name: field.name, valid: true };
    return { name: field.name, valid: digit !== '' && /^[0-9]$/.test(digit) && mrzCheckDigit(value) === Number(digit) };
  });
  return { mrzType, fields, valid: fields.every((f) => f.valid) };
}
