import type { BarcodeType } from '../../../api/barcode.ts';

/** What the EAN/UPC decoders and checks share: the symbols' module counts, the digits' module patterns, EAN-13's and UPC-E's parity patterns, UPC-E's expansion to UPC-A and the GTIN check digit. */

/** Modules of an EAN-13 or UPC-A between its outer guards' ends (guards 3 + 5 + 3, twelve digits of 7). */
export const symbolModules = 95;

/** Modules from the first guard bar to the end of the last guard of each EAN/UPC symbology. */
export const eanUpcModules: Partial<Record<BarcodeType, number>> = { EAN_13: symbolModules, UPC_A: symbolModules, EAN_8: 67, UPC_E: 51 };

/** Module patterns of the digits' L codes (1 = bar); R codes are their complements, G codes the R codes reversed. */
export const lCodes = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'] as const;

/** An EAN-13's left-half L/G parity pattern for each first digit. */
export const ean13Parities = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'] as const;

/** A UPC-E's parity pattern for each check digit, number system 0 (number system 1 has them swapped: L for G). */
export const upceParities = ['GGGLLL', 'GGLGLL', 'GGLLGL', 'GGLLLG', 'GLGGLL', 'GLLGGL', 'GLLLGG', 'GLGLGL', 'GLGLLG', 'GLLGLG'] as const;

/** The UPC-A (12 digits) a UPC-E (number system, six digits, check digit) stands for. */
export function upcaOfUpce(upce: string): string {
  const [ns, d1, d2, d3, d4, d5, d6, check] = [...upce] as string[];
  const body =
    d6 === '0' || d6 === '1' || d6 === '2'
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === '3'
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === '4'
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

/** The GTIN check digit of any length (EAN-13, EAN-8, UPC-A): weights 1 and 3 alternating from the right, the sum a multiple of 10. */
export function hasValidCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}
