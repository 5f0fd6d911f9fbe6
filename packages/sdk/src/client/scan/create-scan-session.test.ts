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

  it('passes recognizer errors (with their code) to the result', async () => {
    const terminated = Object.assign(new Error('gone'), { code: 'WORKER_TERMINATED' });
    const recognizer = { barcode: async () => Promise.reject(terminated) } as unknown as RecognitionMethods<ImageInput>;
    const session = createScanSession({ recognizer, kind: 'barcode', source: frame, minIntervalMs: 0 });
    await expect(session.result).rejects.toMatchObject({ code: 'WORKER_TERMINATED' });
  });
});

describe('FieldAgreement', () => {
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
