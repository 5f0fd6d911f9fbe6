import { documentDateFields, documentStringFields, type DocumentData } from '../../api/document.ts';

/** The answer when nothing was read from a document: all fields null. */
export function emptyDocumentData(): DocumentData {
  const data: Record<string, unknown> = {};
  for (const field of documentStringFields) data[field] = null;
  for (const field of documentDateFields) data[field] = null;
  Object.assign(data, {
    fullDocumentFirstSideImage: null,
    fullDocumentSecondSideImage: null,
    faceImage: null,
    signatureImage: null,
    driverLicenseDetailedInfo: null,
    dependentsInfo: null,
    parentsInfo: null,
    processingStatus: 'DETECTION_FAILED',
    documentClassInfo: null,
    mrzData: null,
    barcodeData: null,
    dataMatch: null,
    recognitionStatus: 'EMPTY',
    additionalProcessingInfo: null,
    age: null,
    isBelowAgeLimit: null,
  });
  return data as DocumentData;
}

/** The document's `additionalProcessingInfo`, created (every list empty, no rule's extra fields) the first time something is noted. */
export function processingInfo(data: DocumentData): NonNullable<DocumentData['additionalProcessingInfo']> {
  data.additionalProcessingInfo ??= { missingMandatoryFields: [], invalidCharacterFields: [], extraPresentFields: null, imageExtractionFailures: [] };
  return data.additionalProcessingInfo;
}
