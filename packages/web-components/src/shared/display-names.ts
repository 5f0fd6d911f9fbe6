import type { MessageKey } from '../i18n/translations.ts';

/**
 * Names the UI shows for the API's enums: the raw JSON keeps `QR_CODE`, `AMERICAN_EXPRESS` or
 * `VALID`; a person reads "QR code", "American Express", "valid".
 */

const barcodeTypes: Record<string, string> = {
  QR_CODE: 'QR code',
  PDF417_BARCODE: 'PDF417',
  CODE_128: 'Code 128',
  CODE_39: 'Code 39',
  EAN_13: 'EAN-13',
  EAN_8: 'EAN-8',
  UPC_A: 'UPC-A',
  UPC_E: 'UPC-E',
  ITF: 'ITF',
};

/** `QR_CODE` → `QR code`, `CODE_128` → `Code 128` (symbology names are the same in every language). */
export function barcodeTypeName(type: string | null | undefined): string {
  if (!type) return '?';
  return barcodeTypes[type] ?? type.replace(/_/g, ' ');
}

/** `AMERICAN_EXPRESS` → `American Express`; `ISSUER_OTHER` (or none) → null. */
export function networkName(issuer: string | null | undefined): string | null {
  if (!issuer || issuer === 'ISSUER_OTHER') return null;
  return issuer
    .toLowerCase()
    .split('_')
    .map((w) => (w.length <= 3 && w !== 'elo' ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');
}

const statusKeys: Record<string, MessageKey> = { VALID: 'statusValid', UNCERTAIN: 'statusUncertain', STAGE_VALID: 'statusStageValid' };

/** The message key of a recognition status word (`VALID` → "valid"), or null for one without (EMPTY). */
export function statusKey(status: string): MessageKey | null {
  return statusKeys[status] ?? null;
}

const checkKeys: Record<string, MessageKey> = {
  recognized: 'checkRecognized',
  mrzCheckDigits: 'checkMrzCheckDigits',
  notExpired: 'checkNotExpired',
  ageLimit: 'checkAgeLimit',
  frontBackMatch: 'checkFrontBackMatch',
  clientServerMatch: 'checkClientServerMatch',
};

/** The message key naming a verification check (`mrzCheckDigits`), or null for a check the UI does not know. */
export function checkKey(name: string): MessageKey | null {
  return checkKeys[name] ?? null;
}

/**
 * A check's reason (the platform's English text) with the field ids in it as words
 * ("differs: documentNumber, dateOfBirth" → "differs: document number, date of birth").
 */
export function plainReason(reason: string): string {
  return reason.replace(/\b[a-z]+(?:[A-Z][a-z]+)+\b/g, (id) => id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

const outcomeKeys: Record<string, MessageKey> = { PASS: 'checkPass', FAIL: 'checkFail', NOT_PERFORMED: 'checkNotPerformed' };

/** `PASS` → "passed", `NOT_PERFORMED` → "not performed". */
export function outcomeKey(outcome: string): MessageKey | null {
  return outcomeKeys[outcome] ?? null;
}
