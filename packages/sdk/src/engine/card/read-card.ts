import type { AnonymizationMode } from '../../api/common.ts';
import type { CardData, CardImageAnalysisDetectionStatus, CardLivenessResult, CardOptions } from '../../api/card.ts';
import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import { maskValue, modeEffects } from '../anonymization.ts';
import { fieldMode, type AnonymizedField } from './anonymize.ts';
import { backSideWords, cardStatus } from './card-statuses.ts';
import { emptyCardData } from './empty-card-data.ts';
import { findCardNumber, type DigitLine } from './find-card-number.ts';
import { stackableRows, stackedNumbers } from './stacked-number.ts';
import { findCvv } from './find-cvv.ts';
import { findIban } from './find-iban.ts';
import { fullCardImage } from './full-card-image.ts';
import { issuingNetwork } from './iin-ranges.ts';
import { locateCard } from './locate-card.ts';
import { parseExpiry } from './parse-expiry.ts';
import { pickCardholderName } from './pick-cardholder-name.ts';
import { readCardSide, type SideReading } from './read-card-side.ts';
import type { SideRow } from './side-row.ts';

/** Engine-level settings of card reading (not request options). */
export interface ReadCardSettings {
  /** Text sharpness (laplacianSharpness at 48 px) under which a side counts as blurred. */
  blurThreshold: number;
}

export const defaultReadCardSettings: ReadCardSettings = { blurThreshold: 0.012 };

type SideName = 'numberSide' | 'otherSide';

interface UsedSide {
  name: SideName;
  blur: CardImageAnalysisDetectionStatus;
  frame: Frame;
  reading: SideReading;
  digits: DigitLine[];
}

const noDigits: DigitLine = { text: '', confidences: [] };
const notAvailable: CardLivenessResult = {
  screenCheckResult: 'NOT_AVAILABLE',
  photocopyCheckResult: 'NOT_AVAILABLE',
  cardHeldInHandCheckResult: 'NOT_AVAILABLE',
};

type CardSides = { cardNumberSide?: Frame | null; otherSide?: Frame | null };

/**
 * `readCard` with the OCR engine's detector cascade (`TextDetectorChoice`): a card read with the
 * faster detector is kept when it checks out — a Luhn-valid number, and the expiry when asked for
 * — else it is read again with the surer one, and the fuller of the two readings is returned.
 */
export async function readCardCascading(ocr: OcrEngine, sides: CardSides, options: CardOptions): Promise<CardData> {
  const fast = await readCard(ocr, sides, options);
  if (!ocr.fallback || (fast.cardNumberValid && (!options.extractExpiryDate || fast.expiryDate))) return fast;
  const sure = await readCard(ocr.fallback, sides, options);
  const fullness = (data: CardData) => (data.cardNumberValid ? 4 : 0) + (data.cardNumber ? 2 : 0) + (data.expiryDate ? 1 : 0);
  return fullness(sure) >= fullness(fast) ? sure : fast;
}

/**
 * Reads a payment card from its number side and/or other side: every side's text rows, then the
 * number (Luhn-checked), expiry, name, IBAN and CVV from the rows, the network from the IIN table,
 * statuses from the status table, optional rectified card images, and anonymization last — masked
 * values are masked here, before anything leaves the engine.
 */
