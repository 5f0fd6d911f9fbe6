import { editDistance } from './approximate-substring.ts';

/**
 * Nationalities as European and North American documents print them — the adjective (each gender the
 * language inflects it for) and the state's short name, in the issuing state's own languages with
 * their accents, and in English — for the states of the EU, the EEA, Switzerland, the United
 * Kingdom, the United States and Canada, and, in English, the states whose citizens most often hold
 * European residence permits. Data, not code: world knowledge, not drawn from any test set. A read
 * value within a letter or two of one of these words but not one of them is a misread word
 * (`nearNationalityWord`), not a nationality the list lacks.
 */
export const nationalityWords: readonly string[] = [
  // Austria, Germany, Liechtenstein, Switzerland, Luxembourg (German)
  'ÖSTERREICH|ÖSTERREICHISCH|ÖSTERREICHISCHE|DEUTSCH|DEUTSCHE|DEUTSCHER|DEUTSCHLAND',
  'LIECHTENSTEIN|LIECHTENSTEINISCH|SCHWEIZ|SCHWEIZER|SCHWEIZERISCH|SCHWEIZERIN',
  'LUXEMBURG|LUXEMBURGISCH|LËTZEBUERG|LËTZEBUERGESCH',
  // French
  'FRANÇAISE|FRANÇAIS|FRANCE|BELGE|BELGIQUE|LUXEMBOURGEOISE|LUXEMBOURGEOIS|LUXEMBOURG',
  'SUISSE|AUTRICHIENNE|AUTRICHIEN|ALLEMANDE|ALLEMAND|ITALIENNE|ITALIEN|ESPAGNOLE',
  'ESPAGNOL|PORTUGAISE|PORTUGAIS|BRITANNIQUE|AMÉRICAINE|AMÉRICAIN|CANADIENNE|CANADIEN',
  // Dutch
  'NEDERLANDSE|NEDERLANDER|NEDERLAND|BELG|BELGISCHE|BELGIË',
  // Spanish, Catalan, Galician, Basque
  'ESPAÑOLA|ESPAÑOL|ESPAÑA|ESPANYOLA|ESPANYOL|ESPANYA|ESPAINIARRA|ESPAINIA',
  // Italian, Maltese
  'ITALIANA|ITALIANO|ITALIA|SAMMARINESE|MALTIJA|MALTI|MALTA',
  // Portuguese
  'PORTUGUESA|PORTUGUÊS|PORTUGAL|BRASILEIRA|BRASILEIRO',
  // Polish, Czech, Slovak
  'POLSKIE|POLSKA|POLSKI|POLAK|POLKA',
  'ČESKÁ REPUBLIKA|ČESKÁ|ČESKÝ|ČESKO|SLOVENSKÁ REPUBLIKA|SLOVENSKÁ|SLOVENSKÝ|SLOVENSKO',
  // Hungarian, Romanian, Bulgarian (Latin transliteration)
  'MAGYAR|MAGYARORSZÁG|ROMÂNĂ|ROMÂN|ROMÂNIA|BALGARSKO|BALGARIYA|BULGARSKO',
  // Croatian, Slovenian
  'HRVATSKO|HRVATSKA|HRVATSKI|SLOVENSKA|SLOVENIJA|SLOVENSKI',
  // Baltic
  'LIETUVOS RESPUBLIKA|LIETUVOS|LIETUVA|LIETUVIS|LIETUVĖ|LATVIJAS|LATVIJA|LATVIETIS',
  'LATVIETE|EESTI|EESTLANE',
  // Nordic
  'SUOMI|SUOMALAINEN|SUOMEN|FINLAND|FINSK|SVENSK|SVERIGE|DANSK|DANMARK|NORSK',
  'NORGE|ÍSLENSK|ÍSLENSKUR|ÍSLAND',
  // Irish, Greek and Cypriot (Latin transliteration)
  'ÉIREANNACH|ÉIRE|ELLINIKI|ELLINIKO|ELLAS|KYPRIAKI|KYPRIAKO|KYPROS',
  // English: the states above
  'AUSTRIAN|AUSTRIA|BELGIAN|BELGIUM|BULGARIAN|BULGARIA|CROATIAN|CROATIA|CYPRIOT',
  'CYPRUS|CZECH|CZECH REPUBLIC|CZECHIA|DANISH|DENMARK|ESTONIAN|ESTONIA|FINNISH',
  'FRENCH|GERMAN|GERMANY|GREEK|GREECE|HELLENIC|HUNGARIAN|HUNGARY|IRISH|IRELAND',
  'ITALIAN|ITALY|LATVIAN|LATVIA|LITHUANIAN|LITHUANIA|LUXEMBOURGER|LUXEMBOURGISH',
  'MALTESE|DUTCH|NETHERLANDS|POLISH|POLAND|PORTUGUESE|ROMANIAN|ROMANIA|SLOVAK',
  'SLOVAKIA|SLOVENIAN|SLOVENE|SLOVENIA|SPANISH|SPAIN|SWEDISH|SWEDEN|ICELANDIC',
  'ICELAND|LIECHTENSTEINER|NORWEGIAN|NORWAY|SWISS|SWITZERLAND|BRITISH|BRITISH CITIZEN',
  'UNITED KINGDOM|AMERICAN|UNITED STATES|USA|CANADIAN|CANADA',
  // English: other states
  'ALBANIAN|ALGERIAN|AFGHAN|ARGENTINE|ARGENTINIAN|AUSTRALIAN|BANGLADESHI|BELARUSIAN',
  'BOSNIAN|BRAZILIAN|CHINESE|COLOMBIAN|EGYPTIAN|ERITREAN|FILIPINO|GEORGIAN|GHANAIAN',
  'INDIAN|INDONESIAN|IRANIAN|IRAQI|ISRAELI|JAPANESE|JORDANIAN|KAZAKH|KOSOVAR',
  'LEBANESE|MACEDONIAN|MEXICAN|MOLDOVAN|MONTENEGRIN|MOROCCAN|NEPALESE|NIGERIAN',
  'PAKISTANI|PERUVIAN|RUSSIAN|SENEGALESE|SERBIAN|SOMALI|SOUTH AFRICAN|SRI LANKAN',
  'SYRIAN|THAI|TUNISIAN|TURKISH|UKRAINIAN|VENEZUELAN|VIETNAMESE',
].flatMap((group) => group.split('|'));

