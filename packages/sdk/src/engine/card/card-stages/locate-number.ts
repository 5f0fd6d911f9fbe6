import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { findCardNumber, type DigitLine } from '../find-card-number.ts';
import type { SideRow } from '../side-row.ts';
import { stackableRows, stackedNumbers } from '../stacked-number.ts';
import { noDigits, type ReadSide } from './card-side.ts';

/** The card number found, and where. */
export interface LocatedNumber {
  value: string;
  valid: boolean;
  side: ReadSide;
  /** The row it is printed on, or the column of rows of a stacked ("quick read") number, top first. */
  rows: SideRow[];
}

/**
 * Stage `locate`: the card number, from the first side that holds one (the number side, else the
 * other side: sides swapped) — on one row, else, only where no row holds a number, as a column of
 * digit groups that must pass Luhn on their own (never a guess). `allowInvalid` returns a
 * card-shaped number failing Luhn from a row (`extractInvalidCardNumber`).
 */
export function locateNumber(sides: readonly ReadSide[], allowInvalid: boolean, trace?: StageTrace): LocatedNumber | null {
  const number = firstNumber(sides, allowInvalid);
  if (!number) {
    trace?.({
      stage: 'locate',
      decided: sides.length === 0 ? 'no number: no side used' : `no number on ${sides.length} ${sides.length === 1 ? 'side' : 'sides'}`,
    });
    return null;
  }
  const printed = number.rows.length === 1 ? 'one row' : `a column of ${number.rows.length} rows`;
  trace?.({
    stage: 'locate',
    decided: `number on ${number.side.name} (${printed}), ${number.value.length} digits, ${number.valid ? 'valid' : 'not valid'}`,
  });
  return number;
}

function firstNumber(sides: readonly ReadSide[], allowInvalid: boolean): LocatedNumber | null {
  for (const s of sides) {
    const rows = numberRows(s);
    const found = findCardNumber(rows, allowInvalid);
    if (found) return { value: found.number, valid: found.valid, side: s, rows: [s.reading.rows[found.line]!] };
    const stacked = stackedNumbers(stackableRows(s.reading.rows, rows));
    const column = findCardNumber(
      stacked.map((c) => c.line),
      false,
    );
    if (column) return { value: column.number, valid: column.valid, side: s, rows: stacked[column.line]!.rows.map((i) => s.reading.rows[i]!) };
  }
  return null;
}

/**
 * The side's rows that may hold the number: rows with words in them (an IBAN "DE89 3704…",
 * "ACCOUNT 1234…") hold other numbers; letters the recognizer reads for digits in card fonts
 * (l, I, O, S, B, Z, G) do not count as words.
 */
function numberRows(s: ReadSide): DigitLine[] {
  return s.digits.map((d, i) => (/[A-Za-z]{2,}/.test(s.reading.rows[i]!.text.replace(/[lIiOoSsBZzG|]/g, '')) ? noDigits : d));
}
