/** Recognition fields that hold Base64 images: images live in blobs, never inside state JSON. */
const imageFields = new Set([
  'fullDocumentFirstSideImage',
  'fullDocumentSecondSideImage',
  'faceImage',
  'signatureImage',
  'firstSideFullCardImage',
  'secondSideFullCardImage',
  'image',
  'imageBase64',
]);

/** Card verification values: never stored, at any level, whatever the step. */
const secretFields = /^(cvv2?|cvc2?|cid|csc|securityCode|cardSecurityCode|cardVerificationValue)$/i;

/** Fields whose string value is a card number, masked even when it fails the Luhn check. */
const cardNumberFields = /^(cardNumber|pan|primaryAccountNumber)$/i;

/** 13–19 digits, optionally grouped by single spaces or dashes: a candidate card number. */
const panCandidate = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

/** `data:image/…` or a Base64 text whose bytes begin like a JPEG, PNG, GIF, WebP, BMP or TIFF. */
const imageDataUrl = /^\s*data:image\//i;
const base64ImageStarts = ['/9j/', 'iVBORw0KGgo', 'R0lGOD', 'UklGR', 'SUkq', 'TU0AK'];
const base64Text = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** How long a string may be and still be stored: longer Base64-like text is taken for binary data. */
const maxBase64LikeLength = 4096;

/** `4111111111111111` → `411111******1111` (BIN + last four; shorter numbers keep only the last four). */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  return digits.slice(0, 6) + '*'.repeat(digits.length - 10) + digits.slice(-4);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Every Luhn-valid 13–19 digit run in a text, masked to BIN + last four. */
export function maskCardNumbersIn(text: string): string {
  if (!/\d{4}/.test(text)) return text;
  return text.replace(panCandidate, (match) => {
    const digits = match.replace(/\D/g, '');
    return passesLuhn(digits) ? maskCardNumber(digits) : match;
  });
}

/**
 * A value with every Luhn-valid card number in it masked to BIN + last four — in strings (keys of
 * objects included) and in integers — and nothing else changed: the free-text fields the platform
 * stores from clients (form values, tags, link fields, comments) hold no card number at rest.
 */
export function maskCardNumbersDeep<T>(value: T): T {
  return maskDeep(value) as T;
}

function maskDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskCardNumbersIn(value);
  if (typeof value === 'number') return maskedNumber(value);
  if (Array.isArray(value)) return value.map(maskDeep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskCardNumbersIn(k), maskDeep(v)]));
  }
  return value;
}

/** A card number sent as a JSON number (16 digits still fit a double exactly), masked; other numbers unchanged. */
function maskedNumber(value: number): number | string {
  const digits = Number.isInteger(value) && value > 0 ? String(value) : '';
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) ? maskCardNumber(digits) : value;
}

/** True for image data: a data:image URL, Base64 of an image, or any long Base64-like text. */
export function looksLikeImageData(text: string): boolean {
  if (imageDataUrl.test(text)) return true;
  if (text.length < 64) return false;
  const head = text.trimStart().slice(0, 16);
  if (base64ImageStarts.some((start) => head.startsWith(start)) && base64Text.test(text.slice(0, 256).trim())) return true;
  return text.length > maxBase64LikeLength && base64Text.test(text.replace(/\s+/g, ''));
}

/** Cleans one value: images dropped (undefined), card numbers masked, secrets removed; recursive on the (depth-checked) input. */
function clean(value: unknown, key: string | null): unknown {
  if (typeof value === 'string') {
    if (looksLikeImageData(value)) return undefined;
    return key && cardNumberFields.test(key) ? maskCardNumber(value) : maskCardNumbersIn(value);
  }
  if (typeof value === 'number') return maskedNumber(value);
  if (Array.isArray(value)) return value.map((item) => clean(item, key)).filter((item) => item !== undefined);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (imageFields.has(k) || secretFields.test(k)) continue;
      const cleaned = clean(v, k);
      if (cleaned !== undefined) out[k] = cleaned;
    }
    return out;
  }
  return value;
}

/**
 * Cleans a recognition `data` object (the browser's or the server's) before it is stored: at every
 * level, image fields and image data (Base64 or data: URLs) are dropped, card verification values
 * removed, and card numbers kept as BIN + last four only — whatever the step type, since a browser
 * may send anything. The input must be depth-checked (checkJsonLimits) when it comes from a client.
 */
export function sanitizeExtraction(data: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!data) return {};
  return clean(data, null) as Record<string, unknown>;
}
