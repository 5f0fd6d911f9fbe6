import {
  type DocumentClassInfo,
  type DocumentData,
  type DocumentFieldType,
  documentFieldTypes,
  type DocumentFilter,
  type DocumentOptions,
  documentFieldTypeOf,
} from '../../api/document.ts';
import { IdlensError } from '../../core/errors.ts';
import { modeEffects } from '../anonymization.ts';

/** Fields anonymization hides when no `customDocumentAnonymizationSettings` entry names the document's class. */
export const defaultAnonymizedFields: readonly DocumentFieldType[] = ['documentNumber', 'personalIdNumber', 'documentAdditionalNumber'];

/** What anonymization hides of one document, and where. */
export interface AnonymizationPlan {
  /** Result fields hidden (null), with what repeats them (`mrzData`, `barcodeData`, the printed value in images). */
  hidden: ReadonlySet<DocumentFieldType>;
  /** The document number, when hidden, keeps this many leading and trailing characters in clear (null: hidden whole). */
  documentNumberVisible: { prefix: number; suffix: number } | null;
  /** Whether the result's fields are anonymized (the anonymization mode). */
  inResult: boolean;
  /** Whether the returned images are. */
  inImages: boolean;
}

/** The fields a plan hides, with the full name when a name is hidden (it repeats them). */
export function hiddenFieldsOf(plan: AnonymizationPlan): ReadonlySet<DocumentFieldType> {
  const hidden = new Set(plan.hidden);
  if (hidden.has('firstName') || hidden.has('lastName')) hidden.add('fullName');
  return hidden;
}

/** The part of a filter that says nothing: absent, null, empty or `…_NONE`. */
const open = (value: string | null | undefined): boolean => !value || value.endsWith('_NONE');

/**
 * Whether a document of class `info` is of the class `filter` names: each part the filter names
 * equals the document's. A document whose class is not known in a part the filter names is not of it.
 */
export function matchesFilter(filter: DocumentFilter | null | undefined, info: DocumentClassInfo | null): boolean {
  if (!filter) return true;
  return (['country', 'region', 'type'] as const).every((part) => open(filter[part]) || filter[part] === info?.[part]);
}

/**
 * What anonymization hides of a document of class `info`: the fields of every
 * `customDocumentAnonymizationSettings` entry whose filter the class matches (and the document
 * number's visible characters of the first that says), else the default (the document and personal
 * numbers). The anonymization mode says whether results, images or both are anonymized.
 */
export function anonymizationPlan(options: DocumentOptions, info: DocumentClassInfo | null): AnonymizationPlan {
  const { fields: inResult, images: inImages } = modeEffects[options.anonymizationMode ?? 'NONE'];
  const matching = (options.customDocumentAnonymizationSettings ?? []).filter((s) => matchesFilter(s.documentFilter, info));
  if (matching.length === 0) return { hidden: new Set(defaultAnonymizedFields), documentNumberVisible: null, inResult, inImages };
  const hidden = new Set(matching.flatMap((s) => (s.fields ?? []).map((f) => documentFieldTypeOf(f)!)));
  const visible = matching.map((s) => s.documentNumberAnonymizationSettings).find((v) => v);
  // Settings that show some of the number hide the rest even when their field list omits it.
  if (visible) hidden.add('documentNumber');
  const documentNumberVisible = visible ? { prefix: visible.prefixDigitsVisible ?? 0, suffix: visible.suffixDigitsVisible ?? 0 } : null;
  return { hidden, documentNumberVisible, inResult, inImages };
}

/**
 * The fields the `customDocumentRules` matching the document's class require and the result does
 * not show in the alphabet they ask for (LATIN when unsaid), or null when no rule names the class.
 */
export function missingRuleFields(options: DocumentOptions, data: DocumentData): DocumentFieldType[] | null {
  const rules = (options.customDocumentRules ?? []).filter((r) => matchesFilter(r.documentFilter, data.documentClassInfo));
  if (rules.length === 0) return null;
  const missing = new Set<DocumentFieldType>();
  for (const { fieldType, alphabetType } of rules.flatMap((r) => r.fields ?? [])) {
    const field = documentFieldTypeOf(fieldType ?? '')!;
    const value = (data as unknown as Record<string, unknown>)[field] as Record<string, unknown> | null;
    // A StringResult shows the field in an alphabet when it has that alphabet's text; a date has no alphabet.
    const shown = !!value && (!('latin' in value) || !!value[(alphabetType ?? 'LATIN').toLowerCase()]);
    if (!shown) missing.add(field);
  }
  return [...missing];
}

/**
 * The fields the result shows that none of the `customDocumentRules` matching the document's class
 * lists (a document showing more than its class should), or null when no rule names the class.
 */
export function extraRuleFields(options: DocumentOptions, data: DocumentData): DocumentFieldType[] | null {
  const rules = (options.customDocumentRules ?? []).filter((r) => matchesFilter(r.documentFilter, data.documentClassInfo));
  if (rules.length === 0) return null;
  const listed = new Set(rules.flatMap((r) => (r.fields ?? []).map((f) => documentFieldTypeOf(f.fieldType ?? ''))));
  const record = data as unknown as Record<string, unknown>;
  return documentFieldTypes.filter((field) => record[field] !== null && !listed.has(field));
}

/**
 * Rejects document options the engine cannot apply: a field type that names no result field, a
 * filter part without its prefix. (The server's request schema says the same as a 400.)
 */
export function assertDocumentRuleOptions(options: DocumentOptions): void {
  const fieldTypes = [
    ...(options.customDocumentAnonymizationSettings ?? []).flatMap((s) => s.fields ?? []),
    ...(options.customDocumentRules ?? []).flatMap((r) => (r.fields ?? []).map((f) => f.fieldType ?? '')),
  ];
  const unknown = fieldTypes.find((f) => !documentFieldTypeOf(f));
  if (unknown !== undefined) throw new IdlensError('INVALID_OPTIONS', `unknown document field type '${unknown}'`);
  const filters = [
    options.documentFilter,
    ...(options.customDocumentAnonymizationSettings ?? []).map((s) => s.documentFilter),
    ...(options.customDocumentRules ?? []).map((r) => r.documentFilter),
  ];
  for (const filter of filters) {
    const bad = filterProblem(filter);
    if (bad) throw new IdlensError('INVALID_OPTIONS', bad);
  }
}

/** What is wrong with a filter (a part not spelled `COUNTRY_…`, `REGION_…`, `TYPE_…`), or null. */
export function filterProblem(filter: DocumentFilter | null | undefined): string | null {
  for (const [part, prefix] of [
    ['country', 'COUNTRY_'],
    ['region', 'REGION_'],
    ['type', 'TYPE_'],
  ] as const) {
    const value = filter?.[part];
    if (value && !new RegExp(`^${prefix}[A-Z0-9_]+$`).test(value)) return `documentFilter.${part} '${value}' is not a ${prefix}… value`;
  }
  return null;
}
