import type { StateEntry, StatusLogEntry, TransactionRecord } from '../api.ts';
import { capitalized, comparable, fieldDate, fieldText, isObject, textOf, words } from './values.ts';

/**
 * What an operator reviewing a transaction asks first — who is this, and why was it decided —
 * answered from the record's state: the images of the captures, the identity read from the
 * document (the server's reading when there is one: it re-ran recognition on the stored images),
 * the checks of the DocumentVerification step, the mismatches, and the path to the decision.
 */

export interface BlobRef {
  id: string;
  contentType: string;
  size: number;
}

export const isBlobRef = (v: unknown): v is BlobRef =>
  isObject(v) && typeof v.id === 'string' && typeof v.contentType === 'string' && typeof v.size === 'number';

export interface ReviewImage {
  label: string;
  ref: BlobRef;
}

export interface Fact {
  label: string;
  value: string;
  /** Shown in the danger tone (an expired document). */
  alert?: boolean;
}

export type CheckOutcome = 'PASS' | 'FAIL' | 'NOT_PERFORMED';

export interface CheckView {
  name: string;
  label: string;
  outcome: CheckOutcome;
  reason: string;
}

export interface Mismatch {
  label: string;
  /** What disagrees, with the values when both are known. */
  values: Array<{ source: string; value: string }>;
  detail: string | null;
}

export interface ConditionView {
  stepName: string;
  stepId: number;
  result: boolean;
  /** The step it continued with. */
  next: string;
  /** The predicate in words, when the workflow definition is at hand. */
  predicate: string | null;
}

export interface Review {
  portrait: ReviewImage | null;
  images: ReviewImage[];
  /** Whose reading the identity and document facts come from, in words; null when nothing was read. */
  readBy: string | null;
  identity: Fact[];
  document: Fact[];
  /** Other captures (a payment card, a barcode): a line of facts each. */
  others: Array<{ label: string; facts: Fact[] }>;
  checks: CheckView[];
  /** The DocumentVerification's verdict (no check failed); null when none ran. */
  verified: boolean | null;
  mismatches: Mismatch[];
  decidedBy: { stepName: string; stepId: number } | null;
  conditions: ConditionView[];
  /** Steps that failed (processing Error), with the reason. */
  failures: string[];
  /** The last manual change of the verification status. */
  override: StatusLogEntry | null;
}

const checkLabels: Record<string, string> = {
  recognized: 'Document recognized',
  mrzCheckDigits: 'MRZ check digits',
  notExpired: 'Not expired',
  ageLimit: 'Age limit',
  frontBackMatch: 'Front and back agree',
  clientServerMatch: "Browser's and server's readings agree",
};

const imageLabels: Record<string, string> = {
  fullDocumentFrontImage: 'Document front',
  fullDocumentBackImage: 'Document back',
  fullCardFrontImage: 'Card front',
  fullCardBackImage: 'Card back',
  barcodeImage: 'Barcode',
};

const interactive = new Set(['ScanDocument', 'ScanCard', 'ScanBarcode']);

/** State entries in the order they ran. */
export function entriesInOrder(record: TransactionRecord): Array<[string, StateEntry]> {
  return Object.entries(record.state).sort(([, a], [, b]) => (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0));
}

/** The last entry of each step, in the order the steps last ran (a loop's retries are not shown twice). */
function latestPerStep(entries: Array<[string, StateEntry]>): Array<[string, StateEntry]> {
  const latest = new Map<number, [string, StateEntry]>();
  for (const e of entries) {
    latest.delete(e[1].stepId);
    latest.set(e[1].stepId, e);
  }
  return [...latest.values()];
}

const objectOr = (v: unknown): Record<string, unknown> | null => (isObject(v) && Object.keys(v).length > 0 ? v : null);

/** The document reading the facts come from: the server's (DocumentVerification) when it read anything, else the browser's. */
function readings(entries: Array<[string, StateEntry]>) {
  const verification = entries.filter(([, e]) => e.stepType === 'DocumentVerification').at(-1);
  const scan = entries.filter(([, e]) => e.stepType === 'ScanDocument').at(-1);
  const server = objectOr(verification?.[1].extraction);
  const browser = objectOr(scan?.[1].extraction.data);
  const read = (d: Record<string, unknown> | null) => d !== null && d.recognitionStatus !== 'EMPTY' && Object.keys(d).length > 1;
  return { verification, scan, server, browser, main: read(server) ? server : read(browser) ? browser : null, mainIsServer: read(server) };
}

