/**
 * The Luhn (mod 10) check every payment-card number carries in its last digit (ISO/IEC 7812-1).
 * It catches every single-digit misread and most adjacent swaps — the reason a misread number is
 * almost never returned as valid.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
