/**
 * Document type by MRZ document code (ICAO 9303: P passport, I/A/C identity card, V visa; residence
 * permits use national second letters, e.g. IR/AR/RP/R). Longest prefix wins; values are the
 * `documentClassInfo.type` strings.
 */
export const documentTypeByCode: ReadonlyArray<readonly [prefix: string, type: string]> = [
  ['IR', 'TYPE_RESIDENCE_PERMIT'],
  ['AR', 'TYPE_RESIDENCE_PERMIT'],
  ['CR', 'TYPE_RESIDENCE_PERMIT'],
  ['RP', 'TYPE_RESIDENCE_PERMIT'],
  ['RT', 'TYPE_RESIDENCE_PERMIT'],
  ['P', 'TYPE_PASSPORT'],
  ['V', 'TYPE_VISA'],
  ['I', 'TYPE_ID'],
  ['A', 'TYPE_ID'],
  ['C', 'TYPE_ID'],
  ['R', 'TYPE_RESIDENCE_PERMIT'],
];

/** The `documentClassInfo.type` for a document code, or `TYPE_NONE`. */
export function documentTypeOf(code: string): string {
  const clean = code.replace(/<+$/, '');
  let best: readonly [string, string] | undefined;
  for (const row of documentTypeByCode) if (clean.startsWith(row[0]) && (!best || row[0].length > best[0].length)) best = row;
  return best?.[1] ?? 'TYPE_NONE';
}
