import { checkDigit } from '../../../packages/sdk/src/engine/mrz/check-digit.ts';
import { framePng, renderMrzPage } from '../../support/mrz-render.ts';
import { portraitPng } from '../../support/portraits.ts';

/** A TD3 zone of the ICAO specimen with a chosen expiry (YYMMDD) and every check digit right. */
export function td3Lines(expiry = '340415'): [string, string] {
  const number = 'L898902C3';
  const birth = '740812';
  const optional = 'ZE184226B<<<<<';
  const fields = `${number}${checkDigit(number)}UTO${birth}${checkDigit(birth)}F${expiry}${checkDigit(expiry)}${optional}${checkDigit(optional)}`;
  const composite = `${number}${checkDigit(number)}${birth}${checkDigit(birth)}${expiry}${checkDigit(expiry)}${optional}${checkDigit(optional)}`;
  return ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', `${fields}${checkDigit(composite)}`];
}

/** A rendered passport data page (OCR-B), as PNG bytes; with `portrait`, the holder's photo in its photo box. */
export async function passportPng(expiry?: string, options: { portrait?: boolean } = {}): Promise<Buffer> {
  return framePng(await renderMrzPage(td3Lines(expiry), options.portrait ? { portrait: (w, h) => portraitPng(0, w, h) } : {}));
}
