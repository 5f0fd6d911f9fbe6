import { describe, expect, it } from 'vitest';
import type { Quad } from '../../ocr/min-area-rect.ts';
import type { StageDecision } from '../../pipeline/stage-trace.ts';
import type { SideRow } from '../side-row.ts';
import { noDigits, type ReadSide, type SideName } from './card-side.ts';
import { locateNumber } from './locate-number.ts';

// The stage on its own, on sides as `readSides` gives them (rows read, no pixels). Networks'
// published test numbers only.
const visa = '4111111111111111';

/** A row `y` text heights down, with its digit reading when it looks numeric. */
function row(text: string, y: number, x = 1): SideRow {
  const digits = /^[\d\s]+$/.test(text) ? { text, confidences: [...text].map(() => 0.99) } : null;
  const [left, top] = [x * 20, y * 20];
  const points: Quad['points'] = [
    { x: left, y: top },
    { x: left + 200, y: top },
    { x: left + 200, y: top + 20 },
    { x: left, y: top + 20 },
  ];
  return {
    row: { quad: { points, width: 200, height: 20 }, dir: { x: 1, y: 0 }, centre: { x: left + 100, y: top + 10 }, parts: 1, gaps: [] },
    text,
    confidence: 0.99,
    skipsACharacter: false,
    digits,
    y,
    x,
  };
}

function side(name: SideName, rows: SideRow[]): ReadSide {
  return {
    name,
    blur: 'NOT_DETECTED',
    frame: { width: 1, height: 1, data: new Uint8ClampedArray(4) },
    reading: { rows, sharpness: 0.1, flipped: false },
    digits: rows.map((r) => r.digits ?? noDigits),
  };
}

function traced<T>(run: (trace: (d: StageDecision) => void) => T): { result: T; decisions: StageDecision[] } {
  const decisions: StageDecision[] = [];
  return { result: run((d) => decisions.push(d)), decisions };
}

describe('locateNumber (stage `locate`)', () => {
  it('finds the number on its row of the number side and records where, never what', () => {
    const front = side('numberSide', [row('IDLENS BANK', 0), row('4111 1111 1111 1111', 3), row('08/29', 5)]);
    const { result, decisions } = traced((trace) => locateNumber([front], false, trace));
    expect(result).toMatchObject({ value: visa, valid: true, side: front, rows: [front.reading.rows[1]] });
    expect(decisions).toEqual([{ stage: 'locate', decided: 'number on numberSide (one row), 16 digits, valid' }]);
    expect(JSON.stringify(decisions)).not.toMatch(/\d{4}/);
  });

  it('takes the number from the other side when the number side has none (sides swapped)', () => {
    const back = side('numberSide', [row('AUTHORIZED SIGNATURE', 0), row('1111 123', 2)]);
    const front = side('otherSide', [row('4111 1111 1111 1111', 3)]);
    const { result, decisions } = traced((trace) => locateNumber([back, front], false, trace));
    expect(result?.side).toBe(front);
    expect(decisions).toEqual([{ stage: 'locate', decided: 'number on otherSide (one row), 16 digits, valid' }]);
  });

  it('finds a column of four groups only where no row holds a number', () => {
    const stacked = side('numberSide', [row('4111', 0), row('1111', 1.7), row('1111', 3.4), row('1111', 5.1), row('ANNA M KOWALSKA', 7)]);
    const { result, decisions } = traced((trace) => locateNumber([stacked], false, trace));
    expect(result?.value).toBe(visa);
    expect(result?.rows).toHaveLength(4);
    expect(decisions).toEqual([{ stage: 'locate', decided: 'number on numberSide (a column of 4 rows), 16 digits, valid' }]);
  });

  it('does not take the digits of a row with words in it, and says it found no number', () => {
    const account = side('numberSide', [row('ACCOUNT 4111 1111 1111 1111', 0)]);
    account.digits = [{ text: '4111 1111 1111 1111', confidences: [...'4111 1111 1111 1111'].map(() => 0.99) }];
    const { result, decisions } = traced((trace) => locateNumber([account], false, trace));
    expect(result).toBeNull();
    expect(decisions).toEqual([{ stage: 'locate', decided: 'no number on 1 side' }]);
  });

  it('returns a number failing Luhn only when invalid numbers are asked for, and says it is not valid', () => {
    const misprinted = side('numberSide', [row('4111 1111 1111 1112', 3)]);
    expect(traced((trace) => locateNumber([misprinted], false, trace)).decisions).toEqual([{ stage: 'locate', decided: 'no number on 1 side' }]);
    const { result, decisions } = traced((trace) => locateNumber([misprinted], true, trace));
    expect(result).toMatchObject({ valid: false });
    expect(decisions).toEqual([{ stage: 'locate', decided: 'number on numberSide (one row), 16 digits, not valid' }]);
  });
});