export async function readCard(
  ocr: OcrEngine,
  sides: CardSides,
  options: CardOptions,
  settings: ReadCardSettings = defaultReadCardSettings,
): Promise<CardData> {
  const given: Array<{ name: SideName; frame: Frame }> = [];
  if (sides.cardNumberSide) given.push({ name: 'numberSide', frame: sides.cardNumberSide });
  if (sides.otherSide) given.push({ name: 'otherSide', frame: sides.otherSide });
  const read: UsedSide[] = [];
  for (const g of given) {
    const reading = await readCardSide(g.frame, ocr);
    const blur: CardImageAnalysisDetectionStatus =
      reading.sharpness === null ? 'NOT_AVAILABLE' : reading.sharpness < settings.blurThreshold ? 'DETECTED' : 'NOT_DETECTED';
    read.push({ ...g, reading, blur, digits: reading.rows.map((r) => r.digits ?? noDigits) });
  }
  const blurOf = (name: SideName) => read.find((s) => s.name === name)?.blur ?? null;
  const used = read.filter((s) => !(options.skipImagesWithBlur && s.blur === 'DETECTED'));
  const side = (name: SideName): UsedSide | null => used.find((s) => s.name === name) ?? null;
  const ordered = [side('numberSide'), side('otherSide')].filter((s): s is UsedSide => s !== null);

  // The number: from the number side, else from the other side (sides swapped).
  // `rows`: the row it is printed on, or the column of rows of a stacked ("quick read") number, top first.
  let number: { value: string; valid: boolean; side: UsedSide; rows: SideRow[] } | null = null;
  for (const s of ordered) {
    // Rows with words in them (an IBAN "DE89 3704…", "ACCOUNT 1234…") hold other numbers; letters
    // the recognizer reads for digits in card fonts (l, I, O, S, B, Z, G) do not count as words.
    const numberRows = s.digits.map((d, i) => (/[A-Za-z]{2,}/.test(s.reading.rows[i]!.text.replace(/[lIiOoSsBZzG|]/g, '')) ? noDigits : d));
    const found = findCardNumber(numberRows, !!options.extractInvalidCardNumber);
    if (found) {
      number = { value: found.number, valid: found.valid, side: s, rows: [s.reading.rows[found.line]!] };
      break;
    }
    // Only where no row holds a number: a column's groups must pass Luhn on their own (never a guess).
    const stacked = stackedNumbers(stackableRows(s.reading.rows, numberRows));
    const column = findCardNumber(
      stacked.map((c) => c.line),
      false,
    );
    if (column) {
      number = { value: column.number, valid: column.valid, side: s, rows: stacked[column.line]!.rows.map((i) => s.reading.rows[i]!) };
      break;
    }
  }
  const network = issuingNetwork(number?.value ?? null);
  const masks = new Map<SideName, Array<{ field: AnonymizedField; points: readonly Point[] }>>();
  const addMask = (s: UsedSide, field: AnonymizedField, row: SideRow) => {
    masks.set(s.name, [...(masks.get(s.name) ?? []), { field, points: row.row.quad.points }]);
  };
  if (number) for (const row of number.rows) addMask(number.side, 'cardNumber', row);
  const data = emptyCardData();
  data.issuingNetwork = network;
  data.cardNumber = number?.value ?? null;
  data.cardNumberValid = number ? number.valid : null;

  // Rows that are something else and must not give a CVV: the number's and the dates'.
  const excluded = (s: UsedSide) => new Set(s.reading.rows.flatMap((r, i) => (number?.rows.includes(r) || /\d\s?[/\\]\s?\d/.test(r.text) ? [i] : [])));

  // A stacked number's first group is a row of four digits of its own: no prefix is searched for.
  if (number?.rows.length === 1) {
    const prefix = numberPrefix(number.side, number.rows[0]!, number.value);
    if (prefix) {
      data.cardNumberPrefix = prefix.value;
      addMask(number.side, 'cardNumberPrefix', prefix.row);
    }
  }
  if (options.extractExpiryDate) {
    for (const s of ordered) {
      const expiry = parseExpiry(s.reading.rows);
      if (expiry) {
        data.expiryDate = expiry.date;
        break;
      }
    }
  }
  // Only on a card whose number was read: on anything else (loyalty cards, receipts) a two-word line
  // is far more often a slogan than a name.
  if (options.extractCardholderName && number) {
    for (const s of ordered) {
      const name = pickCardholderName(s.reading.rows, number?.side === s ? number.rows[number.rows.length - 1]!.y : null);
      if (name) {
        data.cardholderName = name.name;
        addMask(s, 'cardholderName', name.line);
        break;
      }
    }
  }
  if (options.extractIban) {
    for (const s of ordered) {
      const iban = findIban(s.reading.rows.map((r) => r.text));
      if (iban) {
        data.iban = iban.iban;
        addMask(s, 'iban', s.reading.rows[iban.line]!);
        break;
      }
    }
  }
  // Amex prints a 4-digit code on the front; everyone else 3 digits on the back.
  const amex = network === 'AMERICAN_EXPRESS';
  let needsOtherSide = false;
  if (options.extractCvv) {
    const onNumberSide = ordered.filter((s) => s === number?.side);
    const cvvSides = amex ? onNumberSide : [...ordered.filter((s) => s !== number?.side), ...onNumberSide];
    for (const s of cvvSides) {
      const cvv = findCvv(s.digits, amex ? 4 : 3, excluded(s));
      if (cvv) {
        data.cvv = cvv.cvv;
        addMask(s, 'cvv', s.reading.rows[cvv.line]!);
        break;
      }
    }
    needsOtherSide = !amex && !data.cvv && !sides.otherSide;
  }

  const numberSide = side('numberSide');
  const status = cardStatus({
    numberOn: number?.side.name ?? null,
    numberValid: !!number?.valid,
    numberSideBlurred: blurOf('numberSide') === 'DETECTED',
    textFound: used.some((s) => s.reading.rows.some((r) => r.text.trim().length > 0)),
    numberSideLooksLikeBack: !!numberSide && looksLikeBack(numberSide),
    numberSideGiven: !!sides.cardNumberSide,
    needsOtherSide,
  });
  data.processingStatus = status.processingStatus;
  data.recognitionStatus = status.recognitionStatus;
  data.scanningFirstSideDone = number !== null || status.processingStatus === 'AWAITING_OTHER_SIDE';
  data.firstSideBlurDetectionStatus = blurOf('numberSide');
  data.secondSideBlurDetectionStatus = blurOf('otherSide');
  data.firstSideCardLivenessResult = sides.cardNumberSide ? { ...notAvailable } : null;
  data.secondSideCardLivenessResult = sides.otherSide ? { ...notAvailable } : null;

  // Anonymization: which fields are masked in the result, and which regions in the images.
  const settingsOf = options.anonymizationSettings;
  const modes: Record<AnonymizedField, AnonymizationMode> = {
    cardNumber: fieldMode(settingsOf, 'cardNumber'),
    cardNumberPrefix: fieldMode(settingsOf, 'cardNumberPrefix'),
    cvv: fieldMode(settingsOf, 'cvv'),
    iban: fieldMode(settingsOf, 'iban'),
    cardholderName: fieldMode(settingsOf, 'cardholderName'),
  };
  const anonymizedSides = new Set<SideName>();
  if (options.returnFullCardImage) {
    for (const s of used) {
      const imageMasks = [...(masks.get(s.name) ?? []), ...precautionMasks(s)].filter((m) => modeEffects[modes[m.field]].images);
      const image = await cardImage(
        s,
        // A stacked number's rows are short: the card's size is not read off them.
        number?.side === s && number.rows.length === 1 ? number.rows[0]! : null,
        imageMasks.map((m) => m.points),
      );
      if (imageMasks.length) anonymizedSides.add(s.name);
      if (s.name === 'numberSide') data.firstSideFullCardImage = image;
      else data.secondSideFullCardImage = image;
    }
  }
  const numberSettings = settingsOf?.cardNumberAnonymizationSettings;
  const fieldValues: Array<[AnonymizedField, 'cardNumber' | 'cardNumberPrefix' | 'cvv' | 'iban' | 'cardholderName']> = [
    ['cardNumber', 'cardNumber'],
    ['cardNumberPrefix', 'cardNumberPrefix'],
    ['cvv', 'cvv'],
    ['iban', 'iban'],
    ['cardholderName', 'cardholderName'],
  ];
  for (const [field, key] of fieldValues) {
    const value = data[key];
    if (value === null || !modeEffects[modes[field]].fields) continue;
    data[key] =
      field === 'cardNumber' ? maskValue(value, numberSettings?.prefixDigitsVisible ?? 0, numberSettings?.suffixDigitsVisible ?? 0) : maskValue(value);
    for (const [name, list] of masks) if (list.some((m) => m.field === field)) anonymizedSides.add(name);
  }
  data.firstSideAnonymized = sides.cardNumberSide ? anonymizedSides.has('numberSide') : null;
  data.secondSideAnonymized = sides.otherSide ? anonymizedSides.has('otherSide') : null;
  return data;
}

