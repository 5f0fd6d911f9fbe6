import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { contradictsDateOrder, eitherWayRound, findPrintedDate } from './printed-dates.ts';
import type { FieldNumbering } from './match-label.ts';
import { findPrintedFields, type FindFieldsOptions, labelLines, type PrintedLine, unreadValueBoxes } from './printed-fields.ts';

const now = new Date(Date.UTC(2026, 10, 23));

/** A line of text at (x, y), `h` high, characters 0.6 h wide, all read with `confidence`. */
function line(text: string, x: number, y: number, h = 20, confidence = 0.95): PrintedLine {
  return {
    text,
    confidences: [...text].map(() => confidence),
    positions: [...text].map((_, i) => (i + 0.5) / text.length),
    box: { x, y, width: text.length * 0.6 * h, height: h },
  };
}

/** The fields of the labels `labelLines` finds on one line, each with the value it gives. */
const segments = (text: string) => labelLines([line(text, 300, 100)], null)[0]!.segments.map((s) => [s.label.field, text.slice(s.start, s.end)]);

const read = (lines: PrintedLine[], { numbering = null, ...o }: Partial<FindFieldsOptions> & { numbering?: FieldNumbering } = {}) =>
  Object.fromEntries(findPrintedFields(labelLines(lines, numbering), { dateOrder: 'DMY', now, ...o }).fields.map((f) => [f.field, f]));

