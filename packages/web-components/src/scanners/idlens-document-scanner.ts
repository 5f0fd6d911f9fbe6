import { css, html, nothing, type PropertyDeclarations } from 'lit';
import type { ImageInput, Recognizer } from '@idlens/sdk/client';
import { frameToBlob } from '../camera/idlens-camera.ts';
import type { DocumentData, DocumentOptions } from '../shared/result-types.ts';
import { hasBackSide, mismatchedFields } from './document-sides.ts';
import { ScannerElement } from './scanner-element.ts';

/** A side read: `data` is the whole document's reading when `bothSides` (the back read with the front), else this side's. */
type Side = { data: DocumentData; image: Blob; source: 'camera' | 'file'; bothSides?: boolean };

/**
 * Scans an identity document, one or two sides. A side with a machine-readable zone is taken
 * automatically once consecutive frames agree; a side without one (most ID-card fronts) is taken
 * with "Capture this side". Between the sides a flip step asks the user to turn the document over;
 * the back is not accepted while it still shows the front's MRZ. A document whose class has one side
 * (a passport's or visa's data page) finishes after it. Both images then go to
 * `document({ first, second })`, which also compares the sides (`dataMatch`); sides that disagree
 * are the result's headline, never shown as one person's data. Behind a front without an MRZ or
 * barcode, the back's scan reads the frame that completes its agreement that way straight away
 * (`readFinal`), so no frame is read twice. A photo or camera start after a finished result begins
 * a new document.
 *
 * @fires idlens-result - `data` is the `/document-multi-side` (or single-side) response's `data`
 * @fires idlens-error
 * @fires idlens-progress
 * @fires idlens-status - also `flip` between the sides (`detail.side`)
 * @slot title
 * @slot hint
 * @csspart camera
 * @csspart guide
 * @csspart feedback
 * @csspart progress
 * @csspart snapshot
 * @csspart result
 * @csspart error
 * @csspart flip - the flip step (over the preview while the camera is live)
 * @csspart side - the "Front side / Back side" label (over the preview)
 * @csspart reading - a photo or captured side being read (spinner, seconds, Cancel)
 * @csspart trouble - the "having trouble?" tips
 * @csspart outline - the document's outline over the preview
 */
export class IdlensDocumentScanner extends ScannerElement<DocumentData> {
  static override properties: PropertyDeclarations = {
    ...ScannerElement.properties,
    sides: { type: Number },
    options: { attribute: false },
    side: { state: true },
  };

  static override styles = [
    ...ScannerElement.styles,
    css`
      .flip {
        display: grid;
        gap: 0.5rem;
        justify-items: start;
        padding: 0.8rem;
        border: 1px dashed var(--_border);
        border-radius: var(--_radius);
      }
      .hud .flip {
        position: absolute;
        left: 50%;
        top: 50%;
        transform: translate(-50%, -50%);
        width: min(92%, 26rem);
        justify-items: center;
        text-align: center;
        border: 1px solid rgba(203, 213, 225, 0.6);
        background: rgba(2, 6, 23, 0.86);
        color: #f8fafc;
      }
      .flip h3 {
        margin: 0;
        font-size: 1.05rem;
      }
      .flip .actions {
        justify-content: center;
      }
      .flip-icon {
        width: 3rem;
        height: 2rem;
        border-radius: 6px;
        background: linear-gradient(90deg, var(--_accent) 50%, color-mix(in srgb, var(--_accent) 35%, white) 50%);
        animation: flip 1.6s ease-in-out infinite;
      }
      @keyframes flip {
        50% {
          transform: rotateY(180deg);
        }
      }
      .side {
        margin: 0;
        padding: 0.15rem 0.6rem;
        border-radius: 999px;
        background: rgba(2, 6, 23, 0.78);
        color: #f8fafc;
        font-size: 0.8rem;
        font-weight: 700;
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
    `,
  ];