/** The engine's document types (`DocumentClassInfo.type`) in words; others as their words. */
const typeNames: Record<string, string> = {
  TYPE_ID: 'Identity card',
  TYPE_DL: "Driver's licence",
  TYPE_PASSPORT: 'Passport',
  TYPE_VISA: 'Visa',
  TYPE_RESIDENCE_PERMIT: 'Residence permit',
};

const documentTypeOf = (data: Record<string, unknown>): string | null => {
  const info = isObject(data.documentClassInfo) ? data.documentClassInfo : {};
  const known = (v: unknown, prefix: string) =>
    typeof v === 'string' && v.startsWith(prefix) && !v.endsWith('_NONE') ? (typeNames[v] ?? capitalized(words(v.slice(prefix.length)))) : null;
  const mrz = isObject(data.mrzData) ? data.mrzData : null;
  const mrzType = typeof mrz?.mrzType === 'string' ? mrz.mrzType : null;
  const type = known(info.type, 'TYPE_') ?? (mrzType === 'TD3' ? 'Passport' : mrzType?.startsWith('MRV') ? 'Visa' : mrzType ? 'Identity document' : null);
  const parts = [type, known(info.country, 'COUNTRY_'), known(info.region, 'REGION_'), mrzType ? `MRZ ${mrzType}` : null].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : null;
};

function identityFacts(data: Record<string, unknown>): Fact[] {
  const facts: Fact[] = [];
  const add = (label: string, value: string | null, alert = false) => {
    if (value) facts.push(alert ? { label, value, alert } : { label, value });
  };
  const first = fieldText(data, 'firstName', 'secondaryId');
  const last = fieldText(data, 'lastName', 'primaryId');
  add('Name', fieldText(data, 'fullName') ?? ([first, last].filter(Boolean).join(' ') || null));
  const birth = fieldDate(data, 'dateOfBirth');
  add('Date of birth', birth && (typeof data.age === 'number' ? `${birth} (${data.age} years)` : birth));
  add('Sex', fieldText(data, 'sex', 'gender'));
  add('Nationality', fieldText(data, 'nationality', 'nationality'));
  add('Place of birth', fieldText(data, 'placeOfBirth'));
  add('Address', fieldText(data, 'address'));
  add('Personal number', fieldText(data, 'personalIdNumber'));
  return facts;
}

function documentFacts(data: Record<string, unknown>, today: string): Fact[] {
  const facts: Fact[] = [];
  const add = (label: string, value: string | null, alert = false) => {
    if (value) facts.push(alert ? { label, value, alert } : { label, value });
  };
  add('Document', documentTypeOf(data));
  add('Document number', fieldText(data, 'documentNumber', 'documentNumber'));
  add('Issued by', fieldText(data, 'issuingAuthority') ?? (isObject(data.mrzData) ? textOf(data.mrzData.issuer) : null));
  add('Issued', fieldDate(data, 'dateOfIssue'));
  const expiry = fieldDate(data, 'dateOfExpiry');
  const expired = expiry !== null && expiry.length === 10 && expiry < today;
  add('Expires', expiry && (expired ? `${expiry} — expired` : expiry), expired);
  return facts;
}

/** Front/back disagreements (the engine's dataMatch) and the browser's reading against the server's. */
function mismatchesOf(server: Record<string, unknown> | null, browser: Record<string, unknown> | null): Mismatch[] {
  const found: Mismatch[] = [];
  const fields = [
    ['documentNumber', 'Document number'],
    ['dateOfBirth', 'Date of birth'],
    ['dateOfExpiry', 'Date of expiry'],
  ] as const;
  const dataMatch = [server, browser].map((d) => (d && isObject(d.dataMatch) ? d.dataMatch : null)).find(Boolean);
  for (const [field, label] of fields) {
    if (dataMatch?.[field] === 'MISMATCH') found.push({ label, values: [], detail: 'the front and the back of the document disagree' });
  }
  if (server && browser) {
    for (const [field, label] of fields) {
      const read = (d: Record<string, unknown>) => (field === 'documentNumber' ? fieldText(d, field, field) : fieldDate(d, field));
      const [ours, theirs] = [read(server), read(browser)];
      if (ours && theirs && comparable(ours) !== comparable(theirs))
        found.push({
          label,
          values: [
            { source: 'browser', value: theirs },
            { source: 'server', value: ours },
          ],
          detail: null,
        });
    }
  }
  return found;
}