describe('findPrintedFields', () => {
  it('takes no label for a value: a bilingual label with one half misread ("SEK/SESSO") after a place-of-birth field is no place', () => {
    const place = (value: string) => read([line('1. ERIKSSON', 300, 100), line(`3. 12.03.1990 ${value}`, 300, 140)], { numbering: 'eu' });
    expect(place('AALBORG').placeOfBirth?.text).toBe('AALBORG');
    const misread = place('SEK/SESSO');
    expect(misread.dateOfBirth?.text).toBe('12.03.1990');
    expect(misread.placeOfBirth).toBeUndefined();
  });

  it('reads a US licence: AAMVA field numbers and abbreviations, several fields on a line, month-first dates, the address over two lines', () => {
    const f = read(
      [
        line('4d DLN T64271935', 340, 210),
        line('1 SAMPLE', 340, 270),
        line('2 ANDREW JASON', 340, 330),
        line('8 123 MAIN STREET', 340, 390),
        line('RICHMOND, VA 23219', 340, 420),
        line('3 DOB 07/14/1986 15 SEX M', 340, 480),
        line('4a ISS 03/02/2021', 340, 525),
        line('4b EXP 07/14/2029', 690, 525),
        line('9 CLASS D 12 REST NONE', 340, 570),
      ],
      { numbering: 'aamva', dateOrder: 'MDY' },
    );
    expect(f.documentNumber?.text).toBe('T64271935');
    expect(f.lastName?.text).toBe('SAMPLE');
    expect(f.firstName?.text).toBe('ANDREW JASON');
    expect(f.address?.text).toBe('123 MAIN STREET, RICHMOND, VA 23219');
    expect(f.dateOfBirth?.date).toMatchObject({ year: 1986, month: 7, day: 14 });
    expect(f.sex?.text).toBe('M');
    expect(f.dateOfIssue?.date).toMatchObject({ year: 2021, month: 3, day: 2 });
    expect(f.dateOfExpiry?.date).toMatchObject({ year: 2029, month: 7, day: 14 });
    expect(f.vehicleClass?.text).toBe('D');
    expect(f.restrictions?.text).toBe('NONE');
  });

  it('reads labels printed above their values, in two languages, and a value to the right of its label', () => {
    const f = read([
      line('NOM / SURNAME', 300, 100, 14),
      line('MUSTERMANN', 300, 118),
      line('Prénoms / Given names', 300, 150, 14),
      line('ERIKA', 300, 168),
      line('Date de naissance / Date of birth', 300, 200, 14),
      line('12.08.1974', 300, 218),
      line('SEXE / SEX', 700, 200, 14),
      line('F', 700, 218),
      line('Nationalité', 300, 250, 14),
      line('DEUTSCH', 440, 250),
      line('DOCUMENT NO', 300, 300, 14),
      line('T220001293', 300, 318),
    ]);
    expect(f.lastName?.text).toBe('MUSTERMANN');
    expect(f.firstName?.text).toBe('ERIKA');
    expect(f.dateOfBirth?.date).toMatchObject({ year: 1974, month: 8, day: 12 });
    expect(f.sex?.text).toBe('F');
    expect(f.nationality?.text).toBe('DEUTSCH');
    expect(f.documentNumber?.text).toBe('T220001293');
  });

  it('knows the labels of the smaller EU languages and labels written with N°, N.º and apostrophes; a type label’s value is no name', () => {
    const f = read([
      line('Cognoms', 300, 100, 14),
      line('PUIGDEMONT', 300, 118),
      line('Tipo', 700, 100, 14),
      line('P', 700, 118),
      line('Lloc de naixement', 300, 150, 14),
      line('BRAȘOV', 300, 168),
      line("Data d'expedició", 300, 200, 14),
      line('03.02.2021', 300, 218),
      line("Date d'expiration", 700, 200, 14),
      line('02.02.2031', 700, 218),
      line('N.º de passaporte', 300, 250, 14),
      line('CB1234567', 300, 268),
      line('Sess', 700, 250, 14),
      line('M', 700, 268),
    ]);
    expect(f.lastName?.text).toBe('PUIGDEMONT');
    expect(f.placeOfBirth?.text).toBe('BRAȘOV');
    expect(f.dateOfIssue?.date).toMatchObject({ year: 2021, month: 2, day: 3 });
    expect(f.dateOfExpiry?.date).toMatchObject({ year: 2031, month: 2, day: 2 });
    expect(f.documentNumber?.text).toBe('CB1234567');
    expect(f.sex?.text).toBe('M');
    expect(f.firstName).toBeUndefined();
    expect(foldText('N° du document')).toBe('NO DU DOCUMENT');
  });

  it('reads an EU licence: numbered fields, date and place of birth together, field 12.05.1990 not taken for field 12', () => {
    const f = read(
      [
        line('1. MUSTERMANN', 300, 100),
        line('2. ERIKA', 300, 130),
        line('3. 12.08.1974 BERLIN', 300, 160),
        line('4a. 01.02.2020 4c. LANDRATSAMT', 300, 190),
        line('4b. 31.01.2035', 300, 220),
        line('5. B072RRE2I55', 300, 250),
        line('9. AM/B/L', 300, 280),
      ],
      { numbering: 'eu' },
    );
    expect(f.lastName?.text).toBe('MUSTERMANN');
    expect(f.dateOfBirth?.date).toMatchObject({ year: 1974, month: 8, day: 12 });
    expect(f.placeOfBirth?.text).toBe('BERLIN');
    expect(f.dateOfIssue?.date).toMatchObject({ year: 2020, month: 2, day: 1 });
    expect(f.issuingAuthority?.text).toBe('LANDRATSAMT');
    expect(f.dateOfExpiry?.date).toMatchObject({ year: 2035, month: 1, day: 31 });
    expect(f.documentNumber?.text).toBe('B072RRE2I55');
    expect(f.vehicleClass?.text).toBe('AM/B/L');
    expect(read([line('12.05.1990', 300, 100)], { numbering: 'aamva' })).toEqual({});
  });

  it('reports nothing that does not fit its field, nor values read unclearly, nor a label inside a longer word', () => {
    const f = read([
      line('DATE OF BIRTH', 300, 100, 14),
      line('ERIKA', 300, 118),
      line('SURNAME', 300, 150, 14),
      line('MUSTER3ANN', 300, 168),
      line('GIVEN NAMES', 300, 200, 14),
      line('ERIKA', 300, 218, 20, 0.6),
      line('NOMURA', 300, 250),
      line('SEX', 300, 300, 14),
      line('Q', 300, 318),
    ]);
    expect(f).toEqual({});
  });

  it('takes no name label run into a digit (a letter of its word misread), but a date label run into its date', () => {
    const fieldsOf = (text: string) => labelLines([line(text, 40, 100)], null)[0]!.segments.map((s) => s.label.field);
    // "NOME" (Portuguese: given name) read "NOM0" is not the French surname label NOM.
    expect(fieldsOf('NOM0:')).toEqual([]);
    expect(fieldsOf('NOM: DUPONT')).toEqual(['lastName']);
    expect(fieldsOf('DATE OF BIRTH12.05.1990')).toEqual(['dateOfBirth']);
  });

  it('takes a label misread by a letter or two for a label, never for a value, but not a watermark that contains a label word', () => {
    const f = read([
      line('SURNAME', 300, 100, 14),
      line('NATONALIY', 300, 118, 14),
      line('DEUTSCH', 300, 136),
      line('Fake Document', 300, 200, 14),
      line('t.ly/g8sf', 300, 218),
    ]);
    expect(f.lastName).toBeUndefined();
    expect(f.nationality?.text).toBe('DEUTSCH');
    expect(f.documentNumber).toBeUndefined();
  });

  it('keeps the value on the line of a label read with letters wrong in every language (the labels cover most of the line, not all)', () => {
    expect(segments('Porekonnanmi / Family namo ZAMMIT')).toEqual([['lastName', 'ZAMMIT']]);
    expect(segments('7. STAATSANGCHÖRIGKEIT/RATIONALITY ÖSTERREICH')).toEqual([['nationality', 'ÖSTERREICH']]);
    // A line of labels alone keeps no value, nor its bracketed field number for one.
    expect(segments('NATONALIY')).toEqual([['nationality', '']]);
    expect(segments('AUTHCRITY (9)')).toEqual([['issuingAuthority', '']]);
  });

  it("takes a bilingual label's second part misread by a letter for the label, not the value's start; a word unlike a label stays the value", () => {
    const f = read([line('CÉADAINM / IVEN NAMES ZOFIA', 300, 100), line('NOM / SURNAMO MARTIN', 300, 140)]);
    expect(f.firstName?.text).toBe('ZOFIA');
    expect(f.lastName?.text).toBe('MARTIN');
    // Not a label of the field before the slash, or too unlike one: the value's.
    expect(read([line('NOM / SURMAN MARTIN', 300, 140)]).lastName?.text).toBe('SURMAN MARTIN');
    expect(read([line('PRÉNOMS / GIVEN NAMES JEAN PIERRE', 300, 100)]).firstName?.text).toBe('JEAN PIERRE');
  });

  it('finds a label after a field number of an unknown numbering, or after a language part it does not know, but never after a value', () => {
    expect(segments('1. BAVARDÉ / FAMILY NAME POPESCU')).toEqual([['lastName', 'POPESCU']]);
    expect(segments('3. FASO NR. / DOCUMENT NO. GT0Y6TG67')).toEqual([['documentNumber', 'GT0Y6TG67']]);
    expect(segments('4, Nationality: CANADIAN')).toEqual([['nationality', 'CANADIAN']]);
    expect(segments('1. BAVARDÉ / FAMILY NAME')).toEqual([['lastName', '']]);
    // A value before the slash (digits or letters), a date's day taken for a field number, or more
    // unknown parts than a label has languages: no label.
    expect(segments('12 MAR 1990 / SEX M')).toEqual([]);
    expect(segments('JOHN PAUL / SEX M')).toEqual([]);
    expect(segments('12. 3. 2030')).toEqual([]);
    expect(segments('1.2.1990 PRAHA')).toEqual([]);
    expect(segments('ONE / TWO / THREE / SURNAME MOREAU')).toEqual([]);
    // Numbered documents keep their own numbering: a date is not field 12 followed by field 3.
    expect(labelLines([line('12.3.2030', 300, 100)], 'eu')[0]!.segments).toEqual([]);
    expect(labelLines([line('12.3.2030', 300, 100)], 'aamva')[0]!.segments).toEqual([]);
  });

  it('narrows a value’s box to its characters', () => {
    const [dob] = findPrintedFields(labelLines([line('DOB 07/14/1986', 100, 50)], 'aamva'), { dateOrder: 'MDY', now }).fields;
    expect(dob!.box.x).toBeGreaterThan(100 + 3 * 0.6 * 20);
    expect(dob!.box.x + dob!.box.width).toBeCloseTo(100 + 14 * 0.6 * 20, 0);
  });
});

