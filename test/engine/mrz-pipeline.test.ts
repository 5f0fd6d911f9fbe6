import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineRuntimes } from '@idlens/server';
import type { Frame } from '@idlens/sdk/engine';
import { readMrz, type ReadMrzOptions } from '../../packages/sdk/src/engine/mrz/read-mrz.ts';
import type { MrzReading } from '../../packages/sdk/src/engine/mrz/mrz-reading.ts';
import { createOcrEngine, type OcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import type { StageDecision } from '../../packages/sdk/src/engine/pipeline/stage-trace.ts';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { renderMrzPage } from '../support/mrz-render.ts';

// readMrz's stages (locate → straighten → read → merge → judge) traced on rendered pages in OCR-B,
// read end to end with onnxruntime-node.
let ocr: OcrEngine;
beforeAll(async () => {
  const runtimes = await loadEngineRuntimes({ threads: 2 });
  ocr = createOcrEngine(runtimes.inference!, runtimes.models!, runtimes.ocr);
});

async function traced(frame: Frame, options: Partial<ReadMrzOptions> = {}): Promise<{ reading: MrzReading | null; decisions: StageDecision[] }> {
  const decisions: StageDecision[] = [];
  const reading = await readMrz(frame, ocr, { ...options, trace: (d) => decisions.push(d) });
  return { reading, decisions };
}

/** The stages in the order they first decided something. */
const stageOrder = (decisions: readonly StageDecision[]) => [...new Set(decisions.map((d) => d.stage))];

/** Nothing of the zone's text: no name, number, date or line. */
function expectNoZoneText(decisions: readonly StageDecision[]) {
  const text = decisions.map((d) => d.decided).join('\n');
  for (const value of ['ERIKSSON', 'ANNA', 'MARIA', 'L898902C3', '740812', '120415', 'ZE184226B', '<<']) expect(text).not.toContain(value);
}

describe('readMrz as a staged pipeline: its trace', () => {
  it('records each stage in order with what it decided on a passport page', async () => {
    const { reading, decisions } = await traced(await renderMrzPage(specimens.TD3));
    expect(reading?.corrected.parsed.lines).toEqual(specimens.TD3);
    expect(decisions.map((d) => `${d.stage}: ${d.decided}`)).toEqual([
      'read: line readers: mrz-rec, then latin-rec',
      expect.stringMatching(/^locate: 1 candidate block among \d+ lines detected on the frame$/),
      'read: block of 2 lines, upright, by mrz-rec: TD3, 5 of 5 checks hold',
      'read: settled on candidate 1 of 1: every check holds',
      'merge: the chosen reading stands (1 reading of zones made)',
      'judge: valid: TD3, 5 of 5 checks hold',
    ]);
    expectNoZoneText(decisions);
  });

  it('records a zone read upside down, and the model forced', async () => {
    const { reading, decisions } = await traced(await renderMrzPage(specimens.TD3, { rotate: 180 }), { model: 'dedicated' });
    expect(reading?.corrected.parsed.valid).toBe(true);
    expect(decisions[0]).toEqual({ stage: 'read', decided: 'line readers: mrz-rec' });
    expect(decisions.filter((d) => d.stage === 'read').map((d) => d.decided)).toContain('block of 2 lines, upside down, by mrz-rec: TD3, 5 of 5 checks hold');
    expect(stageOrder(decisions)).toEqual(['read', 'locate', 'merge', 'judge']);
  });

  it("records the caller's lines searched alone, without the frame", async () => {
    const page = await renderMrzPage(specimens.TD1);
    const lines = await ocr.detector.detect(page);
    const { reading, decisions } = await traced(page, { lines, searchFrame: false });
    expect(reading?.corrected.parsed.valid).toBe(true);
    expect(decisions.filter((d) => d.stage === 'locate').map((d) => d.decided)).toEqual([`1 candidate block among ${lines.length} lines given by the caller`]);
    expect(decisions.at(-1)).toEqual({ stage: 'judge', decided: 'valid: TD1, 4 of 4 checks hold' });
    expectNoZoneText(decisions);
  });

  it('records why a page without a zone gives nothing: no candidate, no closer look, no zone', async () => {
    const { reading, decisions } = await traced(await renderMrzPage(['HELLO WORLD'], { viz: ['Nothing to see'] }));
    expect(reading).toBeNull();
    expect(decisions.map((d) => d.stage)).not.toContain('merge');
    expect(decisions).toContainEqual({ stage: 'locate', decided: 'no closer look: nothing read so far was zone-like' });
    expect(decisions.at(-1)).toEqual({ stage: 'judge', decided: 'no zone: nothing read parsed as one' });
  });

  it('gives the same reading traced or not', async () => {
    const page = await renderMrzPage(specimens.TD2, { rotate: 8 });
    expect((await traced(page)).reading).toEqual(await readMrz(page, ocr));
  });
});
