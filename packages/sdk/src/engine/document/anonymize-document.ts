import type { DocumentData, DocumentFieldType, MrzData } from '../../api/document.ts';
import type { BarcodeResult } from '../../api/id-barcode.ts';
import { maskValue } from '../anonymization.ts';
import type { MrzFieldName } from '../mrz/mrz-formats.ts';
import type { MrzReading } from '../mrz/mrz-reading.ts';
import { type AnonymizationPlan, hiddenFieldsOf } from './document-class-rules.ts';
import { mrzFieldTargets } from './mrz-fields.ts';

/** The AAMVA elements (key without its `BARCODE_ELEMENT_KEY_` prefix) that repeat each result field. */
const elementsOf: Partial<Record<DocumentFieldType, readonly string[]>> = {
  lastName: ['CUSTOMER_FAMILY_NAME', 'AKA_FAMILY_NAME'],
  firstName: ['CUSTOMER_FIRST_NAME', 'CUSTOMER_MIDDLE_NAME', 'AKA_GIVEN_NAME', 'AKA_MIDDLE_NAME'],
  fullName: ['CUSTOMER_FULL_NAME', 'AKA_FULL_NAME'],
  address: [
    'ADDRESS_STREET',
    'ADDRESS_STREET_2',
    'ADDRESS_CITY',
    'ADDRESS_POSTAL_CODE',
    'FULL_ADDRESS',
    'RESIDENCE_STREET_ADDRESS',
    'RESIDENCE_STREET_ADDRESS_2',
    'RESIDENCE_CITY',
    'RESIDENCE_POSTAL_CODE',
    'RESIDENCE_FULL_ADDRESS',
  ],
  dateOfBirth: ['DATE_OF_BIRTH', 'AKA_DATE_OF_BIRTH'],
  dateOfIssue: ['DOCUMENT_ISSUE_DATE'],
  dateOfExpiry: ['DOCUMENT_EXPIRATION_DATE'],
  sex: ['SEX'],
  placeOfBirth: ['PLACE_OF_BIRTH'],
  race: ['RACE_ETHNICITY'],
  documentNumber: ['CUSTOMER_ID_NUMBER'],
  personalIdNumber: ['SOCIAL_SECURITY_NUMBER', 'AKA_SOCIAL_SECURITY_NUMBER'],
  documentAdditionalNumber: ['DOCUMENT_DISCRIMINATOR', 'INVENTORY_CONTROL_NUMBER', 'UNIQUE_CUSTOMER_ID'],
};

/** BarcodeResult fields beyond the one of the same name that repeat a result field. */
const barcodeFieldsOf: Partial<Record<DocumentFieldType, ReadonlyArray<keyof BarcodeResult>>> = {
  firstName: ['middleName'],
  address: ['addressDetailedInfo'],
};

/** Values shorter than this cannot be masked by value in the payload text (a sex code `1` is everywhere): the text is withheld. */
const minMaskableLength = 4;

/**
 * Anonymizes the result's fields after every source was merged and the document classified (so the
 * class-specific `customDocumentAnonymizationSettings` apply): each hidden field is null — the
 * document number, when the plan keeps some of it visible, masked with `*` instead — and the same
 * values are blanked where they are repeated: the full name (when a name is hidden), `mrzData` and
 * its raw string, `barcodeData` and its payload text.
 */
export function anonymizeDocument(data: DocumentData, plan: AnonymizationPlan, mrz: MrzReading | null): void {
  if (!plan.inResult || plan.hidden.size === 0) return;
  const hidden = hiddenFieldsOf(plan);
  const mask = (value: string) => maskValue(value, plan.documentNumberVisible?.prefix, plan.documentNumberVisible?.suffix);
  const record = data as unknown as Record<string, unknown>;
  for (const field of hidden) {
    const number = field === 'documentNumber' && plan.documentNumberVisible && data.documentNumber?.latin;
    record[field] = number ? { ...data.documentNumber, latin: mask(number) } : null;
  }
  if (data.mrzData && mrz) data.mrzData = anonymizeMrzData(data.mrzData, mrz, hidden, plan.documentNumberVisible ? mask : null);
  if (data.barcodeData) data.barcodeData = anonymizeBarcode(data.barcodeData, hidden, plan.documentNumberVisible ? mask : null);
}

