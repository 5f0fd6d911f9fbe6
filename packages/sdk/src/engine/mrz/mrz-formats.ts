import type { MrzType } from '../../api/document.ts';

/**
 * What a field may hold, which decides the corrections allowed in it:
 * `alpha` letters and fillers (codes, countries, names), `numeric` digits (dates may hold fillers for
 * unknown parts), `alnum` either (numbers, optional data), `sex` M/F/X/filler, `digit` a check digit.
 */
export type MrzFieldKind = 'alpha' | 'numeric' | 'alnum' | 'sex' | 'digit';

/** Names of the fields across all formats (the parser's output keys). */
export type MrzFieldName =
  | 'documentCode'
  | 'issuer'
  | 'names'
  | 'givenNames'
  | 'documentNumber'
  | 'documentNumberCheck'
  | 'nationality'
  | 'dateOfBirth'
  | 'dateOfBirthCheck'
  | 'sex'
  | 'dateOfExpiry'
  | 'dateOfExpiryCheck'
  | 'optional1'
  | 'optional1Check'
  | 'optional2'
  | 'compositeCheck';

/** One field: where it is (0-based line and column) and what it holds. */
export interface MrzFieldSpec {
  name: MrzFieldName;
  line: number;
  start: number;
  length: number;
  kind: MrzFieldKind;
  /** The check-digit field protecting this one. */
  check?: MrzFieldName;
}

/** A stretch of one line that the composite check digit covers. */
export interface MrzSpan {
  line: number;
  start: number;
  length: number;
}

/** The layouts read: ICAO's five, and national ones that share an ICAO size. */
export type MrzFormatId = MrzType | 'FRA_CNI';

export interface MrzFormat {
  id: MrzFormatId;
  /** The ICAO size it is reported as (`mrzData.mrzType`). */
  type: MrzType;
  lines: number;
  length: number;
  fields: readonly MrzFieldSpec[];
  /** Spans covered by the composite check digit, in order (none for visas). */
  composite: readonly MrzSpan[];
}

const f = (name: MrzFieldName, line: number, col: number, length: number, kind: MrzFieldKind, check?: MrzFieldName): MrzFieldSpec => ({
  name,
  line,
  start: col - 1,
  length,
  kind,
  ...(check ? { check } : {}),
});

/** TD3 (passports) and MRV-A share line 1; so do TD2 and MRV-B. Columns are ICAO's 1-based ones. */
const line1Long = (nameLength: number) => [f('documentCode', 0, 1, 2, 'alpha'), f('issuer', 0, 3, 3, 'alpha'), f('names', 0, 6, nameLength, 'alpha')];

const line2Common = [
  f('documentNumber', 1, 1, 9, 'alnum', 'documentNumberCheck'),
  f('documentNumberCheck', 1, 10, 1, 'digit'),
  f('nationality', 1, 11, 3, 'alpha'),
  f('dateOfBirth', 1, 14, 6, 'numeric', 'dateOfBirthCheck'),
  f('dateOfBirthCheck', 1, 20, 1, 'digit'),
  f('sex', 1, 21, 1, 'sex'),
  f('dateOfExpiry', 1, 22, 6, 'numeric', 'dateOfExpiryCheck'),
  f('dateOfExpiryCheck', 1, 28, 1, 'digit'),
];

/**
 * The ICAO 9303 layouts (part 4 TD3, part 5 TD1, part 6 TD2, part 7 MRV-A/B), as data — plus the
 * French national identity card of 1988–2021, whose 2×36 zone is not an ICAO layout but is still on
 * millions of valid cards: surname on line 1, a 12-symbol card number (issue year and month,
 * department, sequence), given names, birth date and sex on line 2, no expiry, and a composite
 * check over both lines.
 */
