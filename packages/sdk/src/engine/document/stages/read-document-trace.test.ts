import { beforeAll, describe, expect, it } from 'vitest';
import { ocrCountingDetections } from '@idlens/test-support/engine/counting-detections.ts';
import { specimens } from '@idlens/test-support/engine/mrz-specimens.ts';
import { renderMrzPage } from '@idlens/test-support/mrz-render.ts';
import type { DocumentOptions } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import type { StageDecision } from '../../pipeline/stage-trace.ts';
import { type DocumentReaders, readDocument } from '../read-document.ts';

// What readDocument's stages record, on rendered pages read end to end with the shipped models
// (onnxruntime-node, the default detector cascade).
const now = () => new Date(Date.UTC(2026, 5, 15));
let readers: DocumentReaders;

beforeAll(async () => {
  const { runtimes, ocr } = await ocrCountingDetections();
  readers = { ocr, zxing: runtimes.zxing, faces: null };
});

async function traced(first: Frame, options: DocumentOptions = {}) {
  const trace: StageDecision[] = [];
  const data = await readDocument(readers, { first }, options, { mrzModel: 'auto', now, trace: (d) => trace.push(d) }, false);
  return { data, trace };
}

/** The stages in the order they decided, a stage deciding several things in a row named once. */
const stagesIn = (trace: StageDecision[]) => trace.map((d) => d.stage).filter((stage, i, all) => stage !== all[i - 1]);
const decisionsOf = (trace: StageDecision[], stage: string) => trace.filter((d) => d.stage === stage).map((d) => d.decided);

describe('the stage trace of readDocument', () => {
  it('names the stages in order and what they decided on a TD3 passport page: the outline and the MRZ found, VALID; tracing changes nothing', async () => {
    const page = await renderMrzPage(specimens.TD3);
    const options = { returnFullDocumentImage: true };
    const { data, trace } = await traced(page, options);
    expect(data.recognitionStatus).toBe('VALID');
    expect(stagesIn(trace)).toEqual(['locate', 'straighten', 'read', 'merge', 'judge', 'images']);
    expect(decisionsOf(trace, 'locate')).toEqual(['FIRST: document outline found']);
    expect(decisionsOf(trace, 'straighten')[0]).toMatch(/^FIRST: cut along its outline as ID-3, \d+×\d+, orientation guessed$/);
    const read = decisionsOf(trace, 'read');
    expect(read.slice(0, 2)).toEqual(['MRZ TD3 on FIRST, checks out', 'barcode not searched']);
    expect(read[2]).toMatch(/^print of FIRST \(ID-3, orientation known\)/);
    expect(decisionsOf(trace, 'merge')[0]).toMatch(/^from MRZ \(FIRST\).*; class COUNTRY_UTOPIA, REGION_NONE, TYPE_PASSPORT$/);
    expect(decisionsOf(trace, 'judge')[0]).toBe('VALID SUCCESS: the MRZ checks out');
    expect(decisionsOf(trace, 'images')).toEqual(['document images: FIRST']);
    // Field names and statuses, never the holder's values.
    const written = trace.map((d) => d.decided).join('\n');
    for (const value of ['ERIKSSON', 'ANNA', 'L898902C3', '740812', 'ZE184226']) expect(written).not.toContain(value);
    // A pipeline never reads its trace back.
    const withoutTrace = await readDocument(readers, { first: page }, options, { mrzModel: 'auto', now }, false);
    expect(withoutTrace).toEqual(data);
  });

  it('tells why a zone with a misprinted check digit is UNCERTAIN: the failing check, the fallback detector tried, the barcode glanced at and searched', async () => {
    const misprinted = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408125')];
    const { data, trace } = await traced(await renderMrzPage(misprinted));
    expect(data.recognitionStatus).toBe('UNCERTAIN');
    const read = decisionsOf(trace, 'read');
    expect(read[0]).toMatch(/^MRZ TD3 on FIRST, does not check out: failing dateOfBirthCheck/);
    expect(read[1]).toMatch(/^fallback detector: MRZ TD3 on FIRST, does not check out/);
    // A glance before print, the whole search after it: print did not answer either.
    const glanced = read.indexOf('barcode glanced at on FIRST: none found');
    const printed = read.findIndex((d) => d.startsWith('print of FIRST'));
    expect(glanced).toBeGreaterThanOrEqual(0);
    expect(printed).toBeGreaterThan(glanced);
    expect(read.indexOf('barcode searched on FIRST (thorough): none found')).toBeGreaterThan(printed);
    expect(decisionsOf(trace, 'judge')[0]).toMatch(/^UNCERTAIN \w+: the MRZ does not check out$/);
    expect(decisionsOf(trace, 'images')).toEqual([]);
  });
});
