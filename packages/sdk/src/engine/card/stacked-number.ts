import { maxCardNumberLength, minCardNumberLength } from './card-number-formats.ts';
import type { DigitLine } from './find-card-number.ts';
import type { SideRow } from './side-row.ts';

/** Where a row lies and what its digits read, in the units `readCardSide` measures (median text heights). */
export interface StackableRow {
  digits: DigitLine | null;
  /** Centre across the reading direction. */
  y: number;
  /** Start along the reading direction. */
  x: number;
  /** Text height in px. */
  height: number;
}

/** A number printed over several rows, joined into one line of digit groups. */
export interface StackedNumber {
  line: DigitLine;
  /** The rows it was joined from, top first (indices into the side's rows). */
  rows: number[];
}

/** Rows of one stacked number: their starts within this many text heights of each other… */
const maxStartShift = 0.6;
/** …their heights within this ratio… */
const maxHeightRatio = 1.3;
/** …and each under the one before at a pitch of this many text heights, the same pitch throughout. */
const pitch = { min: 0.9, max: 2.6, maxVariation: 0.25 } as const;

/**
 * Card numbers printed as a column of digit groups ("quick read" designs: four rows of four digits,
 * or two rows of two groups) — no single row holds 13 digits, so the per-row search finds nothing.
 * Rows qualify when they hold only digit groups (one or two, 3–6 digits each); a column is a run of
 * two to five such rows, each starting where the one above starts, of the same height, one under the
 * other at an even pitch, with 13–19 digits in all. Each column is returned as one line (its groups
 * separated by spaces) for the same candidate search as single rows, so Luhn, the grouping and the
 * issuer's lengths decide whether it is a number.
 */
export function stackedNumbers(rows: readonly StackableRow[]): StackedNumber[] {
  const groupRows = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.digits !== null && /^\s*\d{3,6}(\s+\d{3,6})?\s*$/.test(row.digits.text))
    .sort((a, b) => a.row.y - b.row.y);
  const out: StackedNumber[] = [];
  for (let first = 0; first < groupRows.length; first++) {
    const column = [groupRows[first]!];
    for (let k = first + 1; k < groupRows.length && column.length < 5; k++) {
      const next = groupRows[k]!;
      const last = column[column.length - 1]!;
      const step = next.row.y - last.row.y;
      const firstStep = column.length > 1 ? column[1]!.row.y - column[0]!.row.y : step;
      if (step < pitch.min || step > pitch.max) continue;
      if (Math.abs(step - firstStep) > pitch.maxVariation * firstStep) continue;
      if (Math.abs(next.row.x - column[0]!.row.x) > maxStartShift) continue;
      const ratio = next.row.height / column[0]!.row.height;
      if (ratio > maxHeightRatio || ratio < 1 / maxHeightRatio) continue;
      column.push(next);
      const line = joined(column.map((c) => c.row.digits!));
      const digits = line.text.replace(/\s/g, '').length;
      if (digits > maxCardNumberLength) break;
      if (digits >= minCardNumberLength) out.push({ line, rows: column.map((c) => c.index) });
    }
  }
  return out;
}

/** Digit lines joined with a space between, confidences and alternatives kept in step with the text. */
function joined(lines: readonly DigitLine[]): DigitLine {
  const parts = lines.map((l) => {
    const start = l.text.length - l.text.trimStart().length;
    const end = l.text.trimEnd().length;
    return {
      text: l.text.slice(start, end),
      confidences: l.confidences.slice(start, end),
      alternatives: (l.alternatives ?? [...l.text].map(() => [])).slice(start, end),
    };
  });
  return {
    text: parts.map((p) => p.text).join(' '),
    confidences: parts.flatMap((p, i) => (i === 0 ? p.confidences : [1, ...p.confidences])),
    alternatives: parts.flatMap((p, i) => (i === 0 ? p.alternatives : [[], ...p.alternatives])),
  };
}

/** A side's rows as the column search takes them; `digits` per row (a row's digits may be withheld: empty). */
export function stackableRows(rows: readonly SideRow[], digits: ReadonlyArray<DigitLine | null> = rows.map((r) => r.digits)): StackableRow[] {
  return rows.map((r, i) => {
    const d = digits[i] ?? null;
    return { digits: d?.text.trim() ? d : null, y: r.y, x: r.x, height: r.row.quad.height };
  });
}
