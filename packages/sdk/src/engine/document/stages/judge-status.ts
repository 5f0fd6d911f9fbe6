import { everyCheckHolds } from '../../mrz/mrz-stages/best-reading.ts';
import type { DocumentData } from '../../../api/document.ts';
import { extraRuleFields, missingRuleFields } from '../document-class-rules.ts';
import { processingInfo } from '../empty-document-data.ts';
import { answersAlone } from '../read-document-barcode.ts';
import { missingPrintedFields, visualMandatoryFields } from '../visual/visual-to-document.ts';
import type { DocumentReadings } from './document-readings.ts';
import type { DocumentRequest } from './document-request.ts';
import type { MergedDocument } from './merge-readings.ts';

/**
 * Sets `recognitionStatus` and `processingStatus`: VALID where an MRZ checks out or the barcode
 * answers alone, or where print alone gave every field a document must show — the default ones, or
 * those of the caller's rule for the document's class. A rule's field missing also makes a document
 * read by MRZ or barcode uncertain; a mandatory field read in doubt is shown, marked, but does not
 * make the document VALID. An MRZ that does not check out keeps the status it set.
 * Returns whether print alone answers.
 */
export function judgeStatus(request: DocumentRequest, { mrz: { pick }, barcode, visual }: DocumentReadings, { data, doubted }: MergedDocument): boolean {
  const { options } = request;
  const mrzValid = !!pick && everyCheckHolds(pick.reading);
  const barcodeAnswers = answersAlone(barcode);
  const ruleMissing = missingRuleFields(options, data);
  const ruleExtra = extraRuleFields(options, data);
  if (ruleExtra) processingInfo(data).extraPresentFields = ruleExtra;
  const missing = ruleMissing ?? missingPrintedFields(visual);
  const visualAnswers = !pick && !barcode && missing.length === 0 && !visualMandatoryFields.some((f) => doubted.includes(f));
  let why: string;
  if ((mrzValid || barcodeAnswers) && ruleMissing?.length) {
    setStatus(data, 'UNCERTAIN', 'MANDATORY_FIELD_MISSING');
    processingInfo(data).missingMandatoryFields = ruleMissing;
    why = `the class rule's fields missing: ${ruleMissing.join(', ')}`;
  } else if (mrzValid || barcodeAnswers || visualAnswers) {
    setStatus(data, 'VALID', 'SUCCESS');
    why = mrzValid ? 'the MRZ checks out' : barcodeAnswers ? 'the barcode answers alone' : 'print gave every mandatory field';
  } else if (!pick && !barcode) {
    setStatus(data, 'UNCERTAIN', 'SUCCESS');
    processingInfo(data).missingMandatoryFields = [...missing];
    why = `print alone, ${missing.length ? `missing ${missing.join(', ')}` : 'a mandatory field in doubt'}`;
  } else if (!pick) {
    // Only a barcode that is no readable AAMVA payload, or one read without conclusive evidence.
    setStatus(data, 'UNCERTAIN', 'BARCODE_RECOGNITION_FAILED');
    processingInfo(data);
    why = 'the barcode does not answer alone';
  } else {
    why = 'the MRZ does not check out';
  }
  request.trace?.({ stage: 'judge', decided: `${data.recognitionStatus} ${data.processingStatus}: ${why}` });
  return visualAnswers;
}

function setStatus(data: DocumentData, recognition: DocumentData['recognitionStatus'], processing: DocumentData['processingStatus']): void {
  data.recognitionStatus = recognition;
  data.processingStatus = processing;
}
