import { checkDigit } from '../../../packages/sdk/src/engine/mrz/check-digit.ts';
import { framePng, renderMrzPage } from '../../support/mrz-render.ts';
import { portraitPng } from '../../support/portraits.ts';

/** Who a generated passport belongs to, where it is not the ICAO specimen's Anna Eriksson. */
export interface PassportHolder {
  number: string;
  /** YYMMDD. */
  birth: string;
  /** The MRZ name field (`SURNAME<<GIVEN<NAMES`). */
  names: string;
}

const specimenHolder: PassportHolder = { number: 'L898902C3', birth: '740812', names: 'ERIKSSON<<ANNA<MARIA' };

/** A TD3 zone of the ICAO specimen (or another holder) with a chosen expiry (YYMMDD) and every check digit right. */
export function td3Lines(expiry = '340415', holder: PassportHolder = specimenHolder): [string, string] {
  const { number, birth } = holder;
  const optional = 'ZE184226B<<<<<';
  const fields = `${number}${checkDigit(number)}UTO${birth}${checkDigit(birth)}F${expiry}${checkDigit(expiry)}${optional}${checkDigit(optional)}`;
  const composite = `${number}${checkDigit(number)}${birth}${checkDigit(birth)}${expiry}${checkDigit(expiry)}${optional}${checkDigit(optional)}`;
  return [`P<UTO${holder.names}`.padEnd(44, '<'), `${fields}${checkDigit(composite)}`];
}

/** A rendered passport data page (OCR-B), as PNG bytes; with `portrait`, the holder's photo in its photo box. */
export async function passportPng(expiry?: string, options: { portrait?: boolean; holder?: PassportHolder } = {}): Promise<Buffer> {
  const holder = options.holder ?? specimenHolder;
  return framePng(
    await renderMrzPage(td3Lines(expiry, holder), {
      viz: ['PASSPORT  PASSEPORT', 'Surname / Nom', 'Given names / Prénoms', `Date of birth ${printedDate(holder.birth)}`],
      ...(options.portrait ? { portrait: (w: number, h: number) => portraitPng(0, w, h) } : {}),
    }),
  );
}

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `740812` → `12 AUG 1974`, as the page prints it (birth dates: 19xx from 30 up). */
function printedDate(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2));
  return `${yymmdd.slice(4, 6)} ${months[Number(yymmdd.slice(2, 4)) - 1]} ${year >= 30 ? 1900 + year : 2000 + year}`;
}
