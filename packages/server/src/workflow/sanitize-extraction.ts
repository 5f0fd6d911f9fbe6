import type { StepType } from '@idlens/sdk/api';

/** Recognition fields that hold Base64 images: images live in blobs, never inside state JSON. */
const imageFields = new Set([
  'fullDocumentFirstSideImage', 'fullDocumentSecondSideImage', 'faceImage', 'signatureImage',
  'firstSideFullCardImage', 'secondSideFullCardImage', 'image', 'imageBase64',
]);

/** Per step type: how the browser's extraction is cleaned before it is stored. */
const cleaners: Partial<Record<StepType, (data: Record<string, unknown>) => Record<string, unknown>>> = {
  // A CVV is never stored; a card number is kept as BIN + last four only.
  ScanCard: (data) => {
    const { cvv: _cvv, ...rest } = data;
    if (typeof rest.cardNumber === 'string') rest.cardNumber = maskCardNumber(rest.cardNumber);
    return rest;
  },
};

/** `4111111111111111` → `411111******1111` (BIN + last four; shorter numbers keep only the last four). */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  return digits.slice(0, 6) + '*'.repeat(digits.length - 10) + digits.slice(-4);
}

/** Drops image fields and secrets from a recognition `data` object (the browser's or the server's). */
export function sanitizeExtraction(type: StepType, data: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!data) return {};
  const withoutImages = Object.fromEntries(Object.entries(data).filter(([key]) => !imageFields.has(key)));
  return cleaners[type]?.(withoutImages) ?? withoutImages;
}
