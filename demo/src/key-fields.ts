import { barcodeTypeName, networkName, plainReason as fieldIdsAsWords } from '@idlens/web-components/display-names';

/** The few fields a person checks first, per result kind (the raw JSON is shown below them). */
export type Field = { label: string; value: string; tone?: 'good' | 'bad' | 'warn' | undefined; copy?: boolean };

// The result objects are read loosely here: a display helper, not a contract.
// biome-ignore lint/suspicious/noExplicitAny: the four result shapes are walked generically
type Json = Record<string, any>;

const date = (d: Json | null | undefined): string | null => {
  if (!d) return null;
  if (d.year && d.month && d.day) return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  return d.originalString?.latin ?? d.originalString ?? null;
};

/** The API's enums as words (the raw JSON below keeps them as they are). */
const statusWords: Record<string, string> = { VALID: 'Valid', UNCERTAIN: 'Uncertain — check it', STAGE_VALID: 'First side valid', EMPTY: 'Nothing found' };
const matchWords: Record<string, string> = { MATCH: 'Match', MISMATCH: 'Mismatch', NOT_PERFORMED: 'Not compared' };
const outcomeWords: Record<string, string> = { PASS: 'Passed', FAIL: 'Failed', NOT_PERFORMED: 'Not performed' };
const checkNames: Record<string, string> = {
  recognized: 'Document recognized',
  mrzCheckDigits: 'MRZ check digits',
  notExpired: 'Not expired',
  ageLimit: 'Age limit',
  frontBackMatch: 'Front and back agree',
  clientServerMatch: 'Browser and server agree',
};

/** `AMERICAN_EXPRESS` → `American Express`; `customerName` → `Customer name`. */
export function words(id: string): string {
  const spaced = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const status = (s: string): Field => ({ label: 'Status', value: statusWords[s] ?? words(s), tone: s === 'VALID' ? 'good' : s === 'EMPTY' ? 'bad' : 'warn' });

/**
 * Only a VALID reading is shown as success: with any other status, the fields that would look
 * good on their own (a Luhn check that passes, an expiry in the future) keep their neutral tone.
 */
function subdued(fields: Field[], recognitionStatus: string): Field[] {
  if (recognitionStatus === 'VALID') return fields;
  return fields.map((f, i) => (i > 0 && f.tone === 'good' ? { ...f, tone: undefined } : f));
}

function isPast(iso: string | null): boolean {
  return !!iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) && iso < new Date().toISOString().slice(0, 10);
}

function barcode(d: Json): Field[] {
  return [
    status(d.recognitionStatus),
    { label: 'Type', value: d.barcodeType ? barcodeTypeName(d.barcodeType) : '—' },
    { label: 'Value', value: d.stringData ?? d.rawData ?? '—', copy: true },
  ];
}

function idBarcode(d: Json): Field[] {
  const expiry = date(d.dateOfExpiry);
  return [
    status(d.recognitionStatus),
    { label: 'Name', value: d.fullName ?? ([d.firstName, d.lastName].filter(Boolean).join(' ') || '—') },
    { label: 'Document number', value: d.documentNumber ?? '—' },
    { label: 'Date of birth', value: date(d.dateOfBirth) ?? '—' },
    { label: 'Date of expiry', value: expiry ? `${expiry}${isPast(expiry) ? ' (expired)' : ''}` : '—', tone: isPast(expiry) ? 'bad' : undefined },
    { label: 'AAMVA structure', value: d.parsed ? 'valid' : 'not parsed', tone: d.parsed ? 'good' : 'warn' },
  ];
}

function card(d: Json): Field[] {
  const digits = String(d.cardNumber ?? '').replace(/\D/g, '');
  // An expiry is shown only when it was read (a date object with nulls is no expiry).
  const expiry = d.expiryDate?.month && d.expiryDate?.year ? `${String(d.expiryDate.month).padStart(2, '0')}/${d.expiryDate.year}` : '—';
  return [
    status(d.recognitionStatus),
    { label: 'Network', value: networkName(d.issuingNetwork) ?? '—' },
    // The demo shows only the last four digits, as a merchant's page would.
    { label: 'Card number', value: digits ? `•••• ${digits.slice(-4)}` : '—' },
    {
      label: 'Luhn check',
      value: d.cardNumberValid ? 'passes' : d.cardNumberValid === false ? 'fails' : '—',
      tone: d.cardNumberValid ? 'good' : d.cardNumberValid === false ? 'bad' : undefined,
    },
    { label: 'Expiry', value: expiry },
    { label: 'Cardholder', value: d.cardholderName ?? '—' },
  ];
}

const matchFields = [
  ['documentNumber', 'document number'],
  ['dateOfBirth', 'date of birth'],
  ['dateOfExpiry', 'date of expiry'],
] as const;

