import { classesFor } from '../../ocr/charset.ts';
import type { LineReader } from '../../ocr/create-line-reader.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { mrzAlphabet } from '../mrz-charset.ts';

/** Which model reads the zone's lines: the dedicated MRZ model when present (`auto`), or forced. */
export type MrzModelChoice = 'auto' | 'dedicated' | 'general';

/** A line reader set up for the zone: its classes of the 37 MRZ symbols, its input height, its windowings. */
export interface ZoneReader {
  reader: LineReader;
  allowed: Int32Array;
  height: number;
  /** Window heights of its readings of a line (0: the whole line at once). */
  windowings: number[];
}

/**
 * The line readers to try, in order. `auto`: the dedicated model first (fast, made for OCR-B), then
 * the line reader where the dedicated reading saw a zone but did not settle, or settled unsure of a
 * name letter — only readings whose check digits hold are ever returned as valid, and a field no
 * check digit covers that the two read differently is in doubt, so a second opinion can add reads
 * but not wrong answers.
 */
export function zoneReaders(ocr: OcrEngine, choice: MrzModelChoice, trace?: StageTrace): ZoneReader[] {
  const readers = pickLineReaders(ocr, choice);
  trace?.({ stage: 'read', decided: `line readers: ${readers.map((r) => r.name).join(', then ')}` });
  return readers.map((reader) => {
    const dedicated = ocr.mrzLineReader === reader;
    return {
      reader,
      allowed: classesFor(reader.charset, mrzAlphabet),
      height: dedicated ? 32 : 48,
      // The general line reader reads whole lines well most of the time and loses stretches of some;
      // a second reading in ~12-symbol windows catches those. The dedicated model reads whole lines.
      windowings: dedicated ? [0] : [0, 14],
    };
  });
}

function pickLineReaders(ocr: OcrEngine, choice: MrzModelChoice): LineReader[] {
  if (choice === 'general') return [ocr.lineReader];
  if (choice === 'dedicated') {
    if (!ocr.mrzLineReader) throw new Error('the dedicated MRZ model (mrz-rec) is not loaded');
    return [ocr.mrzLineReader];
  }
  return ocr.mrzLineReader ? [ocr.mrzLineReader, ocr.lineReader] : [ocr.lineReader];
}