describe('unreadValueBoxes', () => {
  it('points below a label that stands alone with no value found, and nowhere else', () => {
    const boxes = unreadValueBoxes(labelLines([line('SEX', 300, 100, 14), line('NATIONALITY', 300, 150, 14), line('DEUTSCH', 300, 168)], null));
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.y).toBeGreaterThan(100 + 10);
    expect(boxes[0]!.y + boxes[0]!.height).toBeLessThan(150);
    expect(boxes[0]!.x).toBeLessThan(300);
  });
});

describe('fields without a label, the signature, misprinted values', () => {
  const found = (lines: PrintedLine[], numbering: FieldNumbering = null) => findPrintedFields(labelLines(lines, numbering), { dateOrder: 'DMY', now });

  it('finds a document number printed without a label by its form: after the title, or alone on its line', () => {
    const afterTitle = read([line('IDENTITY CARD NJ6V5CB93', 20, 40), line('SURNAME', 300, 100), line('DUBOIS', 300, 125)]);
    expect(afterTitle.documentNumber?.text).toBe('NJ6V5CB93');
    expect(read([line("CARTE NATIONALE D'IDENTITE N°:X4RTBPFW4", 20, 40)]).documentNumber?.text).toBe('X4RTBPFW4');
    // Alone on its line, beside a personal number of digits only: the one mixing letters and digits.
    const two = read([line('NJ6V5CB93', 600, 40), line('02323312741', 600, 300), line('SURNAME', 300, 100), line('DUBOIS', 300, 125)]);
    expect(two.documentNumber?.text).toBe('NJ6V5CB93');
  });

  it('does not take a date, a value another label claimed, a weak reading or an ambiguous pair for the number', () => {
    expect(read([line('18011971', 600, 40)]).documentNumber).toBeUndefined();
    expect(read([line('21MAY2072', 600, 40)]).documentNumber).toBeUndefined();
    expect(read([line('SURNAME', 300, 100), line('DUBOIS', 300, 125), line('AB12CD34', 600, 40, 20, 0.8)]).documentNumber).toBeUndefined();
    expect(read([line('AB12CD34', 600, 40), line('XY98ZW76', 600, 300)]).documentNumber).toBeUndefined();
    // Digits in the words before it: a line of values, not a number standing alone.
    expect(read([line('123 MAIN STREET APT4B12', 20, 40)]).documentNumber).toBeUndefined();
    // AAMVA cards label their licence number: a number printed without one is an audit number.
    expect(read([line('9 CLASS D', 20, 100), line('ZZ1234567', 600, 40)], { numbering: 'aamva', unlabelledNumber: false }).documentNumber).toBeUndefined();
    const labelled = read([line('PERSONAL NO', 600, 270), line('AB12CD34', 600, 300)]);
    expect(labelled.personalIdNumber?.text).toBe('AB12CD34');
    expect(labelled.documentNumber).toBeUndefined();
  });

  it('finds the signature under or beside its label, grown round its strokes; none when nothing stands there', () => {
    const below = found([line('SIGNATURE / UNTERSCHRIFT', 600, 400), line('Dubois', 610, 430, 40, 0.4)]).fields.find((f) => f.field === 'signature');
    expect(below?.box).toEqual({ x: 590, y: 410, width: 6 * 0.6 * 40 + 40, height: 80 });
    const beside = found([line('7. Anna Dubois', 600, 400, 30)], 'eu').fields.find((f) => f.field === 'signature');
    expect(beside?.text).toBe('Anna Dubois');
    expect(found([line('SIGNATURE', 600, 400), line('SURNAME', 20, 100), line('DUBOIS', 20, 125)]).fields.map((f) => f.field)).toEqual(['lastName']);
    // On the label's line after a gap; not a label that runs on into more words, nor a speck under it.
    expect(found([line('SIGNATURE:        A. Dubois', 600, 400)]).fields.find((f) => f.field === 'signature')?.text).toBe('A. Dubois');
    expect(found([line('SIGNATURE TITULARIZADA', 600, 400)]).fields.find((f) => f.field === 'signature')).toBeUndefined();
    expect(found([line('SIGNATURE', 600, 400), line('x', 600, 425)]).fields.find((f) => f.field === 'signature')).toBeUndefined();
    // A broken-off part of the label, misread, is print too.
    expect(found([line('SIGNATURE', 600, 400), line('Assinatura do t', 600, 425)]).fields.find((f) => f.field === 'signature')).toBeUndefined();
    // A machine-readable zone under the label is not a signature, its filler runs read as a few fillers too.
    expect(found([line('SIGNATURE', 600, 400), line('IDFRAX4RTBPFW46<<<<<<<<<', 600, 425)]).fields.find((f) => f.field === 'signature')).toBeUndefined();
    expect(found([line('SIGNATURE', 600, 400), line('MR Z<L I N E<1 <', 600, 425)]).fields.find((f) => f.field === 'signature')).toBeUndefined();
  });

  it('lists a name printed beside its label with digits in it as a field with invalid characters, unless read elsewhere', () => {
    expect(found([line('SURNAME: DUB0IS', 20, 100)]).invalidCharacterFields).toEqual(['lastName']);
    expect(found([line('SURNAME: DUB0IS', 20, 100), line('NOM', 20, 200), line('DUBOIS', 20, 225)]).invalidCharacterFields).toEqual([]);
  });
});

