import type { SideRow } from '../side-row.ts';
import type { ReadSide } from './card-side.ts';

/** The card's first digits printed small on their own row just under (or over) the number's first group. */
export function numberPrefix(s: ReadSide, numberRow: SideRow, number: string): { value: string; row: SideRow } | null {
  for (const r of s.reading.rows) {
    if (r === numberRow || !r.digits) continue;
    const digits = r.digits.text.replace(/\s/g, '');
    if (digits.length !== 4 || !number.startsWith(digits)) continue;
    if (Math.abs(r.y - numberRow.y) > 2.5 || Math.abs(r.x - numberRow.x) > 1.5 || r.row.quad.height > numberRow.row.quad.height) continue;
    return { value: digits, row: r };
  }
  return null;
}