export const mrzFormats: Record<MrzFormatId, MrzFormat> = {
  TD1: {
    id: 'TD1',
    type: 'TD1',
    lines: 3,
    length: 30,
    fields: [
      f('documentCode', 0, 1, 2, 'alpha'),
      f('issuer', 0, 3, 3, 'alpha'),
      f('documentNumber', 0, 6, 9, 'alnum', 'documentNumberCheck'),
      f('documentNumberCheck', 0, 15, 1, 'digit'),
      f('optional1', 0, 16, 15, 'alnum'),
      f('dateOfBirth', 1, 1, 6, 'numeric', 'dateOfBirthCheck'),
      f('dateOfBirthCheck', 1, 7, 1, 'digit'),
      f('sex', 1, 8, 1, 'sex'),
      f('dateOfExpiry', 1, 9, 6, 'numeric', 'dateOfExpiryCheck'),
      f('dateOfExpiryCheck', 1, 15, 1, 'digit'),
      f('nationality', 1, 16, 3, 'alpha'),
      f('optional2', 1, 19, 11, 'alnum'),
      f('compositeCheck', 1, 30, 1, 'digit'),
      f('names', 2, 1, 30, 'alpha'),
    ],
    composite: [
      { line: 0, start: 5, length: 25 },
      { line: 1, start: 0, length: 7 },
      { line: 1, start: 8, length: 7 },
      { line: 1, start: 18, length: 11 },
    ],
  },
  TD2: {
    id: 'TD2',
    type: 'TD2',
    lines: 2,
    length: 36,
    fields: [...line1Long(31), ...line2Common, f('optional1', 1, 29, 7, 'alnum'), f('compositeCheck', 1, 36, 1, 'digit')],
    composite: [
      { line: 1, start: 0, length: 10 },
      { line: 1, start: 13, length: 7 },
      { line: 1, start: 21, length: 14 },
    ],
  },
  TD3: {
    id: 'TD3',
    type: 'TD3',
    lines: 2,
    length: 44,
    fields: [
      ...line1Long(39),
      ...line2Common,
      f('optional1', 1, 29, 14, 'alnum', 'optional1Check'),
      f('optional1Check', 1, 43, 1, 'digit'),
      f('compositeCheck', 1, 44, 1, 'digit'),
    ],
    composite: [
      { line: 1, start: 0, length: 10 },
      { line: 1, start: 13, length: 7 },
      { line: 1, start: 21, length: 22 },
    ],
  },
  MRVA: {
    id: 'MRVA',
    type: 'MRVA',
    lines: 2,
    length: 44,
    fields: [...line1Long(39), ...line2Common, f('optional1', 1, 29, 16, 'alnum')],
    composite: [],
  },
  MRVB: {
    id: 'MRVB',
    type: 'MRVB',
    lines: 2,
    length: 36,
    fields: [...line1Long(31), ...line2Common, f('optional1', 1, 29, 8, 'alnum')],
    composite: [],
  },
  FRA_CNI: {
    id: 'FRA_CNI',
    type: 'TD2',
    lines: 2,
    length: 36,
    fields: [
      f('documentCode', 0, 1, 2, 'alpha'),
      f('issuer', 0, 3, 3, 'alpha'),
      f('names', 0, 6, 25, 'alpha'),
      // Department and office of issue.
      f('optional1', 0, 31, 6, 'alnum'),
      f('documentNumber', 1, 1, 12, 'alnum', 'documentNumberCheck'),
      f('documentNumberCheck', 1, 13, 1, 'digit'),
      f('givenNames', 1, 14, 14, 'alpha'),
      f('dateOfBirth', 1, 28, 6, 'numeric', 'dateOfBirthCheck'),
      f('dateOfBirthCheck', 1, 34, 1, 'digit'),
      f('sex', 1, 35, 1, 'sex'),
      f('compositeCheck', 1, 36, 1, 'digit'),
    ],
    composite: [
      { line: 0, start: 0, length: 36 },
      { line: 1, start: 0, length: 35 },
    ],
  },
};

/** Line count and length of each physical MRZ size, and which formats share it (told apart by the first line's start). */
export const mrzSizes = [
  { lines: 3, length: 30, formats: ['TD1'] },
  { lines: 2, length: 36, formats: ['TD2', 'MRVB', 'FRA_CNI'] },
  { lines: 2, length: 44, formats: ['TD3', 'MRVA'] },
] as const satisfies ReadonlyArray<{ lines: number; length: number; formats: readonly MrzFormatId[] }>;

/**
 * Picks the format of a zone of `lines`×`length` from the start of its first line (document code
 * and issuer): visas begin with V; a 2×36 `IDFRA` zone is the French national card.
 */
export function formatFor(lines: number, length: number, head: string): MrzFormat | null {
  const size = mrzSizes.find((s) => s.lines === lines && s.length === length);
  if (!size) return null;
  const formats: readonly MrzFormatId[] = size.formats;
  if (head.startsWith('V')) return mrzFormats[formats.find((t) => t.startsWith('MRV')) ?? formats[0]!];
  if (head.startsWith('IDFRA') && formats.includes('FRA_CNI')) return mrzFormats.FRA_CNI;
  return mrzFormats[formats[0]!];
}

/** Whether the composite check digit covers a field (by where it starts). */
export function inComposite(format: MrzFormat, spec: MrzFieldSpec): boolean {
  return format.composite.some((c) => c.line === spec.line && spec.start >= c.start && spec.start < c.start + c.length);
}
