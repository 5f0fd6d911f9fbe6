import type { DocumentData } from '../../../api/document.ts';
import { ageOn } from '../../mrz/mrz-dates.ts';
import { anonymizeDocument } from '../anonymize-document.ts';
import { barcodeMatchSource, compareSources, matchedFields, type MatchSource, mrzMatchSource, withoutDatesOfOtherFields } from '../data-match.ts';
import { type AnonymizationPlan, anonymizationPlan, matchesFilter } from '../document-class-rules.ts';
import { emptyDocumentData } from '../empty-document-data.ts';
import { visualMatchSource } from '../visual/visual-to-document.ts';
import type { DocumentReadings } from './document-readings.ts';
import type { DocumentRequest } from './document-request.ts';
import type { LocatedSides } from './locate-documents.ts';
import { judgeStatus } from './judge-status.ts';
import type { MergedDocument } from './merge-readings.ts';

/** The answer, and how its images are anonymized: null where it carries none (class filtered, withheld, every side skipped). */
export interface JudgedDocument {
  data: DocumentData;
  anonymization: AnonymizationPlan | null;
}

/**
 * Stage `judge`: a document of a class the caller did not ask for is not returned; then the status
 * (`judgeStatus`), the anonymization, an unsure first side's answer withheld, `dataMatch` over every
 * two independent readings, and the age.
 */
export function judgeDocument(request: DocumentRequest, readings: DocumentReadings, merged: MergedDocument, now: Date): JudgedDocument {
  const { options, trace } = request;
  const { data } = merged;
  if (!matchesFilter(options.documentFilter, data.documentClassInfo)) {
    trace?.({ stage: 'judge', decided: 'CLASS_FILTERED: a class the documentFilter excludes' });
    return { data: classFiltered(data), anonymization: null };
  }
  const visualAnswers = judgeStatus(request, readings, merged);
  const anonymization = anonymizationPlan(options, data.documentClassInfo);
  anonymizeDocument(data, anonymization, readings.mrz.pick?.reading ?? null);
  if (readings.firstSide.unsure && !visualAnswers) {
    trace?.({ stage: 'judge', decided: 'withheld: the first side alone is unsure (allowUncertainFirstSideScan not set)' });
    return { data: withheld(data), anonymization: null };
  }
  const sources = matchSources(readings, now);
  data.dataMatch = compareSources(sources, request.maxMismatches);
  trace?.({ stage: 'judge', decided: describeDataMatch(data.dataMatch, sources) });
  const birth = data.dateOfBirth;
  data.age = birth ? ageOn({ ...birth, originalString: null }, now) : null;
  data.isBelowAgeLimit = options.ageLimit != null && data.age !== null ? data.age < options.ageLimit : null;
  return { data, anonymization };
}

/** Every side failed a requested image check: nothing is read, and the first side's reason is the status. */
export function everySideSkipped(request: DocumentRequest, located: LocatedSides): DocumentData {
  const none = emptyDocumentData();
  none.processingStatus = located.skipped.get('FIRST')!;
  request.trace?.({ stage: 'judge', decided: `every side skipped: ${none.processingStatus}` });
  return none;
}

/** Nothing read, but a document found is still returned as images when asked for. */
export function nothingRead(request: DocumentRequest): JudgedDocument {
  request.trace?.({ stage: 'judge', decided: 'nothing read: EMPTY' });
  return { data: emptyDocumentData(), anonymization: anonymizationPlan(request.options, null) };
}

/** The independent readings `dataMatch` compares: each side's MRZ, the parsed barcode, the print. */
function matchSources({ mrz, barcode, printed, visual }: DocumentReadings, now: Date): MatchSource[] {
  const sources: MatchSource[] = [];
  if (mrz.first) sources.push(mrzMatchSource(mrz.first, 'mrz-first'));
  if (mrz.second) sources.push(mrzMatchSource(mrz.second, 'mrz-second'));
  if (barcode?.result.parsed) sources.push(barcodeMatchSource(barcode.result, 'barcode'));
  if (printed) sources.push(withoutDatesOfOtherFields(visualMatchSource(visual, 'visual'), sources, now));
  return sources;
}

/** `dataMatch` in a few words: the overall state, the fields that did not match, the readings compared. */
function describeDataMatch(match: DocumentData['dataMatch'], sources: readonly MatchSource[]): string {
  const compared = sources.map((s) => s.name).join(', ');
  if (!match) return `dataMatch not performed: ${compared || 'no reading'} alone`;
  const mismatched = matchedFields.filter((field) => match[field] === 'MISMATCH');
  return `dataMatch ${match.overall}${mismatched.length ? ` on ${mismatched.join(', ')}` : ''} (${compared})`;
}

/** The answer for a document the caller's `documentFilter` excludes: its class, nothing read from it. */
function classFiltered(read: DocumentData): DocumentData {
  const data = emptyDocumentData();
  data.documentClassInfo = read.documentClassInfo;
  data.processingStatus = 'CLASS_FILTERED';
  return data;
}

/** An unsure first side's answer: what the MRZ and barcode hold and why it is uncertain, no fields. */
function withheld(data: DocumentData): DocumentData {
  return {
    ...emptyDocumentData(),
    mrzData: data.mrzData,
    barcodeData: data.barcodeData,
    recognitionStatus: 'UNCERTAIN',
    processingStatus: data.processingStatus,
    documentClassInfo: data.documentClassInfo,
    additionalProcessingInfo: data.additionalProcessingInfo,
  };
}
