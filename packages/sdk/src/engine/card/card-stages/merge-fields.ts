import type { CardData, CardIssuer, CardOptions } from '../../../api/card.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { findCvv } from '../find-cvv.ts';
import { findIban } from '../find-iban.ts';
import { parseExpiry } from '../parse-expiry.ts';
import { pickCardholderName } from '../pick-cardholder-name.ts';
import type { ReadSide } from './card-side.ts';
import { rowMask, type FieldMask } from './field-mask.ts';
import type { LocatedNumber } from './locate-number.ts';
import { numberPrefix } from './number-prefix.ts';

type MergedField = 'cardNumberPrefix' | 'expiryDate' | 'cardholderName' | 'iban' | 'cvv';

/** The card's fields besides the number, each from the first side that gives it. */
export interface MergedFields {
  values: Pick<CardData, MergedField>;
  /** Where the number and these fields are printed, number first. */
  masks: FieldMask[];
  /** The CVV was asked for, and only the other side, not sent, can give it (not an Amex). */
  needsOtherSide: boolean;
}

/**
 * Stage `merge`: the fields asked for (`extract*`), each searched on the sides in order — the
 * number side first, except for a CVV — and taken from the first side that gives it; the number's
 * prefix row beside the number.
 */
export function mergeFields(
  sides: readonly ReadSide[],
  number: LocatedNumber | null,
  options: CardOptions,
  { network, otherSideGiven }: { network: CardIssuer; otherSideGiven: boolean },
  trace?: StageTrace,
): MergedFields {
  const values: MergedFields['values'] = { cardNumberPrefix: null, expiryDate: null, cardholderName: null, iban: null, cvv: null };
  const masks: FieldMask[] = number ? number.rows.map((row) => rowMask(number.side.name, 'cardNumber', row)) : [];
  const decided: string[] = [];
  const note = (field: MergedField, on: { side: ReadSide } | null, absent = 'not found') =>
    decided.push(on ? `${field} from ${on.side.name}` : `${field} ${absent}`);

  // A stacked number's first group is a row of four digits of its own: no prefix is searched for.
  if (number?.rows.length === 1) {
    const prefix = numberPrefix(number.side, number.rows[0]!, number.value);
    if (prefix) {
      values.cardNumberPrefix = prefix.value;
      masks.push(rowMask(number.side.name, 'cardNumberPrefix', prefix.row));
      note('cardNumberPrefix', number);
    }
  }
  if (options.extractExpiryDate) {
    const expiry = firstOn(sides, (s) => parseExpiry(s.reading.rows));
    if (expiry) values.expiryDate = expiry.found.date;
    note('expiryDate', expiry);
  }
  if (options.extractCardholderName) {
    // Only on a card whose number was read: on anything else (loyalty cards, receipts) a two-word
    // line is far more often a slogan than a name.
    const name = number && firstOn(sides, (s) => pickCardholderName(s.reading.rows, number.side === s ? number.rows[number.rows.length - 1]!.y : null));
    if (name) {
      values.cardholderName = name.found.name;
      masks.push(rowMask(name.side.name, 'cardholderName', name.found.line));
    }
    note('cardholderName', name, number ? 'not found' : 'not searched (no number)');
  }
  if (options.extractIban) {
    const iban = firstOn(sides, (s) => findIban(s.reading.rows.map((r) => r.text)));
    if (iban) {
      values.iban = iban.found.iban;
      masks.push(rowMask(iban.side.name, 'iban', iban.side.reading.rows[iban.found.line]!));
    }
    note('iban', iban);
  }
  let needsOtherSide = false;
  if (options.extractCvv) {
    // Amex prints a 4-digit code on the front; everyone else 3 digits on the back.
    const amex = network === 'AMERICAN_EXPRESS';
    const onNumberSide = sides.filter((s) => s === number?.side);
    const cvvSides = amex ? onNumberSide : [...sides.filter((s) => s !== number?.side), ...onNumberSide];
    const cvv = firstOn(cvvSides, (s) => findCvv(s.digits, amex ? 4 : 3, notCvvRows(s, number)));
    if (cvv) {
      values.cvv = cvv.found.cvv;
      masks.push(rowMask(cvv.side.name, 'cvv', cvv.side.reading.rows[cvv.found.line]!));
    }
    needsOtherSide = !amex && !values.cvv && !otherSideGiven;
    note('cvv', cvv, needsOtherSide ? 'not found (the other side is needed)' : 'not found');
  }
  trace?.({ stage: 'merge', decided: decided.length ? decided.join(', ') : 'no other field asked for' });
  return { values, masks, needsOtherSide };
}

/** The first of `sides` on which `find` finds something, and what it found. */
function firstOn<T>(sides: readonly ReadSide[], find: (s: ReadSide) => T | null): { side: ReadSide; found: T } | null {
  for (const side of sides) {
    const found = find(side);
    if (found) return { side, found };
  }
  return null;
}

/** Rows that are something else and must not give a CVV: the number's and the dates'. */
function notCvvRows(s: ReadSide, number: LocatedNumber | null): Set<number> {
  return new Set(s.reading.rows.flatMap((r, i) => (number?.rows.includes(r) || /\d\s?[/\\]\s?\d/.test(r.text) ? [i] : [])));
}