describe('findPrintedDate', () => {
  const date = (text: string, order: 'DMY' | 'MDY' = 'DMY', role: 'past' | 'expiry' = 'past') => findPrintedDate(foldText(text), order, role, now)?.date;

  it('reads numeric, year-first and month-name dates in the languages of the label dictionary', () => {
    expect(date('14.07.1986')).toMatchObject({ year: 1986, month: 7, day: 14 });
    expect(date('07/14/1986', 'MDY')).toMatchObject({ year: 1986, month: 7, day: 14 });
    expect(date('1986-07-14')).toMatchObject({ year: 1986, month: 7, day: 14 });
    expect(date('14 JUIL/JUL 1986')).toMatchObject({ year: 1986, month: 7, day: 14 });
    expect(date('3 Dez 2031', 'DMY', 'expiry')).toMatchObject({ year: 2031, month: 12, day: 3 });
    expect(date('12 août 1974')).toMatchObject({ year: 1974, month: 8, day: 12 });
  });

  it('takes the month of slash-joined names from those that name one, and none when they disagree', () => {
    // One language's name garbled where the other's is read.
    expect(date('19 ME/MAY 1977')).toMatchObject({ year: 1977, month: 5, day: 19 });
    expect(date('17 JUXL/JUL 1964')).toMatchObject({ year: 1964, month: 7, day: 17 });
    // A name garbled into another month's: no date rather than either month.
    expect(date('14 JUIN/JUL 1986')).toBeUndefined();
    // A short word that names no month does not hide a date after it.
    expect(date('NO 12 DE 14 JUL 1986')).toMatchObject({ year: 1986, month: 7, day: 14 });
  });

  it('resolves two-digit years by what the date is, and rejects impossible dates', () => {
    expect(date('14.07.86')).toMatchObject({ year: 1986 });
    expect(date('14.07.31', 'DMY', 'expiry')).toMatchObject({ year: 2031 });
    expect(date('14.07.31')).toMatchObject({ year: 1931 });
    expect(date('31.02.1990')).toBeUndefined();
    expect(date('14/07/1986', 'MDY')).toBeUndefined();
  });

  it('reads a year the reader broke with spaces as its four digits, not as a two-digit year', () => {
    // The reader's line under a permit's hologram: read as 28/08/20 it was a birth in 2020.
    expect(date('28/08/20 0 3')).toMatchObject({ year: 2003, month: 8, day: 28 });
    expect(date('05 11 19 83')).toMatchObject({ year: 1983, month: 11, day: 5 });
    expect(date('14 JUL 19 86')).toMatchObject({ year: 1986, month: 7, day: 14 });
    // Four digits together stand alone, and a two-digit year keeps the field number after it.
    expect(date('12 03 2030 4 5', 'DMY', 'expiry')).toMatchObject({ year: 2030, month: 3, day: 12 });
    expect(date('12.03.80 4a. 12.03.2020')).toMatchObject({ year: 1980, month: 3, day: 12 });
  });

  it('tells a page whose numeric date reads only the other way round, and the dates that could run either way', () => {
    const page = (...lines: string[]) => lines.map(foldText);
    expect(contradictsDateOrder(page('DOB 07/14/1986', 'EXP 07/14/2031'), 'MDY')).toBe(false);
    expect(contradictsDateOrder(page('DOB 21/05/1966', 'ISS 12/07/2024'), 'MDY')).toBe(true);
    expect(contradictsDateOrder(page('21/05/1966', '12/07/2024'), 'DMY')).toBe(false);
    expect(contradictsDateOrder(page('EXPIRY 04 19 2034'), 'DMY')).toBe(true);
    // Year first, month names and numbers that are no date (a month over 31) settle nothing.
    expect(contradictsDateOrder(page('2024-07-21', '21 JUL 2024', '06/85/2022'), 'MDY')).toBe(false);
    expect(eitherWayRound(date('05.08.1986')!)).toBe(true);
    expect(eitherWayRound(date('05.05.1986')!)).toBe(false);
    expect(eitherWayRound(date('21.05.1986')!)).toBe(false);
    expect(eitherWayRound(date('1986-08-05')!)).toBe(false);
    expect(eitherWayRound(date('5 AUG 1986')!)).toBe(false);
  });
});

describe('foldText', () => {
  it('folds to capitals without accents, one character for one', () => {
    for (const text of ['Nationalité', 'Staatsangehörigkeit', 'Straße', 'Łódź', 'Ærø']) expect(foldText(text)).toHaveLength(text.length);
    expect(foldText('Prénoms / Given names')).toBe('PRENOMS / GIVEN NAMES');
    expect(foldText('Straße')).toBe('STRASE');
  });
});