function document(d: Json): Field[] {
  const mrz = d.mrzData;
  const expiry = date(d.dateOfExpiry) ?? date(mrz?.dateOfExpiry);
  const name = [d.firstName?.latin ?? mrz?.secondaryId, d.lastName?.latin ?? mrz?.primaryId].filter(Boolean).join(' ');
  // Readings that disagree (two sides, MRZ and barcode or print) are the headline: the fields below
  // may then belong to two different documents.
  const mismatched = d.dataMatch?.overall === 'MISMATCH' ? matchFields.filter(([key]) => d.dataMatch[key] === 'MISMATCH').map(([, label]) => label) : [];
  const headline: Field = mismatched.length
    ? { label: 'Status', value: `Readings disagree (${mismatched.join(', ')}): possibly two different documents`, tone: 'bad' }
    : status(d.recognitionStatus);
  const fields: Field[] = [
    headline,
    { label: 'Document', value: mrz ? `${mrz.mrzType} · ${mrz.documentCode} · ${mrz.issuer}` : '—' },
    { label: 'Document number', value: d.documentNumber?.latin ?? mrz?.documentNumber ?? '—' },
    { label: 'Name', value: name || '—' },
    { label: 'Date of birth', value: date(d.dateOfBirth) ?? date(mrz?.dateOfBirth) ?? '—' },
    {
      label: 'Date of expiry',
      value: expiry ? `${expiry}${isPast(expiry) ? ' — expired' : ''}` : '—',
      tone: isPast(expiry) ? 'bad' : expiry ? 'good' : undefined,
    },
    { label: 'MRZ check digits', value: mrz ? (mrz.verified ? 'all correct' : 'wrong') : '—', tone: mrz ? (mrz.verified ? 'good' : 'bad') : undefined },
  ];
  if (d.dataMatch)
    fields.push({
      label: 'Front/back match',
      value: matchWords[d.dataMatch.overall] ?? words(d.dataMatch.overall),
      tone: d.dataMatch.overall === 'MATCH' ? 'good' : d.dataMatch.overall === 'MISMATCH' ? 'bad' : undefined,
    });
  return fields;
}

function transaction(d: Json): Field[] {
  const fields: Field[] = [
    { label: 'Processing', value: d.processingStatus, tone: d.processingStatus === 'Complete' ? 'good' : 'bad' },
    {
      label: 'Verification',
      value: d.verificationStatus ?? '—',
      tone: d.verificationStatus === 'Accept' ? 'good' : d.verificationStatus === 'Reject' ? 'bad' : 'warn',
    },
  ];
  for (const c of d.checks ?? [])
    fields.push({
      label: checkNames[c.name] ?? words(c.name),
      value: `${outcomeWords[c.outcome] ?? words(c.outcome)}: ${plainReason(c.reason)}`,
      tone: c.outcome === 'PASS' ? 'good' : c.outcome === 'FAIL' ? 'bad' : undefined,
    });
  return fields;
}

/**
 * A check's reason as the platform words it, with the field ids and enums in it as words
 * ("agree on documentNumber, dateOfBirth" → "agree on document number, date of birth").
 */
export function plainReason(reason: string): string {
  return fieldIdsAsWords(reason).replace(/\b(?:VALID|UNCERTAIN|EMPTY|STAGE_VALID)\b/g, (status) => (statusWords[status] ?? status).toLowerCase());
}

const readers: Record<string, (d: Json) => Field[]> = { barcode, 'id-barcode': idBarcode, card, document };

/**
 * The key fields of a result. A reading of nothing (EMPTY) is only its status: no expiry, network
 * or other row that would suggest something was read.
 */
export const keyFields: Record<string, (d: Json) => Field[]> = {
  ...Object.fromEntries(
    Object.entries(readers).map(([kind, read]) => [
      kind,
      (d: Json) => (d.recognitionStatus === 'EMPTY' ? [status('EMPTY')] : subdued(read(d), d.recognitionStatus)),
    ]),
  ),
  transaction,
};

/**
 * The result as the raw JSON view shows it: as the API answers, but with what the page promises
 * not to show masked — a card number (and its prefix, CVV, IBAN) keeps its last four characters.
 */
export function displayedJson(kind: string, d: Json): Json {
  if (kind !== 'card') return d;
  const masked = (v: unknown, keep: number) =>
    typeof v === 'string' && v ? `${v.slice(0, -keep || undefined).replace(/[0-9A-Za-z]/g, '•')}${keep ? v.slice(-keep) : ''}` : v;
  return { ...d, cardNumber: masked(d.cardNumber, 4), cardNumberPrefix: masked(d.cardNumberPrefix, 0), cvv: masked(d.cvv, 0), iban: masked(d.iban, 4) };
}

/** Outline boxes/polygons to draw over the image the result came from. */
export function outlines(kind: string, d: Json, side: 'FIRST' | 'SECOND'): Array<Array<{ x: number; y: number }>> {
  if ((kind === 'barcode' || kind === 'id-barcode') && side === 'FIRST' && d.detectionPoints?.points?.length) return [d.detectionPoints.points];
  if (kind !== 'document') return [];
  const boxes: Array<Array<{ x: number; y: number }>> = [];
  for (const value of Object.values(d)) {
    const loc = (value as Json | null)?.latinLocation ?? (value as Json | null)?.location;
    if (!loc?.topLeftCorner || ((value as Json).side ?? loc.side ?? 'FIRST') !== side) continue;
    const { x, y } = loc.topLeftCorner;
    const { width, height } = loc.dimensions;
    boxes.push([
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ]);
  }
  return boxes;
}
