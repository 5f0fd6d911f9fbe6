import { approximateSubstring } from './approximate-substring.ts';
import { documentTitles } from './field-labels.ts';

type TitleType = (typeof documentTitles)[number][1];

/** Titles compared without their spaces: a reader splits or joins words (`C ARTE NATIONALE`, `IDENTITYCARD`). */
const compactTitles = documentTitles.map(([title, type]) => ({ title: title.replace(/ /g, ''), type }));

/**
 * Letters a title may differ by and still count: none under 7 letters, one from 7 (`P4SSEPORT`),
 * two from 12 (`BENTITYCARD` for `IDENTITYCARD`) — a title is long and distinctive, so a near
 * spelling of it is still that title, where a short word's would not be.
 */
const allowedEdits = (length: number) => (length >= 12 ? 2 : length >= 7 ? 1 : 0);

/**
 * Titles shorter than this (`PAS`, `PASS`, `PASSI`: passports in Danish and Czech, Swedish and
 * Estonian, Finnish) count only as a line of their own: inside a line they are in too many words
 * (`PASCAL`, `PASSAGE`, `PAS NR`).
 */
const wholeLineBelow = 6;

/**
 * The document type a printed title names (`documentTitles`), from the page's lines folded to
 * capitals and spaces: the title read with the fewest differing letters (then the longest), or null.
 */
export function titleTypeOf(foldedLines: readonly string[]): TitleType | null {
  const lines = foldedLines.map((line) => line.replace(/ /g, ''));
  let best: { type: TitleType; edits: number; length: number } | null = null;
  for (const { title, type } of compactTitles) {
    const edits = title.length < wholeLineBelow ? (lines.includes(title) ? 0 : null) : fewestEdits(lines, title, allowedEdits(title.length));
    if (edits === null) continue;
    if (!best || edits < best.edits || (edits === best.edits && title.length > best.length)) best = { type, edits, length: title.length };
  }
  return best?.type ?? null;
}

/** The fewest edits with which `title` occurs in one of `lines`, up to `most`; null when it does not. */
function fewestEdits(lines: readonly string[], title: string, most: number): number | null {
  for (let k = 0; k <= most; k++) if (lines.some((line) => line.length >= title.length - k && approximateSubstring(line, title, k))) return k;
  return null;
}

/** Texts already cleared of titles (`withoutTitles`): a page's candidates share their lines. */
const clearedTexts = new Map<string, string>();

/**
 * A folded text with every document title in it (`documentTitles` of six letters or more, matched
 * as `titleTypeOf` matches them: spaces aside, a letter or two may differ) blanked out, its length
 * kept. A title's words are no field's label: `NATIONALE` in `CARTE NATIONALE D IDENTITE`, or
 * `NACIONAL` in `DOCUMENTO NACIONAL DE IDENTIDAD`, is near a nationality label, and a number printed
 * after the title (`CARTE NATIONALE D'IDENTITÉ N: NJ6V5CB93`) was taken to stand after it.
 */
export function withoutTitles(folded: string): string {
  const known = clearedTexts.get(folded);
  if (known !== undefined) return known;
  const at: number[] = [];
  let compact = '';
  for (let i = 0; i < folded.length; i++) {
    if (folded[i] === ' ') continue;
    at.push(i);
    compact += folded[i];
  }
  const chars = [...folded];
  for (const { title } of compactTitles) {
    if (title.length < wholeLineBelow) continue;
    const found = approximateSubstring(compact, title, allowedEdits(title.length));
    if (!found || found.end <= found.start) continue;
    for (let i = at[found.start]!; i <= at[found.end - 1]!; i++) chars[i] = ' ';
  }
  const cleared = chars.join('');
  if (clearedTexts.size > 1000) clearedTexts.clear();
  clearedTexts.set(folded, cleared);
  return cleared;
}
