import { describe, expect, it } from 'vitest';
import { IdlensCaptureEvent, IdlensErrorEvent, IdlensProgressEvent, IdlensResultEvent, IdlensStatusEvent } from './events.ts';

describe('events', () => {
  it('are Event subclasses that bubble and cross shadow roots, with their data as fields', () => {
    const front = new Blob(['x'], { type: 'image/png' });
    const events = [
      new IdlensResultEvent('barcode', { recognitionStatus: 'VALID' }, { front }, 12, 'worker', 'camera'),
      new IdlensErrorEvent('camera-denied', null, 'denied'),
      new IdlensProgressEvent('zxing_reader.wasm', 10, 100, false),
      new IdlensStatusEvent('scanning', { kind: 'barcode' }),
      new IdlensCaptureEvent(front, 'file'),
    ];
    expect(events.map((e) => e.type)).toEqual(['idlens-result', 'idlens-error', 'idlens-progress', 'idlens-status', 'idlens-capture']);
    for (const e of events) expect([e instanceof Event, e.bubbles, e.composed]).toEqual([true, true, true]);
    const [result] = events as [IdlensResultEvent];
    expect([result.kind, result.durationMs, result.mode, result.source, result.images?.front]).toEqual(['barcode', 12, 'worker', 'camera', front]);
  });
});