const known: ReadonlySet<string> = new Set(nationalityWords);

/** A value as the list spells its words: composed accents, capitals, single spaces. */
const asListed = (text: string) => text.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * What the list says against a field's value: a nationality that is a misread word
 * (`nearNationalityWord`), a surname or given name that is a listed word (the nationality taken for a name).
 */
export function nationalityWordDoubts(field: string, text: string): boolean {
  if (field === 'nationality') return nearNationalityWord(text);
  return (field === 'lastName' || field === 'firstName') && isNationalityWord(text);
}

/** Whether a value is one of the listed words, as printed. */
export function isNationalityWord(text: string): boolean {
  return known.has(asListed(text));
}

/**
 * Whether a nationality as read is a misread word: one of its parts (a value may print two, "DEUTSCH /
 * GERMAN") is not a listed word but lies within an edit or two of one (one up to 7 letters, two
 * from 8) — "NEDERIANDSE", "ESPAÑNOLA", a lost accent. A part far from every word is a nationality the
 * list lacks (or no nationality at all) and is left to the assigner; parts under 5 letters (codes)
 * are too short to tell a misread from another word.
 */
export function nearNationalityWord(text: string): boolean {
  const value = asListed(text);
  if (known.has(value)) return false;
  return value
    .split(/\s*[/,]\s*/)
    .filter((part) => part.length >= 5 && !known.has(part))
    .some((part) => {
      const k = part.length >= 8 ? 2 : 1;
      return nationalityWords.some((word) => Math.abs(word.length - part.length) <= k && editDistance(part, word) <= k);
    });
}
