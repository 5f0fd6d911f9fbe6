import { html, type PropertyDeclarations } from 'lit';
import type { Recognizer } from '@idlens/sdk/client';
import { allSymbologies, type BarcodeData, type BarcodeOptions } from '../shared/result-types.ts';
import { barcodeTypeName } from '../shared/display-names.ts';
import { ScannerElement } from './scanner-element.ts';

/**
 * Scans barcodes (QR, PDF417, Code 128/39, EAN-13/8, UPC-A/E, ITF) from the camera or a photo.
 *
 * @fires idlens-result - `data` is the `/barcode` response's `data` (BarcodeData)
 * @fires idlens-error
 * @fires idlens-progress
 * @fires idlens-status
 * @slot title - above the camera
 * @slot hint - the text before the camera starts
 * @csspart camera - the inner `<idlens-camera>` (plus its viewport, video, controls, button, message)
 * @csspart guide - the guide frame
 * @csspart feedback - live feedback (aria-live)
 * @csspart progress - asset loading
 * @csspart snapshot - the frame that was read
 * @csspart result - the result line
 * @csspart error - the error line
 * @csspart reading - a photo being read (spinner, seconds, Cancel)
 * @csspart trouble - the "having trouble?" tips
 * @csspart outcome - the result (or error) with its heading
 */
export class IdlensBarcodeScanner extends ScannerElement<BarcodeData> {
  static override properties: PropertyDeclarations = {
    ...ScannerElement.properties,
    options: { attribute: false },
  };

  /** Reader options (the `/barcode` request fields); default: all nine symbologies. */
  declare options: BarcodeOptions;
  protected readonly resultKind = 'barcode' as const;
  protected readonly scanKind = 'barcode' as const;
  protected readonly aimKey = 'aimBarcode' as const;
  protected override guideAspect = 1;

  constructor() {
    super();
    this.options = { ...allSymbologies };
  }

  protected override qualityThresholds() {
    return { maxGlare: 1 };
  }

  protected scanOptions(): BarcodeOptions {
    return this.options;
  }

  protected recognizeImage(recognizer: Recognizer, image: Blob, signal?: AbortSignal): Promise<BarcodeData> {
    return recognizer.barcode(image, this.options, { signal });
  }

  /** Long contents are shortened in the summary; Copy takes all of it. */
  protected override copyText(data: BarcodeData): string | null {
    return data.stringData ?? data.rawData ?? null;
  }

  protected summarize(data: BarcodeData) {
    return html`${this.t('resultBarcode', { type: barcodeTypeName(data.barcodeType) })} <code>${truncate(data.stringData ?? data.rawData ?? '', 120)}</code>`;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

if (!customElements.get('idlens-barcode-scanner')) customElements.define('idlens-barcode-scanner', IdlensBarcodeScanner);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-barcode-scanner': IdlensBarcodeScanner;
  }
}
