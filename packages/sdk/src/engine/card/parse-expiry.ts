import type { DateResult } from '../../api/common.ts';
import { expiryLabels, otherDateLabels } from './expiry-labels.ts';

/** A line of card text as read, top to bottom (`index` orders lines on the card). */
export interface CardTextLine {
  text: string;
  /** Position of the line's centre across the card, in line heights (smaller = higher). */
  y: number;
  /** Position of the line's start along the reading direction, in line heights. */
  x: number;
}

export interface ExpiryReading<L extends CardTextLine = CardTextLine> {
  date: DateResult;
  /** Where on the card it was read: the line's text offset, for masking and ordering. */
  line: L;
}

// MM/YY or MM/YYYY with a separator OCR reads on cards ("/", "-", "." and the odd "\"), no digit around.
// A space may split the month or the year: embossed characters stand apart, and a reader may take
// the gap between two of them for a space ("0 4/31").
// A spaced four-digit year may not end in the month of a next date ("09/20 04/33" is two dates, not 09/2004).
const datePattern = /(?<!\d)(0 ?[1-9]|1 ?[0-2]) ?[/\\.-] ?(2 ?0 ?\d ?\d(?! ?[/\\.-] ?\d)|\d ?\d)(?!\d)/g;

// What a month/year partly misread looks like: two digits or look-alikes (O Q D I l S B Z) making a
// month 01–12, a slash, then one to four more ("Q4/3"; not "24/7" nor "1/2").
const dateShapePattern = /(?<![\p{L}\d])([\dOQDIlSBZ]{2}) ?[/\\] ?[\dOQDIlSBZ]{1,4}(?![\p{L}\d])/gu;
const lookAlikeDigits: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', I: '1', l: '1', S: '5', B: '8', Z: '2' };
const monthLike = (s: string) => {
  const month = Number([...s].map((c) => lookAlikeDigits[c] ?? c).join(''));
  return month >= 1 && month <= 12;
};

const normalise = (s: string) => s.toUpperCase().replace(/[^A-ZÀ-ÖØ-ÞĀ-ž\u0400-\u04FF']+/g, ' ');

/**
 * The expiry date among the card's lines: a month/year date after an expiry label (same line, or
 * the line just before or to the left), else the latest date that is not labelled as another date
 * (cards with "member since" or "valid from" dates print the expiry last and later) — but only when
 * no other date-shaped text on the card was left unread ("09/22 Q4/3": the unread one may be the
 * later date, so the earlier is no expiry to vouch for).
 */
export function parseExpiry<L extends CardTextLine>(lines: readonly L[]): ExpiryReading<L> | null {
  const candidates: Array<{ month: number; year: number; original: string; labelled: number; line: L }> = [];
  let unreadDates = 0;
  for (const line of lines) {
    const dates = [...line.text.matchAll(datePattern)];
    for (const m of line.text.matchAll(dateShapePattern)) {
      const within = dates.some((d) => m.index < d.index + d[0].length && m.index + m[0].length > d.index);
      if (!within && /\d/.test(m[0]) && monthLike(m[1]!)) unreadDates++;
    }
    for (const m of dates) {
      const [monthDigits, yearDigits] = [m[1]!.replace(' ', ''), m[2]!.replaceAll(' ', '')];
      const month = Number(monthDigits);
      const year = yearDigits.length === 2 ? 2000 + Number(yearDigits) : Number(yearDigits);
      const before = normalise(line.text.slice(0, m.index));
      const neighbours = lines
        .filter((l) => l !== line && Math.abs(l.y - line.y) < 1.6 && (l.y < line.y - 0.3 || l.x < line.x))
        .map((l) => normalise(l.text))
        .join(' ');
      const context = `${neighbours} ${before}`;
      const labelled = hasLabel(context, expiryLabels) ? 1 : hasLabel(context, otherDateLabels) ? -1 : 0;
      candidates.push({ month, year, original: m[0].trim(), labelled, line });
    }
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.labelled - a.labelled || b.year - a.year || b.month - a.month);
  const best = candidates[0]!;
  if (best.labelled < 0 || (best.labelled === 0 && unreadDates > 0)) return null;
  return {
    date: { day: null, month: best.month, year: best.year, successfullyParsed: true, filledByDomainKnowledge: false, originalString: best.original },
    line: best.line,
  };
}

function hasLabel(context: string, labels: readonly string[]): boolean {
  const words = ` ${context.trim()} `;
  return labels.some((label) => words.includes(` ${normalise(label).trim()} `) || words.endsWith(` ${normalise(label).trim()} `));
}
