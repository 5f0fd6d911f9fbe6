/** The transaction list's search and filters, as the form, the URL and the API each spell them. */
import type { ListFilters } from '../api.ts';

export interface FormFilters {
  /** Search: one transaction by its full id, or one customer's by consent.userId (both exact). */
  transactionId: string;
  userId: string;
  processingStatus: string;
  verificationStatus: string;
  workflowId: string;
  /** YYYY-MM-DD, inclusive on both ends (UTC days). */
  from: string;
  to: string;
}

export const filterNames = ['transactionId', 'userId', 'processingStatus', 'verificationStatus', 'workflowId', 'from', 'to'] as const satisfies ReadonlyArray<
  keyof FormFilters
>;

/** The filters a list URL names (`#/transactions?userId=…&processingStatus=…`); unknown parameters are ignored. */
export function filtersFromQuery(query: string): FormFilters {
  const params = new URLSearchParams(query);
  return Object.fromEntries(filterNames.map((name) => [name, params.get(name)?.trim() ?? ''])) as unknown as FormFilters;
}

/** The list URL of some filters: only the ones set, in a fixed order, so equal filters give equal URLs. */
export function listHash(filters: FormFilters): string {
  const params = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) params.set(name, filters[name]);
  const query = params.toString();
  return query ? `#/transactions?${query}` : '#/transactions';
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function toListFilters(f: FormFilters): ListFilters {
  return {
    transactionId: f.transactionId || undefined,
    userId: f.userId || undefined,
    processingStatus: f.processingStatus || undefined,
    verificationStatus: f.verificationStatus || undefined,
    workflowId: f.workflowId || undefined,
    createdFrom: f.from || undefined,
    // The form's "to" day is inclusive; the API's createdTo is exclusive.
    createdTo: f.to ? nextDay(f.to) : undefined,
  };
}