  /** 2 (default): front and back; 1: one page (passports). */
  declare sides: number;
  /** `/document-multi-side` options (e.g. `{ ageLimit: 18 }`). */
  declare options: DocumentOptions;
  declare protected side: 0 | 1;
  protected readonly resultKind = 'document' as const;
  protected readonly scanKind = 'document' as const;
  protected readonly aimKey = 'aimDocument' as const;
  protected override guideAspect = 1.42;
  #front: Side | null = null;
  #startedAt = 0;
  #manual: (() => void) | null = null;

  constructor() {
    super();
    this.sides = 2;
    this.options = {};
    this.side = 0;
  }

  protected scanOptions(): DocumentOptions {
    return this.options;
  }

  protected recognizeImage(recognizer: Recognizer, image: Blob, signal?: AbortSignal): Promise<DocumentData> {
    return recognizer.document({ first: image }, this.options, { signal });
  }

  override start(): Promise<boolean> {
    this.#newDocument();
    return super.start();
  }

  protected override async onCameraLive(liveSince: number): Promise<void> {
    if (this.phase === 'flip') return; // the camera restarted during the flip step: wait for the button
    await this.#scanSide(liveSince);
  }

  async #scanSide(liveSince: number): Promise<void> {
    if (this.side === 0) this.#startedAt = liveSince;
    this.setPhase('scanning', { side: this.side });
    try {
      const read = await this.#readSide();
      if (read) await this.#sideDone(read);
    } catch (error) {
      this.fail(error);
    }
  }

  /** Live scan of the current side, or the frame the user captured with the button. */
  async #readSide(): Promise<Side | null> {
    const manual = new Promise<'manual'>((resolve) => (this.#manual = () => resolve('manual')));
    const withFront = this.#backReadWithFront();
    for (;;) {
      const live = this.scanLive(withFront ?? undefined);
      const winner = await Promise.race([live, manual]);
      if (winner === 'manual') {
        this.scan.stop();
        const video = this.cameraElement?.video;
        if (!video) return null;
        const image = await frameToBlob(video);
        // Cancelled: back to scanning this side (`cancelReading`), nothing to deliver here.
        const data = await this.readStill(image, { side: this.side }, withFront ? (signal) => withFront(image, { signal }) : undefined);
        return data ? { image, data, source: 'camera', bothSides: !!withFront } : null;
      }
      if (!winner) return null;
      // Still the front's MRZ on the "back": the document was not turned over yet.
      if (this.side === 1 && sameMrz(winner.data, this.#front?.data)) {
        this.scan.feedback = 'flip-side';
        this.requestUpdate();
        continue;
      }
      return { ...winner, source: 'camera', bothSides: !!withFront };
    }
  }

  /**
   * How the back is read when its reading can be the whole document's: with the front captured
   * before it (`readFinal`), so the frame the scan agrees on is not read a second time with the front.
   * Only behind a front without an MRZ or barcode: the back then brings them, and a frame still
   * showing the front cannot pass for the back (a front's MRZ would be in every two-sided reading).
   */
  #backReadWithFront(): ((image: ImageInput, call: { signal: AbortSignal }) => Promise<DocumentData>) | null {
    const front = this.#front;
    if (this.side !== 1 || !front || front.data.mrzData || front.data.barcodeData) return null;
    return (image, call) => this.activeRecognizer.document({ first: front.image, second: image }, this.options, call);
  }

  async #sideDone(read: Side): Promise<void> {
    if (this.side === 0 && this.sides > 1 && hasBackSide(read.data)) {
      this.#front = read;
      this.setPhase('flip', { side: 1 });
      return;
    }
    if (!this.#front || this.side === 0) {
      this.finish(read.data, { front: read.image }, performance.now() - this.#startedAt, read.source);
      return;
    }
    const front = this.#front;
    if (read.bothSides) {
      this.finish(read.data, { front: front.image, back: read.image }, performance.now() - this.#startedAt, sourceOf(front, read));
      return;
    }
    const data = await this.readStill(read.image, { side: 1 }, (signal) =>
      this.activeRecognizer.document({ first: front.image, second: read.image }, this.options, { signal }),
    );
    if (!data) return;
    this.finish(data, { front: front.image, back: read.image }, performance.now() - this.#startedAt, sourceOf(front, read));
  }

  /** Forgets the document in progress: the next side is the front of a new one. */
  #newDocument(): void {
    this.#front = null;
    this.side = 0;
  }

  protected override async onImage(image: Blob, source: 'camera' | 'file'): Promise<void> {
    this.scan.stop();
    // After a finished result (or a failure) a photo is a new document, never the back of the last one.
    if (this.phase === 'done' || this.phase === 'error') this.#newDocument();
    if (this.phase === 'flip') this.side = 1; // a photo chosen at the flip step is the back
    if (this.side === 0) this.#startedAt = performance.now();
    try {
      if (this.side === 1 && this.#front) {
        await this.#sideDone({ image, data: this.#front.data, source });
        return;
      }
      const data = await this.readStill(image, { side: this.side });
      if (data) await this.#sideDone({ image, data, source });
    } catch (error) {
      this.fail(error);
    }
  }

  /** Flip step done: scan the back with the camera that is still open. */
  async #scanBack(): Promise<void> {
    this.side = 1;
    const camera = this.cameraElement;
    if (camera?.state === 'live') await this.#scanSide(camera.camera.liveSince);
    else {
      this.setPhase('idle', { side: 1 });
      await camera?.start();
    }
  }

  #skipBack(): void {
    const front = this.#front!;
    this.finish(front.data, { front: front.image }, performance.now() - this.#startedAt, front.source);
  }

  protected override renderHudTop() {
    return this.sides > 1 ? html`<p class="side" part="side">${this.t(this.side === 0 ? 'sideFront' : 'sideBack')}</p>` : nothing;
  }

  protected override renderScanActions() {
    return html`<button class="btn secondary" part="button capture" @click=${() => this.#manual?.()}>${this.t('captureSide')}</button>`;
  }

  protected override renderPhase() {
    if (this.phase !== 'flip') return nothing;
    return html`<div class="flip" part="flip" role="status" aria-live="polite">
      <div class="flip-icon" aria-hidden="true"></div>
      <h3>${this.t('flipTitle')}</h3>
      <p class="message">${this.t('flipText')}</p>
      <div class="actions">
        <button class="btn" part="button scan-back" @click=${() => this.#scanBack()}>${this.t('scanBack')}</button>
        <button class="btn secondary" part="button skip-back" @click=${() => this.#skipBack()}>${this.t('skipBack')}</button>
      </div>
    </div>`;
  }

  protected override resultTone(data: DocumentData): 'success' | 'warning' | 'danger' {
    return mismatchedFields(data).length ? 'danger' : super.resultTone(data);
  }

  protected summarize(data: DocumentData): string {
    const mismatched = mismatchedFields(data);
    if (mismatched.length) return this.t('resultMismatch', { fields: mismatched.map((f) => this.t(f)).join(', ') });
    const number = data.documentNumber?.latin ?? data.mrzData?.documentNumber;
    return `${this.t('resultDocument', { status: this.statusText(data.recognitionStatus) })}${data.mrzData ? ` — ${data.mrzData.mrzType}` : ''}${number ? `, № ${number}` : ''}`;
  }
}

/** How the document came in: a photo chosen for either side makes it a photo's result, not the camera's. */
function sourceOf(...sides: Side[]): 'camera' | 'file' {
  return sides.some((s) => s.source === 'file') ? 'file' : 'camera';
}

function sameMrz(a: DocumentData, b: DocumentData | undefined): boolean {
  return !!a.mrzData?.rawMrzString && a.mrzData.rawMrzString === b?.mrzData?.rawMrzString;
}

if (!customElements.get('idlens-document-scanner')) customElements.define('idlens-document-scanner', IdlensDocumentScanner);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-document-scanner': IdlensDocumentScanner;
  }
}
