import type { PropertyDeclarations } from 'lit';
import type { Recognizer } from '@idlens/sdk/client';
import type { CardData, CardOptions } from '../shared/result-types.ts';
import { networkName } from '../shared/display-names.ts';
import { ScannerElement } from './scanner-element.ts';

/**
 * Scans a payment card: number (Luhn-checked), expiry, cardholder, issuer network. The
 * summary shows only the last four digits; the full `data` goes to the `idlens-result` listener.
 *
 * @fires idlens-result - `data` is the `/card` response's `data` (CardData)
 * @fires idlens-error
 * @fires idlens-progress
 * @fires idlens-status
 * @slot title
 * @slot hint
 * @csspart camera
 * @csspart guide
 * @csspart feedback
 * @csspart progress
 * @csspart snapshot
 * @csspart result
 * @csspart error
 */
export class IdlensCardScanner extends ScannerElement<CardData> {
  static override properties: PropertyDeclarations = {
    ...ScannerElement.properties,
    options: { attribute: false },
  };

  /** `/card` request options; default: expiry date and cardholder name. */
  declare options: CardOptions;
  protected readonly resultKind = 'card' as const;
  protected readonly scanKind = 'card' as const;
  protected readonly aimKey = 'aimCard' as const;

  constructor() {
    super();
    this.options = { extractExpiryDate: true, extractCardholderName: true };
  }

  protected scanOptions(): CardOptions {
    return this.options;
  }

  protected recognizeImage(recognizer: Recognizer, image: Blob, signal?: AbortSignal): Promise<CardData> {
    return recognizer.card({ cardNumberSide: image }, this.options, { signal });
  }

  protected summarize(data: CardData): string {
    const digits = (data.cardNumber ?? '').replace(/\D/g, '');
    const last4 = digits.slice(-4) || '????';
    const issuer = networkName(data.issuingNetwork);
    return issuer ? this.t('resultCard', { issuer, last4 }) : this.t('resultCardNoNetwork', { last4 });
  }
}

if (!customElements.get('idlens-card-scanner')) customElements.define('idlens-card-scanner', IdlensCardScanner);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-card-scanner': IdlensCardScanner;
  }
}
