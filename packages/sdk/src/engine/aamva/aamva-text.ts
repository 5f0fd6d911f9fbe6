/**
 * Text of an ID-barcode payload. AAMVA payloads are ASCII (ISO 8859-1 in PDF417's default code page),
 * but some issuers write accented names as UTF-8. Decoding as UTF-8 only when the bytes are valid
 * UTF-8 *and* use multi-byte sequences keeps one character per byte otherwise, so control bytes such
 * as 0x90 (seen between elements in real captures) stay recognisable as separators.
 */
export function decodePayload(bytes: Uint8Array): string {
  if (bytes.some((b) => b >= 0x80)) {
    try {
      // TextDecoder drops a leading UTF-8 byte-order mark by default.
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // Not UTF-8: fall through to ISO 8859-1.
    }
  }
  return latin1(bytes);
}

/** ISO 8859-1, one character per byte (TextDecoder's "latin1" is really windows-1252). */
export function latin1(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    text += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return text;
}

/**
 * Whether a character separates data elements. The standard uses LF between elements, RS before
 * subfiles and CR at their end, but scanners replace them with other control characters (C0 or C1),
 * so any control character counts. `declared` is the separator the header announces when it is a
 * printable non-alphanumeric character (e.g. `|` from some capture software).
 */
export function isSeparator(char: string | undefined, declared: string | null): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  return declared !== null && char === declared;
}

/**
 * Printable characters capture software substitutes for LF. Anything else printable (commas, dashes,
 * apostrophes…) occurs inside names and addresses, so a header announcing it is not believed.
 */
const printableSeparators = ['|', '~', '^'] as const;

/** The declared separator if it is a printable substitute for LF, else null. */
export function usableDeclaredSeparator(char: string | undefined): string | null {
  return printableSeparators.find((s) => s === char) ?? null;
}
