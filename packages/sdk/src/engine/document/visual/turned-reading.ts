/** Fewer fields than this, read upright, and a side whose orientation nothing told is read again turned 180°. */
export const enoughFields = 2;

/**
 * Whether the reading turned 180° replaces the upright one: only when it finds a document's worth of
 * fields (`enoughFields`) and more than upright. Print read upside down still gives a field now and
 * then — a lone letter taken for the sex — out of nothing, which must not outvote an upright side
 * that simply prints few fields (a card's back).
 */
export function keepTurned(uprightFields: number, turnedFields: number): boolean {
  return turnedFields >= enoughFields && turnedFields > uprightFields;
}
