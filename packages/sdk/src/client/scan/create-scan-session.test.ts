import { describe, expect, it } from 'vitest';
import type { BarcodeData } from '../../api/barcode.ts';
import type { RecognitionMethods } from '../../api/recognition-methods.ts';
import type { ImageInput } from '../../core/image-input.ts';
import type { FrameQuality } from '../../worker/worker-api.ts';
import { createScanSession, type ScanFeedbackEvent, type ScanFrameEvent } from './create-scan-session.ts';
import { FieldAgreement } from './field-agreement.ts';

const frame = () => ({ width: 100, height: 100, data: new Uint8ClampedArray(100 * 100 * 4) });
const read = (text: string | null, box = 50): BarcodeData => ({
  barcodeType: text ? 'QR_CODE' : null,
  rawData: text ? btoa(text) : null,
  stringData: text,
  uncertain: text ? false : null,
  detectionPoints: text
    ? {
        points: [
          { x: 0, y: 0 },
          { x: box, y: 0 },
          { x: box, y: box },
          { x: 0, y: box },
        ],
      }
    : null,
  recognitionStatus: text ? 'VALID' : 'EMPTY',
});

function fakeRecognizer(answers: BarcodeData[], qualities: FrameQuality[] = []) {
  let i = 0;
  let q = 0;
  const good: FrameQuality = { width: 100, height: 100, brightness: 128, sharpness: 500, glare: 0 };
  return {
    barcode: async () => answers[Math.min(i++, answers.length - 1)]!,
    frameQuality: async () => qualities[q++] ?? good,
  } as unknown as RecognitionMethods<ImageInput> & { frameQuality(): Promise<FrameQuality> };
}

