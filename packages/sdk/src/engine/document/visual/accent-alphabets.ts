/**
 * The accented capitals of each language whose names, places and authorities European and North
 * American documents print: the EU's and EEA's official languages, Switzerland's, the UK's (Welsh,
 * Irish, Scottish Gaelic), Canada's French, and Turkish and Albanian, common among holders of
 * residence permits. Data, not code: each language's alphabet, not drawn from any test set.
 */
const alphabets: readonly string[] = [
  'ÄÖÜẞß', // German
  'ÄËÉ', // Luxembourgish
  'ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ', // French
  'ÁÉÍÑÓÚÜ', // Spanish, Galician, Basque
  'ÀÇÈÉÍÏÒÓÚÜ', // Catalan
  'ÁÂÃÀÇÉÊÍÓÔÕÚÜ', // Portuguese
  'ÀÈÉÌÍÎÒÓÙÚ', // Italian
  'ĊĠĦŻÀÈÌÒÙ', // Maltese
  'ÄËÏÖÜÉÈ', // Dutch
  'ÆØÅÉÈÊÓÒÔ', // Danish, Norwegian
  'ÅÄÖÉ', // Swedish
  'ÄÖÅŠŽ', // Finnish
  'ÁÐÉÍÓÚÝÞÆÖ', // Icelandic
  'ÁÍÓÚÝÆØÐ', // Faroese
  'ÄÕÖÜŠŽ', // Estonian
  'ĀČĒĢĪĶĻŅŠŪŽ', // Latvian
  'ĄČĘĖĮŠŲŪŽ', // Lithuanian
  'ĄĆĘŁŃÓŚŹŻ', // Polish
  'ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ', // Czech
  'ÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ', // Slovak
  'ČĆĐŠŽ', // Slovenian, Croatian, Bosnian, Serbian Latin
  'ÁÉÍÓÖŐÚÜŰ', // Hungarian
  'ĂÂÎȘȚŞŢ', // Romanian (comma and cedilla forms)
  'ÁÉÍÓÚ', // Irish
  'ÀÈÌÒÙ', // Scottish Gaelic
  'ÂÊÎÔÛŴŶÄËÏÖÜÁÉÍÓÚÀÈÌÒÙ', // Welsh
  'ÇĞİÖŞÜ', // Turkish
  'ÇË', // Albanian
];

/** A letter as a capital, where its capital is one letter (ß stays ß). */
const capital = (letter: string) => (letter.toUpperCase().length === 1 ? letter.toUpperCase() : letter);

/**
 * Whether a word's accented letters are found together in no language's alphabet — `NOËĻ` (Ë is
 * French or Dutch, Ļ Latvian), `SĮMÕES` (Į Lithuanian, Õ Portuguese or Estonian): a reader adding
 * a hook or a dot out of the paper's print, not a name as printed. A word holds one language's
 * letters; a value may join words of several (`HAUPTSTRASSE 12, BRAȘOV`).
 */
export function mixesAlphabets(word: string): boolean {
  const accented = [...new Set([...word.normalize('NFC')].map(capital).filter((c) => c > '\u007f' && /\p{L}/u.test(c)))];
  return accented.length > 0 && !alphabets.some((alphabet) => accented.every((c) => alphabet.includes(c)));
}

/** The fields whose values are words of a language: names, places, the authority, the address, the nationality. */
const wordFields: ReadonlySet<string> = new Set([
  'lastName',
  'firstName',
  'additionalNameInformation',
  'placeOfBirth',
  'nationality',
  'issuingAuthority',
  'address',
]);

/** Whether a field's value holds a word that mixes alphabets (`mixesAlphabets`): it is returned in doubt. */
export function mixedAlphabetDoubts(field: string, text: string): boolean {
  return wordFields.has(field) && text.split(/[\s,./'’-]+/).some(mixesAlphabets);
}
