import type { DataMatchResult, DataMatchState, DocumentData, DocumentOptions } from '../../api/document.ts';
import type { Frame } from '../frame.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import { ageOn } from '../mrz/mrz-dates.ts';
import { readMrz, type MrzReading, type MrzRecognizerChoice } from '../mrz/read-mrz.ts';
import { emptyDocumentData } from './empty-document-data.ts';
import { fullDocumentImage } from './full-document-image.ts';
import { mrzToDocumentData } from './mrz-to-document.ts';

/** Engine-level settings of document reading (not request options). */
export interface ReadDocumentSettings {
  mrzRecognizer: MrzRecognizerChoice;
  /** The clock for resolving two-digit years and ages (injected for tests). */
  now: () => Date;
}

/** Characters correction may change per field when the request does not say. */
const defaultMaxMismatches = 2;

/**
 * Reads an ID document from one or two sides through its machine-readable zone: each side is
 * searched for an MRZ (TD1 cards carry it on the back), the best reading fills the result, and
 * when both sides carry one their numbers and dates are compared (`dataMatch`).
 */
export async function readDocument(
  ocr: OcrEngine,
  sides: { first: Frame; second?: Frame | null },
  options: DocumentOptions,
  settings: ReadDocumentSettings,
  multiSide: boolean,
): Promise<DocumentData> {
  const maxMismatches = options.maxAllowedMismatchesPerField ?? defaultMaxMismatches;
  const read = (frame: Frame) => readMrz(frame, ocr, { recognizer: settings.mrzRecognizer, correction: { maxChangesPerField: maxMismatches } });
  const first = await read(sides.first);
  const second = sides.second && !(first && isValid(first) && !multiSide) ? await read(sides.second) : null;
  const pick = choose(first, second);
  if (!pick) return emptyDocumentData();
  const { reading, side } = pick;
  const now = settings.now();
  const anonymization = options.anonymizationMode ?? 'NONE';
  const data = mrzToDocumentData(reading, {
    now,
    side,
    enableCharacterValidation: options.enableCharacterValidation ?? true,
    anonymizeFields: anonymization === 'RESULT_FIELDS_ONLY' || anonymization === 'FULL_RESULT',
  });
  // An unsure first side alone is not an answer in a two-sided scan unless the caller allows it.
  if (multiSide && side === 'FIRST' && !isValid(reading) && !options.allowUncertainFirstSideScan) {
    const withheld = emptyDocumentData();
    return { ...withheld, mrzData: data.mrzData, recognitionStatus: 'UNCERTAIN', processingStatus: data.processingStatus, documentClassInfo: data.documentClassInfo, additionalProcessingInfo: data.additionalProcessingInfo };
  }
  if (first && second) data.dataMatch = dataMatch(first, second, maxMismatches);
  const birth = data.mrzData?.dateOfBirth;
  data.age = birth && data.dateOfBirth ? ageOn(birth, now) : null;
  data.isBelowAgeLimit = options.ageLimit != null && data.age !== null ? data.age < options.ageLimit : null;
  if (options.returnFullDocumentImage) {
    const frame = side === 'FIRST' ? sides.first : sides.second!;
    const mask = anonymization === 'IMAGE_ONLY' || anonymization === 'FULL_RESULT';
    try {
      const image = await fullDocumentImage(frame, reading.corrected.parsed.format.type, reading.lines, mask);
      if (side === 'FIRST') data.fullDocumentFirstSideImage = { image };
      else data.fullDocumentSecondSideImage = { image };
    } catch {
      data.additionalProcessingInfo!.imageExtractionFailures = ['FULL_DOCUMENT'];
    }
  }
  return data;
}

function isValid(r: MrzReading): boolean {
  return r.corrected.parsed.valid && r.corrected.uncertain.length === 0;
}

function choose(first: MrzReading | null, second: MrzReading | null): { reading: MrzReading; side: 'FIRST' | 'SECOND' } | null {
  if (first && (isValid(first) || !second || !isValid(second))) {
    const passing = (r: MrzReading) => r.corrected.parsed.checks.filter((c) => c.ok).length;
    if (!second || isValid(first) || passing(first) >= passing(second)) return { reading: first, side: 'FIRST' };
  }
  return second ? { reading: second, side: 'SECOND' } : null;
}

/** Compares the MRZs of both sides, allowing `maxMismatches` differing characters per field. */
function dataMatch(a: MrzReading, b: MrzReading, maxMismatches: number): DataMatchResult {
  const compare = (x: string | undefined, y: string | undefined): DataMatchState => {
    if (!x || !y) return 'NOT_PERFORMED';
    let diff = Math.abs(x.length - y.length);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) diff++;
    return diff <= maxMismatches ? 'MATCH' : 'MISMATCH';
  };
  const fa = a.corrected.parsed;
  const fb = b.corrected.parsed;
  const result = {
    dateOfBirth: compare(fa.fields.dateOfBirth, fb.fields.dateOfBirth),
    dateOfExpiry: compare(fa.fields.dateOfExpiry, fb.fields.dateOfExpiry),
    documentNumber: compare(fa.documentNumber, fb.documentNumber),
  };
  const states = Object.values(result);
  const overall: DataMatchState = states.includes('MISMATCH') ? 'MISMATCH' : states.every((s) => s === 'MATCH') ? 'MATCH' : 'NOT_PERFORMED';
  return { ...result, overall };
}
