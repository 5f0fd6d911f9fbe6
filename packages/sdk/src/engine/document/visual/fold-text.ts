/** Letters whose decomposition does not strip to a base letter (folded one character to one). */
const special: Readonly<Record<string, string>> = {
  ß: 'S',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Æ: 'A',
  æ: 'A',
  Œ: 'O',
  œ: 'O',
  Þ: 'T',
  þ: 'T',
  ı: 'I',
  Ħ: 'H',
  ħ: 'H',
  // "N°" and "N.º" (number) are read as the letter O by labels: "N° DU DOCUMENT" is "NO DU DOCUMENT".
  '°': 'O',
  º: 'O',
};

/**
 * Text in capitals without accents, character for character (the result is as long as the input,
 * so a position found in the folded text is the same position in the original): labels and values
 * are matched on folded text and returned from the original.
 */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text) {
    const base =
      special[ch] ??
      ch
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase();
    // Keep one character per input character (a UTF-16 pair counts as its two units).
    out += base.length === ch.length ? base : (base + ' '.repeat(ch.length)).slice(0, ch.length);
  }
  return out;
}
