import { describe, expect, it } from 'vitest';
import { cellsFromText, mrzLineBox } from '@idlens/test-support/engine/mrz-cells.ts';
import { specimens } from '@idlens/test-support/engine/mrz-specimens.ts';
import type { StageDecision } from '../../pipeline/stage-trace.ts';
import { correctMrz } from '../correct-mrz.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { isAZone, judgeZone } from './judge-zone.ts';
import { voteOverReadings } from './vote-readings.ts';

// The last stages on their own, on readings made from text (no pixels).

/** A reading of `lines` with every position read at `confidence`. */
function reading(lines: readonly string[], confidence: number): MrzReading {
  const cells = lines.map((l) => cellsFromText(l, confidence));
  return {
    corrected: correctMrz(cells)!,
    cells,
    lines: lines.map((_, i) => mrzLineBox(100 + 45 * i)),
    rawLines: [...lines],
    model: 'mrz-rec',
    clarity: confidence >= 0.9 ? 1 : 0,
  };
}

function traced<T>(run: (trace: (d: StageDecision) => void) => T): { result: T; decisions: StageDecision[] } {
  const decisions: StageDecision[] = [];
  return { result: run((d) => decisions.push(d)), decisions };
}

describe('the judge and merge stages of readMrz', () => {
  it('judges a clear zone a zone (silently), the vote leaves a lone reading alone, and the verdict names layout and checks only', () => {
    const clear = reading(specimens.TD3, 0.99);
    const { result, decisions } = traced((trace) => {
      if (!isAZone(clear, trace)) return null;
      return judgeZone(voteOverReadings(clear, [clear], {}, trace), trace);
    });
    expect(result).toBe(clear);
    expect(decisions).toEqual([
      { stage: 'merge', decided: 'the chosen reading stands (1 reading of zones made)' },
      { stage: 'judge', decided: 'valid: TD3, 5 of 5 checks hold' },
    ]);
    // Nothing of the zone itself: no name, no document number, no line.
    const text = decisions.map((d) => d.decided).join('\n');
    for (const value of ['ERIKSSON', 'ANNA', 'L898902C3', '740812', '<<']) expect(text).not.toContain(value);
  });

  it('says why there is no zone: nothing parsed, or a reading too murky for a zone', () => {
    expect(traced((trace) => isAZone(null, trace))).toEqual({ result: false, decisions: [{ stage: 'judge', decided: 'no zone: nothing read parsed as one' }] });
    const murky = reading(specimens.TD3, 0.6);
    expect(traced((trace) => isAZone(murky, trace))).toEqual({
      result: false,
      decisions: [{ stage: 'judge', decided: 'no zone: the best reading is too murky for one' }],
    });
  });

  it('names the fields in doubt and the checks failing in its verdict', () => {
    const misread = reading([specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408123')], 0.99);
    const { decisions } = traced((trace) => judgeZone(misread, trace));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.decided).toMatch(/^not valid: TD3, [0-4] of 5 checks hold, in doubt: .*dateOfBirth/);
  });
});
