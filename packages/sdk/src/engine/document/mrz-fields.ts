import type { DocumentStringField } from '../../api/document.ts';
import type { MrzFieldName } from '../mrz/mrz-formats.ts';

/**
 * Which document `data` fields each MRZ field fills (per format where it differs), so that an
 * uncertain MRZ field can withhold and report exactly the fields derived from it.
 */
export const mrzFieldTargets: Record<MrzFieldName, ReadonlyArray<DocumentStringField | 'dateOfBirth' | 'dateOfExpiry'>> = {
  documentCode: [],
  issuer: [],
  names: ['firstName', 'lastName', 'fullName'],
  givenNames: ['firstName', 'fullName'],
  documentNumber: ['documentNumber'],
  documentNumberCheck: [],
  nationality: ['nationality'],
  dateOfBirth: ['dateOfBirth'],
  dateOfBirthCheck: [],
  sex: ['sex'],
  dateOfExpiry: ['dateOfExpiry'],
  dateOfExpiryCheck: [],
  optional1: ['personalIdNumber'],
  optional1Check: [],
  optional2: ['documentAdditionalNumber'],
  compositeCheck: [],
};
