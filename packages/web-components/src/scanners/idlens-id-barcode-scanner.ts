import type { Recognizer } from '@idlens/sdk/client';
import type { IdBarcodeData } from '../shared/result-types.ts';
import { ScannerElement } from './scanner-element.ts';

/**
 * Scans the PDF417 on the back of a driver's licence or ID card (AAMVA) and parses it.
 * Live scanning looks for a PDF417; the agreed frame is then parsed as an ID barcode.
 *
 * @fires idlens-result - `data` is the `/id-barcode` response's `data`
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
export class IdlensIdBarcodeScanner extends ScannerElement<IdBarcodeData> {
  protected readonly resultKind = 'id-barcode' as const;
  protected readonly scanKind = 'barcode' as const;
  protected readonly aimKey = 'aimIdBarcode' as const;
  protected override guideAspect = 3;

  protected override qualityThresholds() {
    return { maxGlare: 1 };
  }

  protected scanOptions() {
    return { scanPdf417: true };
  }

  protected recognizeImage(recognizer: Recognizer, image: Blob, signal?: AbortSignal): Promise<IdBarcodeData> {
    return recognizer.idBarcode(image, { signal });
  }

  /** The session agreed on a PDF417: parse that very frame as an ID barcode. */
  protected override async refine(_data: IdBarcodeData, frame: HTMLCanvasElement): Promise<IdBarcodeData> {
    return this.activeRecognizer.idBarcode(await createImageBitmap(frame));
  }

  protected summarize(data: IdBarcodeData): string {
    const fields = data as unknown as { firstName?: string | null; lastName?: string | null };
    const name = [fields.firstName, fields.lastName].filter(Boolean).join(' ');
    return `${this.t('resultIdBarcode', { status: this.statusText(data.recognitionStatus) })}${name ? ` — ${name}` : ''}`;
  }
}

if (!customElements.get('idlens-id-barcode-scanner')) customElements.define('idlens-id-barcode-scanner', IdlensIdBarcodeScanner);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-id-barcode-scanner': IdlensIdBarcodeScanner;
  }
}