/**
 * `mrzData` with the hidden fields blanked and their characters (and check digits) `*` in the raw
 * string. A kept part of the document number shows in `documentNumber`, not in the raw string.
 */
function anonymizeMrzData(m: MrzData, mrz: MrzReading, hidden: ReadonlySet<DocumentFieldType>, maskNumber: ((v: string) => string) | null): MrzData {
  const { parsed } = mrz.corrected;
  const hides = (name: MrzFieldName) => (mrzFieldTargets[name] ?? []).some((t) => hidden.has(t));
  const masked = new Set(parsed.format.fields.map((s) => s.name).filter(hides));
  // A TD1 number longer than nine symbols continues in the optional data.
  if (masked.has('documentNumber') && parsed.format.type === 'TD1' && parsed.fields.documentNumberCheck === '<') masked.add('optional1');
  for (const name of [...masked]) masked.add(`${name}Check` as MrzFieldName);
  const lines = parsed.lines.map((l) => [...l]);
  for (const spec of parsed.format.fields) if (masked.has(spec.name)) for (let i = 0; i < spec.length; i++) lines[spec.line]![spec.start + i] = '*';
  return {
    ...m,
    rawMrzString: lines.map((l) => l.join('')).join('\n'),
    documentNumber: hidden.has('documentNumber') ? (maskNumber?.(m.documentNumber) ?? '') : m.documentNumber,
    opt1: masked.has('optional1') ? '' : m.opt1,
    opt2: masked.has('optional2') ? '' : m.opt2,
    primaryId: hidden.has('lastName') ? '' : m.primaryId,
    secondaryId: hidden.has('firstName') ? '' : m.secondaryId,
    gender: hidden.has('sex') ? '' : m.gender,
    nationality: hidden.has('nationality') ? '' : m.nationality,
    dateOfBirth: hidden.has('dateOfBirth') ? null : m.dateOfBirth,
    dateOfExpiry: hidden.has('dateOfExpiry') ? null : m.dateOfExpiry,
  };
}

/**
 * `barcodeData` with the hidden fields null, their elements `*`, and every hidden value masked in
 * the payload text (withheld when a value is too short to find safely). The raw bytes carry them
 * all: only the masked text is returned.
 */
function anonymizeBarcode(b: BarcodeResult, hidden: ReadonlySet<DocumentFieldType>, maskNumber: ((v: string) => string) | null): BarcodeResult {
  const keys = new Map<string, (v: string) => string>();
  const result: Record<string, unknown> = { ...b, rawDataBase64: null };
  const secrets = new Map<string, string>();
  for (const field of hidden) {
    const maskWith = field === 'documentNumber' && maskNumber ? maskNumber : (v: string) => '*'.repeat(v.length);
    for (const key of elementsOf[field] ?? []) keys.set(`BARCODE_ELEMENT_KEY_${key}`, maskWith);
    for (const name of [field, ...(barcodeFieldsOf[field] ?? [])]) {
      if (!(name in b)) continue;
      const value = (b as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' && value) secrets.set(value, maskWith(value));
      result[name] = typeof value === 'string' && value && maskWith === maskNumber ? maskWith(value) : null;
    }
  }
  const extendedElements = b.extendedElements.map((e) => {
    const maskWith = keys.get(e.key);
    if (!maskWith || !e.value) return e;
    secrets.set(e.value, maskWith(e.value));
    return { key: e.key, value: maskWith(e.value) };
  });
  let stringData = b.stringData;
  // Longest first, so that a value containing another is masked whole.
  for (const [secret, masked] of [...secrets].sort((x, y) => y[0].length - x[0].length)) {
    stringData = secret.length < minMaskableLength ? null : (stringData?.split(secret).join(masked) ?? null);
  }
  return { ...(result as unknown as BarcodeResult), extendedElements, stringData };
}
