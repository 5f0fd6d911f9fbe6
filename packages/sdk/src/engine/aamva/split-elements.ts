import { findElementSpec } from './aamva-elements.ts';
import { isSeparator } from './aamva-text.ts';
import { elementKindRules, type ElementKindRule } from './element-kind-rules.ts';

/** One data element as read from a subfile. */
export interface AamvaElement {
  /** Three-character element ID, e.g. `DAQ` or `ZVA`. */
  id: string;
  /** The value without the space padding of fixed-width fields. */
  value: string;
  /** Type of the subfile the element came from (`DL`, `ID`, `ZV`…). */
  subfile: string;
}

/** What the splitter needs to know about the payload. */
export interface SplitOptions {
  aamvaVersion: number | null;
  /** A printable separator the header declared (e.g. `|`), or null. */
  declaredSeparator: string | null;
}

/**
 * A subfile with at least this many separator-delimited tokens is read token by token. With fewer,
 * the separators were lost (keyboard-wedge scanners type the payload and drop LF/RS/CR), and element
 * boundaries are inferred from the element table instead.
 */
const minTokensForDelimitedReading = 3;

/** Splits a subfile body (everything after its two-letter type) into elements. Never throws. */
export function splitElements(body: string, subfileType: string, options: SplitOptions): AamvaElement[] {
  const ids = createIdRecognizer(subfileType, options.aamvaVersion);
  const tokens = splitOnSeparators(body, options.declaredSeparator);
  const pieces = tokens.length >= minTokensForDelimitedReading ? readDelimited(tokens, ids) : readUndelimited(tokens, ids);
  return pieces.map(({ id, value }, index) => ({
    id,
    value: dropMangledTerminator(value.trim(), ids.rule(id), index === pieces.length - 1),
    subfile: subfileType,
  }));
}

interface Piece {
  id: string;
  value: string;
}

/** What counts as an element ID inside one subfile. */
interface IdRecognizer {
  /** An ID the element table (or the Z-subfile convention) defines: the only IDs undelimited text is split at. */
  isKnown(id: string): boolean;
  /** Shaped like an element ID, known or not: accepted at the start of a delimited token. */
  looksLikeId(id: string): boolean;
  rule(id: string): ElementKindRule;
}

function createIdRecognizer(subfileType: string, aamvaVersion: number | null): IdRecognizer {
  if (/^Z[A-Z]$/.test(subfileType)) {
    // Jurisdiction-specific elements are named Z + the jurisdiction's letter + a letter (ZVA, ZVB…).
    const prefix = subfileType;
    return {
      isKnown: (id) => id.length === 3 && id.startsWith(prefix) && /[A-Z0-9]/.test(id[2] ?? ''),
      looksLikeId: (id) => /^Z[A-Z][A-Z0-9]$/.test(id),
      rule: () => elementKindRules.text,
    };
  }
  return {
    isKnown: (id) => id.length === 3 && findElementSpec(id, aamvaVersion) !== undefined,
    looksLikeId: (id) => /^[A-Z]{3}$/.test(id),
    rule: (id) => {
      const spec = findElementSpec(id, aamvaVersion);
      return spec ? elementKindRules[spec.kind] : elementKindRules.text;
    },
  };
}

function splitOnSeparators(body: string, declaredSeparator: string | null): string[] {
  const tokens: string[] = [];
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || isSeparator(body[i], declaredSeparator)) {
      if (i > start) tokens.push(body.slice(start, i));
      start = i + 1;
    }
  }
  return tokens;
}

/** An element boundary at `at`: a known ID followed by a value of the right shape. */
function isBoundaryAt(text: string, at: number, ids: IdRecognizer): boolean {
  const id = text.slice(at, at + 3);
  if (!ids.isKnown(id)) return false;
  const { startsWith } = ids.rule(id);
  return startsWith === undefined || startsWith.test(text.slice(at + 3));
}

/** Each token is one element; a fixed-width value running into a known ID means a separator was lost there. */
function readDelimited(tokens: string[], ids: IdRecognizer): Piece[] {
  const pieces: Piece[] = [];
  for (const token of tokens) {
    // Tokens that do not start with an ID are trailing garbage (some issuers pad the symbol).
    if (ids.looksLikeId(token.slice(0, 3))) pieces.push(...splitRunOn(token.slice(0, 3), token.slice(3), ids));
  }
  return pieces;
}

function splitRunOn(id: string, value: string, ids: IdRecognizer): Piece[] {
  const { fixedLength } = ids.rule(id);
  if (fixedLength === undefined || value.length <= fixedLength) return [{ id, value }];
  const rest = value.slice(fixedLength).trimStart();
  if (!isBoundaryAt(rest, 0, ids)) return [{ id, value }];
  return [{ id, value: value.slice(0, fixedLength) }, ...splitRunOn(rest.slice(0, 3), rest.slice(3), ids)];
}

/**
 * Reads text whose separators were lost: walks left to right and starts a new element at each known,
 * not yet used ID whose value has the right shape, no sooner than the current value's minimum length.
 * Each ID is used once, which keeps e.g. `…2208DBDCGUSA` from starting a second issue date.
 */
function readUndelimited(tokens: string[], ids: IdRecognizer): Piece[] {
  const pieces: Piece[] = [];
  const used = new Set<string>();
  const isFreshBoundary = (text: string, at: number) => !used.has(text.slice(at, at + 3)) && isBoundaryAt(text, at, ids);

  for (const token of tokens) {
    let at = 0;
    while (at + 3 <= token.length && !isFreshBoundary(token, at)) at++;
    if (at + 3 > token.length) continue;

    let id = token.slice(at, at + 3);
    let valueStart = at + 3;
    used.add(id);
    for (let i = valueStart + ids.rule(id).minLength; i + 3 <= token.length; i++) {
      if (!isFreshBoundary(token, i)) continue;
      pieces.push({ id, value: token.slice(valueStart, i) });
      id = token.slice(i, i + 3);
      used.add(id);
      valueStart = i + 3;
      i = valueStart + ids.rule(id).minLength - 1;
    }
    pieces.push({ id, value: token.slice(valueStart) });
  }
  return pieces;
}

/**
 * A fixed-width value with one stray character at the very end of a subfile: the segment terminator
 * (CR) that a scanner typed as a letter (^M → `M`), as in `DDB03162012M`.
 */
function dropMangledTerminator(value: string, rule: ElementKindRule, isLast: boolean): string {
  const { fixedLength } = rule;
  if (!isLast || fixedLength === undefined || value.length !== fixedLength + 1) return value;
  return value.slice(0, fixedLength);
}