function otherCaptures(entries: Array<[string, StateEntry]>): Review['others'] {
  const others: Review['others'] = [];
  for (const [, entry] of entries) {
    const data = objectOr(entry.extraction.data);
    if (!data) continue;
    if (entry.stepType === 'ScanCard') {
      const expiry =
        isObject(data.expiryDate) && typeof data.expiryDate.year === 'number'
          ? `${data.expiryDate.year}-${String(data.expiryDate.month).padStart(2, '0')}`
          : null;
      const facts = [
        ['Network', typeof data.issuingNetwork === 'string' && data.issuingNetwork !== 'ISSUER_OTHER' ? capitalized(words(data.issuingNetwork)) : null],
        ['Card number', textOf(data.cardNumber)],
        ['Cardholder', textOf(data.cardholderName)],
        ['Expires', expiry],
        ['Issuer', textOf(data.issuerName)],
      ]
        .filter((f): f is [string, string] => !!f[1])
        .map(([label, value]) => ({ label, value }));
      if (facts.length) others.push({ label: 'Payment card', facts });
    }
    if (entry.stepType === 'ScanBarcode') {
      const facts = [
        ['Type', typeof data.barcodeType === 'string' ? data.barcodeType : null],
        ['Text', textOf(data.stringData)],
      ]
        .filter((f): f is [string, string] => !!f[1])
        .map(([label, value]) => ({ label, value }));
      if (facts.length) others.push({ label: 'Barcode', facts });
    }
  }
  return others;
}

/**
 * The review of a record. `conditionText` gives a Condition step's predicate in words (from the
 * workflow definition, when loaded); `today` is `YYYY-MM-DD` (UTC).
 */
export function reviewOf(record: TransactionRecord, options: { today: string; conditionText?: (stepId: number) => string | null }): Review {
  const entries = entriesInOrder(record);
  const latest = latestPerStep(entries);
  const stepName = (id: number) => record.workflowInfo.steps.find((s) => s.id === id)?.name ?? `#${id}`;
  const { verification, server, browser, main, mainIsServer } = readings(entries);

  const images: ReviewImage[] = [];
  let portrait: ReviewImage | null = null;
  for (const [, entry] of latest.filter(([, e]) => interactive.has(e.stepType))) {
    for (const [field, value] of Object.entries(entry.extraction)) {
      if (!isBlobRef(value)) continue;
      if (field === 'faceImage') portrait ??= { label: 'Portrait', ref: value };
      else images.push({ label: imageLabels[field] ?? capitalized(words(field)), ref: value });
    }
  }

  const output = objectOr(verification?.[1].output);
  const checks: CheckView[] = Object.entries(isObject(output?.checks) ? output.checks : {}).flatMap(([name, c]) =>
    isObject(c) && typeof c.outcome === 'string'
      ? [
          {
            name,
            label: checkLabels[name] ?? capitalized(words(name)),
            outcome: c.outcome as CheckOutcome,
            reason: typeof c.reason === 'string' ? c.reason : '',
          },
        ]
      : [],
  );

  const decision = entries.filter(([, e]) => e.stepType === 'Decision').at(-1) ?? entries.filter(([, e]) => e.stepType === 'End').at(-1);
  const conditions = entries
    .filter(([, e]) => e.stepType === 'Condition' && isObject(e.output))
    .map(([, e]) => ({
      stepName: stepName(e.stepId),
      stepId: e.stepId,
      result: e.output?.result === true,
      next: stepName(Number(e.output?.next)),
      predicate: options.conditionText?.(e.stepId) ?? null,
    }));
  const failures = entries.flatMap(([, e]) =>
    e.output?.failed === true
      ? [`${stepName(e.stepId)} (#${e.stepId}) failed: ${typeof e.output.reason === 'string' ? e.output.reason : 'no reason given'}`]
      : [],
  );

  return {
    portrait,
    images,
    readBy: main ? (mainIsServer ? "the server's reading of the stored images" : "the browser's reading (the server read nothing)") : null,
    identity: main ? identityFacts(main) : [],
    document: main ? documentFacts(main, options.today) : [],
    others: otherCaptures(latest),
    checks,
    verified: typeof output?.passed === 'boolean' ? output.passed : null,
    mismatches: mismatchesOf(server, browser),
    decidedBy: decision?.[1].output?.verificationStatus ? { stepName: stepName(decision[1].stepId), stepId: decision[1].stepId } : null,
    conditions,
    failures,
    override: record.statusLog.filter((l) => l.field === 'verificationStatus' && l.changedBy.startsWith('client:')).at(-1) ?? null,
  };
}