describe('createScanSession', () => {
  it('accepts a barcode only when consecutive frames agree, with feedback on the way', async () => {
    const blurred = { width: 100, height: 100, brightness: 128, sharpness: 3, glare: 0 };
    const recognizer = fakeRecognizer([read(null), read('A', 5), read('B'), read('A'), read('A')], [blurred]);
    const session = createScanSession({ recognizer, kind: 'barcode', source: frame, minIntervalMs: 0 });
    const feedback: string[] = [];
    session.addEventListener('feedback', (e) => feedback.push((e as ScanFeedbackEvent).feedback));
    const result = await session.result;
    expect(result.stringData).toBe('A');
    expect(feedback).toEqual(['too-blurry', 'no-document', 'move-closer', 'hold-still', 'done']);
    expect(session.stats.recognized).toBe(5);
  });

  it('stop() rejects the result with an AbortError and stops taking frames', async () => {
    const recognizer = fakeRecognizer([read(null)]);
    const session = createScanSession({ recognizer, kind: 'barcode', source: frame, minIntervalMs: 5 });
    await new Promise((r) => setTimeout(r, 30));
    session.stop();
    await expect(session.result).rejects.toMatchObject({ name: 'AbortError' });
    const frames = session.stats.frames;
    await new Promise((r) => setTimeout(r, 30));
    expect(session.stats.frames).toBeLessThanOrEqual(frames + 1);
  });

  it('a card the frame cuts off is not read: cut-off until it is whole; a far one that reads as nothing: move closer', async () => {
    const outline = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const good = { width: 100, height: 100, brightness: 128, sharpness: 500, glare: 0 };
    const qualities: FrameQuality[] = [
      { ...good, document: { points: outline, cutOff: true, share: 0.4 } },
      { ...good, document: { points: outline, cutOff: false, share: 0.05 } },
      { ...good, document: { points: outline, cutOff: false, share: 0.4 } },
      { ...good, document: { points: outline, cutOff: false, share: 0.4 } },
    ];
    const empty = { cardNumber: null, recognitionStatus: 'EMPTY', processingStatus: 'DETECTION_FAILED' };
    const visa = { cardNumber: '4111111111111111', recognitionStatus: 'VALID', processingStatus: 'SUCCESS' };
    const answers = [empty, visa, visa];
    const asked: unknown[] = [];
    let q = 0;
    const recognizer = {
      card: async () => answers.shift(),
      frameQuality: async (_image: unknown, options: unknown) => {
        asked.push(options);
        return qualities[q++]!;
      },
    } as unknown as RecognitionMethods<ImageInput>;
    const session = createScanSession({ recognizer, kind: 'card', source: frame, minIntervalMs: 0 });
    const feedback: string[] = [];
    const cutOff: boolean[] = [];
    session.addEventListener('feedback', (e) => feedback.push((e as ScanFeedbackEvent).feedback));
    session.addEventListener('frame', (e) => cutOff.push((e as ScanFrameEvent).document!.cutOff));
    expect((await session.result).cardNumber).toBe('4111111111111111');
    expect(feedback).toEqual(['cut-off', 'move-closer', 'hold-still', 'done']);
    expect(cutOff).toEqual([true, false, false, false]);
    expect(asked[0]).toEqual({ outline: true });
    expect(answers).toEqual([]); // the cut-off frame was not read: three reads for four frames
  });

  it('stop() cancels the frame being recognized (the recognizer gets an aborted signal)', async () => {
    let signal: AbortSignal | undefined;
    const recognizer = {
      barcode: (_i: unknown, _o: unknown, call: { signal: AbortSignal }) => {
        signal = call.signal;
        return new Promise(() => {});
      },
    } as unknown as RecognitionMethods<ImageInput>;
    const session = createScanSession({ recognizer, kind: 'barcode', source: frame, minIntervalMs: 0 });
    await new Promise((r) => setTimeout(r, 10));
    expect(signal?.aborted).toBe(false);
    session.stop();
    expect(signal?.aborted).toBe(true);
    await expect(session.result).rejects.toMatchObject({ name: 'AbortError' });
  });

  describe('readFinal: the frame completing the agreement read the final way', () => {
    type Doc = { recognitionStatus: string; documentNumber?: { latin: string }; mrzData?: object; sides?: number };
    const dates = { dateOfBirth: { originalString: { latin: '01.02.1990' } }, dateOfExpiry: { originalString: { latin: '01.02.2030' } } };
    const back = (n: string): Doc => ({ recognitionStatus: 'VALID', documentNumber: { latin: n }, ...dates, mrzData: {}, sides: 1 });
    const both = (n: string, mrz = true): Doc => ({
      recognitionStatus: mrz ? 'VALID' : 'PARTIAL',
      documentNumber: { latin: n },
      ...dates,
      ...(mrz ? { mrzData: {} } : {}),
      sides: 2,
    });
    const empty: Doc = { recognitionStatus: 'EMPTY' };

    /** A session over `usual` answers (one a frame read the usual way) and `final` answers, recording which way each frame was read. */
    async function scan(usual: Doc[], final: Doc[]) {
      const ways: string[] = [];
      const recognizer = {
        document: async () => {
          ways.push('usual');
          return usual.shift();
        },
      } as unknown as RecognitionMethods<ImageInput>;
      const readFinal = async () => {
        ways.push('final');
        return final.shift() as never;
      };
      const session = createScanSession({ recognizer, kind: 'document', source: frame, minIntervalMs: 0, agreement: 2, readFinal });
      const result = (await session.result) as unknown as Doc;
      return { result, ways };
    }

    it('reads the frame after a readable one the final way, and its confirming reading is the result', async () => {
      const { result, ways } = await scan([empty, back('D1')], [both('D1')]);
      expect(ways).toEqual(['usual', 'usual', 'final']);
      expect(result.sides).toBe(2);
    });

    it('a final reading that reads another value does not complete; two frames must agree again', async () => {
      const { result, ways } = await scan([back('D1')], [both('D7'), both('D1'), both('D1')]);
      // D1 (usual), D7 (final: disagrees, a streak of its own), D1 (final: breaks it), D1 (final: confirms).
      expect(ways).toEqual(['usual', 'final', 'final', 'final']);
      expect(result).toMatchObject({ sides: 2, documentNumber: { latin: 'D1' } });
    });

    it('a final reading without the MRZ the usual readings had never completes, even when its fields agree', async () => {
      // The back not read: the front's print gives the same number, and no MRZ.
      const { result, ways } = await scan([back('D1')], [both('D1', false), both('D1', false), both('D1')]);
      expect(ways).toEqual(['usual', 'final', 'final', 'final']);
      expect(result.mrzData).toBeDefined();
    });
  });

  it('passes recognizer errors (with their code) to the result', async () => {
    const terminated = Object.assign(new Error('gone'), { code: 'WORKER_TERMINATED' });
    const recognizer = { barcode: async () => Promise.reject(terminated) } as unknown as RecognitionMethods<ImageInput>;
    const session = createScanSession({ recognizer, kind: 'barcode', source: frame, minIntervalMs: 0 });
    await expect(session.result).rejects.toMatchObject({ code: 'WORKER_TERMINATED' });
  });
});

describe('FieldAgreement', () => {
  it('wouldComplete: whether a frame reading these fields would complete the agreement, adding nothing', () => {
    const a = new FieldAgreement(2);
    expect(a.wouldComplete({ n: '1' }, ['n'])).toBe(false);
    a.add({ n: '1' });
    expect(a.wouldComplete({ n: '1' }, ['n'])).toBe(true);
    expect(a.wouldComplete({ n: '2' }, ['n'])).toBe(false);
    expect(a.wouldComplete({ n: '1' }, ['n', 'm'])).toBe(false);
    expect(a.hasAll(['n'])).toBe(false);
    expect(new FieldAgreement(1).wouldComplete({ n: '1' }, ['n'])).toBe(true);
  });

  it('needs N equal readings in a row; a different value restarts, a missing one does not', () => {
    const a = new FieldAgreement(2);
    expect(a.add({ n: 'X1' })).toEqual([]);
    expect(a.add({ n: 'X2' })).toEqual([]);
    expect(a.add({ n: null })).toEqual([]);
    expect(a.add({ n: 'X2' })).toEqual(['n']);
    expect(a.accepted('n')).toBe('X2');
    expect(a.hasAll(['n'])).toBe(true);
  });
});
