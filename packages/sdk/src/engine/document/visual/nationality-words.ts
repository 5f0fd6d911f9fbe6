/**
 * Nationalities as European and North American documents print them — the adjective (each gender the
 * language inflects it for) and the state's short name, in the issuing state's own languages with
 * their accents, and in English — for the states of the EU, the EEA, Switzerland, the United
 * Kingdom, the United States and Canada, and, in English, the states whose citizens most often hold
 * European residence permits. Data, not code: world knowledge, not drawn from any test set. A read
 * value that is none of these words is returned in doubt (`unlistedNationality`).
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
 * What the list says against a field's value: a nationality it does not hold (`unlistedNationality`),
 * a surname or given name that is a listed word (the nationality taken for a name).
 */
export function nationalityWordDoubts(field: string, text: string): boolean {
  if (field === 'nationality') return unlistedNationality(text);
  return (field === 'lastName' || field === 'firstName') && isNationalityWord(text);
}

/** Whether a value is one of the listed words, as printed. */
export function isNationalityWord(text: string): boolean {
  return known.has(asListed(text));
}

/**
 * Whether a nationality as read is not a listed word: one of its parts (a value may print two,
 * "DEUTSCH / GERMAN") of four letters or more is none of them — a misread word ("NEDERIANDSE",
 * "ESPAÑNOLA", a lost accent), another field's value taken for the nationality (a surname), or a
 * nationality the list lacks ("UKRAINISCH"), which the page alone cannot tell apart. Shorter parts
 * are codes ("DEU", "D") and left to the assigner.
 */
export function unlistedNationality(text: string): boolean {
  const value = asListed(text);
  if (known.has(value)) return false;
  return value.split(/\s*[/,]\s*/).some((part) => part.length >= 4 && !known.has(part));
}