/**
 * Rows that may show a value even though it was not read (or read elsewhere): any row with 8 or
 * more digits may be the number, any short lone digit group may be the CVV. Image anonymization
 * masks them too, so an unread number or code never leaves in the pixels.
 */
function precautionMasks(s: UsedSide): Array<{ field: AnonymizedField; points: readonly Point[] }> {
  return s.reading.rows.flatMap((r): Array<{ field: AnonymizedField; points: readonly Point[] }> => {
    const digits = (r.digits?.text ?? r.text).replace(/\D/g, '');
    if (digits.length >= 8) return [{ field: 'cardNumber', points: r.row.quad.points }];
    if (r.digits && /^\s*(\d{4}\s+)?\d{3,4}\s*$/.test(r.digits.text) && !/\d\s?[/\\]\s?\d/.test(r.text)) return [{ field: 'cvv', points: r.row.quad.points }];
    return [];
  });
}

/** The card's first digits printed small on their own row just under (or over) the number's first group. */
function numberPrefix(s: UsedSide, numberRow: SideRow, number: string): { value: string; row: SideRow } | null {
  for (const r of s.reading.rows) {
    if (r === numberRow || !r.digits) continue;
    const digits = r.digits.text.replace(/\s/g, '');
    if (digits.length !== 4 || !number.startsWith(digits)) continue;
    if (Math.abs(r.y - numberRow.y) > 2.5 || Math.abs(r.x - numberRow.x) > 1.5 || r.row.quad.height > numberRow.row.quad.height) continue;
    return { value: digits, row: r };
  }
  return null;
}

function looksLikeBack(s: UsedSide): boolean {
  const text = s.reading.rows.map((r) => r.text.toUpperCase().replace(/[^A-Z]+/g, '')).join('|');
  return backSideWords.some((w) => text.includes(w)) || findCvv(s.digits, 3) !== null;
}

/** The side's card image, located around its text (null when nothing places the card). */
async function cardImage(s: UsedSide, numberRow: SideRow | null, masks: ReadonlyArray<readonly Point[]>): Promise<string | null> {
  const rows = s.reading.rows.filter((r) => r.confidence >= 0.5);
  const ref = numberRow ?? rows[0];
  if (!ref) return null;
  const d = ref.row.dir;
  const pts = rows.flatMap((r) => r.row.quad.points);
  const us = pts.map((p) => p.x * d.x + p.y * d.y);
  const vs = pts.map((p) => -p.x * d.y + p.y * d.x);
  const c = ref.row.centre;
  const outline = locateCard(s.frame, {
    dir: d,
    u0: Math.min(...us),
    u1: Math.max(...us),
    v0: Math.min(...vs),
    v1: Math.max(...vs),
    numberRow: numberRow ? { u: c.x * d.x + c.y * d.y, v: -c.x * d.y + c.y * d.x, length: numberRow.row.quad.width } : null,
  });
  return outline ? fullCardImage(s.frame, outline, masks) : null;
}
