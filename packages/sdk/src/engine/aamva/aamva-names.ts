import { meaningfulText } from './aamva-values.ts';

/** A cardholder's name as the result reports it. */
export interface PersonName {
  first: string | null;
  middle: string | null;
  last: string | null;
  suffix: string | null;
  prefix: string | null;
}

/**
 * Name suffixes, so that `DOE,JOHN,JR` or `JOHN SMITH JR` do not take JR for a middle or family name.
 * Single letters (I, V) are left out: as a third part they are far more often a middle initial.
 */
const nameSuffixes = new Set(['JR', 'SR', 'II', 'III', 'IV', 'VI', 'VII', 'VIII', '1ST', '2ND', '3RD', '4TH', '5TH']);

/** Separators of the parts of a full-name element (DAA): commas, and `$` in some older payloads. */
const fullNamePartSeparator = /[,$]/;

/**
 * Reads the name from the elements that carry it (looked up by element ID, because DCT and DAC share
 * a key but not a format):
 * - DCS/DAB family name, DAC first name, DAD middle name(s), DCU/DAE suffix, DAF prefix;
 * - DCT given names (versions 2–3): first and middle names separated by a comma or space;
 * - DAA full name (version 1): `FAMILY,FIRST,MIDDLE,SUFFIX`, or `FIRST MIDDLE FAMILY` without commas.
 * A DAC with a space and no DAD is split at its last space: the AAMVA person-name rule allows no spaces
 * in first names, and some issuers (Wyoming) put the middle initial there.
 */
export function parseName(elementValue: (id: string) => string | null): PersonName {
  const present = (id: string) => meaningfulText(elementValue(id));
  let last = present('DCS') ?? present('DAB');
  let first = present('DAC');
  let middle = present('DAD');
  const middleElementEmpty = (elementValue('DAD') ?? '').trim() === '';

  if (first === null) {
    const given = splitGivenNames(present('DCT'));
    first = given.first;
    middle ??= given.middle;
  } else if (middleElementEmpty) {
    const space = first.lastIndexOf(' ');
    if (space > 0) [first, middle] = [first.slice(0, space).trim(), first.slice(space + 1).trim()];
  }

  let fromFullName: PersonName | null = null;
  if (first === null || last === null) {
    fromFullName = parseFullName(present('DAA'));
    last ??= fromFullName.last;
    if (first === null) [first, middle] = [fromFullName.first, middle ?? fromFullName.middle];
  }

  return {
    first,
    middle,
    last,
    suffix: present('DCU') ?? present('DAE') ?? fromFullName?.suffix ?? null,
    prefix: present('DAF'),
  };
}

/** The name in reading order, e.g. `JOHN ROBERT SMITH JR`. */
export function fullNameOf(name: PersonName): string | null {
  const parts = [name.prefix, name.first, name.middle, name.last, name.suffix].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

function splitGivenNames(value: string | null): { first: string | null; middle: string | null } {
  if (value === null) return { first: null, middle: null };
  const parts = value.split(/[,$ ]+/).filter((p) => p !== '');
  return { first: parts[0] ?? null, middle: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

function parseFullName(value: string | null): PersonName {
  const empty: PersonName = { first: null, middle: null, last: null, suffix: null, prefix: null };
  if (value === null) return empty;

  if (fullNamePartSeparator.test(value)) {
    const parts = value.split(fullNamePartSeparator).map((p) => meaningfulText(p));
    const [last = null, given = null, third = null, fourth = null] = parts;
    const givenSplit = splitGivenNames(given);
    const thirdIsSuffix = third !== null && fourth === null && isSuffix(third);
    return {
      ...empty,
      last,
      first: givenSplit.first,
      middle: (thirdIsSuffix ? null : third) ?? givenSplit.middle,
      suffix: fourth ?? (thirdIsSuffix ? third : null),
    };
  }

  const words = value.split(/\s+/).filter((w) => w !== '');
  const suffix = words.length > 2 && isSuffix(words.at(-1) ?? '') ? (words.pop() ?? null) : null;
  const last = words.length > 1 ? (words.pop() ?? null) : null;
  const first = words.shift() ?? null;
  return { ...empty, first, middle: words.length > 0 ? words.join(' ') : null, last, suffix };
}

function isSuffix(word: string): boolean {
  return nameSuffixes.has(word.replace(/\.$/, '').toUpperCase());
}
