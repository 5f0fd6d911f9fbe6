import { checkDigitMatches } from './check-digit.ts';
import { formatFor, inComposite, type MrzFieldName, type MrzFormat } from './mrz-formats.ts';

/** One check digit and whether it holds. `covers` are the fields it protects. */
export interface MrzCheck {
  name: MrzFieldName;
  covers: MrzFieldName[];
  ok: boolean;
}

export interface ParsedMrz {
  format: MrzFormat;
  lines: string[];
  /** Raw field text by name (fillers kept). */
  fields: Partial<Record<MrzFieldName, string>>;
  /** Document number with a TD1 overflow joined on (ICAO 9303-5 note j), fillers stripped. */
  documentNumber: string;
  checks: MrzCheck[];
  /** All check digits hold. */
  valid: boolean;
}

/** Slices `lines` into the fields of `format`. */
export function sliceFields(format: MrzFormat, lines: readonly string[]): Partial<Record<MrzFieldName, string>> {
  const fields: Partial<Record<MrzFieldName, string>> = {};
  for (const spec of format.fields) fields[spec.name] = lines[spec.line]!.slice(spec.start, spec.start + spec.length);
  return fields;
}

/** The text the composite check digit is computed over. */
export function compositeText(format: MrzFormat, lines: readonly string[]): string {
  return format.composite.map((s) => lines[s.line]!.slice(s.start, s.start + s.length)).join('');
}

/**
 * Parses complete MRZ lines (each exactly the format's length) and verifies every check digit,
 * including the composite. Returns null when the lines match no ICAO size.
 */
export function parseMrz(lines: readonly string[]): ParsedMrz | null {
  const length = lines[0]?.length ?? 0;
  if (lines.some((l) => l.length !== length)) return null;
  const format = formatFor(lines.length, length, lines[0]!.slice(0, 5));
  if (!format) return null;
  return parseWithFormat(format, lines);
}

export function parseWithFormat(format: MrzFormat, lines: readonly string[]): ParsedMrz {
  const fields = sliceFields(format, lines);
  const checks: MrzCheck[] = [];
  let documentNumber = (fields.documentNumber ?? '').replace(/<+$/, '');
  for (const spec of format.fields) {
    if (!spec.check) continue;
    let text = fields[spec.name]!;
    let digit = fields[spec.check]!;
    // TD1 document numbers longer than 9: the check position holds '<' and the number goes on in
    // the optional data, followed by its check digit.
    if (format.type === 'TD1' && spec.name === 'documentNumber' && digit === '<' && /^[0-9A-Z]/.test(fields.optional1 ?? '')) {
      const overflow = /^[0-9A-Z]+/.exec(fields.optional1!)![0];
      text = text + overflow.slice(0, -1);
      digit = overflow.slice(-1);
      documentNumber = text.replace(/<+$/, '');
    }
    checks.push({ name: spec.check, covers: [spec.name], ok: checkDigitMatches(text, digit) });
  }
  if (format.composite.length) {
    const compositeSpec = format.fields.find((s) => s.name === 'compositeCheck')!;
    const covered = format.fields.filter((s) => inComposite(format, s)).map((s) => s.name);
    checks.push({
      name: 'compositeCheck',
      covers: covered,
      ok: checkDigitMatches(compositeText(format, lines), lines[compositeSpec.line]![compositeSpec.start]!),
    });
  }
  return { format, lines: [...lines], fields, documentNumber, checks, valid: checks.every((c) => c.ok) };
}

/**
 * The primary and secondary identifiers (surname, given names) with fillers turned into spaces:
 * ICAO layouts hold both in one field split by `<<`; the French national card has a field for each.
 */
export function mrzNames(fields: Partial<Record<MrzFieldName, string>>): { primary: string; secondary: string } {
  const words = (s: string) => s.replace(/<+/g, ' ').trim();
  const names = (fields.names ?? '').replace(/<+$/, '');
  if (fields.givenNames !== undefined) return { primary: words(names), secondary: words(fields.givenNames) };
  const [primary = '', secondary = ''] = names.split('<<');
  return { primary: words(primary), secondary: words(secondary) };
}
