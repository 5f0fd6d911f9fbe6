/**
 * The day the generated documents are valid on: each was issued on or before it and expires after
 * it, and the dumps judge them on it (`dumpNow`), so that a date's place in time (`yearsAgo`) teaches
 * the field assigner what it does on real documents — an issue date lies in the past, an expiry ahead.
 */
export const documentsDay = new Date(Date.UTC(2026, 5, 15));
