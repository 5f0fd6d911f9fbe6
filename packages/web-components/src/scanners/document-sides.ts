import type { MessageKey } from '../i18n/translations.ts';
import type { DocumentData } from '../shared/result-types.ts';

/** MRZ layouts printed on a page with nothing to read on its other side: passport and visa data pages. */
const oneSidedMrzTypes: ReadonlySet<string> = new Set(['TD3', 'MRVA', 'MRVB']);
/** Document classes (`documentClassInfo.type`) that have one side to scan. */
const oneSidedTypes: ReadonlySet<string> = new Set(['TYPE_PASSPORT', 'TYPE_VISA']);

/**
 * Whether a document read from its first side has a back worth asking for. A passport's or visa's
 * data page (by its MRZ layout or its class) has none: asking for one only hides the result.
 */
export function hasBackSide(data: DocumentData): boolean {
  const mrzType = data.mrzData?.mrzType;
  if (mrzType && oneSidedMrzTypes.has(mrzType)) return false;
  const type = data.documentClassInfo?.type;
  return !(type && oneSidedTypes.has(type));
}

const matchFields = [
  ['documentNumber', 'fieldDocumentNumber'],
  ['dateOfBirth', 'fieldDateOfBirth'],
  ['dateOfExpiry', 'fieldDateOfExpiry'],
] as const satisfies ReadonlyArray<readonly [keyof NonNullable<DocumentData['dataMatch']>, MessageKey]>;

/** The fields in which the document's readings (sides, MRZ, barcode, print) disagree, as message keys. */
export function mismatchedFields(data: DocumentData): MessageKey[] {
  const match = data.dataMatch;
  if (match?.overall !== 'MISMATCH') return [];
  return matchFields.filter(([field]) => match[field] === 'MISMATCH').map(([, key]) => key);
}
