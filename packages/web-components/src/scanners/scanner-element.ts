import { css, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { Recognizer, RecognizerProgressEvent, ScanKind } from '@idlens/sdk/client';
import { frameToBlob, type IdlensCamera } from '../camera/idlens-camera.ts';
import '../camera/idlens-camera.ts';
import { ScanController } from '../controllers/scan-controller.ts';
import {
  IdlensErrorEvent,
  IdlensProgressEvent,
  IdlensResultEvent,
  IdlensStatusEvent,
  type CapturedSides,
  type IdlensCaptureEvent,
  type ResultKind,
} from '../events.ts';
import type { MessageKey } from '../i18n/translations.ts';
import { IdlensElement } from '../shared/idlens-element.ts';
import { sharedRecognizer, type RecognitionMode } from '../shared/recognizer-pool.ts';
import { baseStyles } from '../shared/styles.ts';

/** What a scanner is doing. */
export type ScannerPhase = 'idle' | 'scanning' | 'flip' | 'processing' | 'done' | 'error';

const feedbackKeys = {
  'no-document': null, // replaced by the scanner's own "aim" text
  'move-closer': 'moveCloser',
  'too-blurry': 'tooBlurry',
  glare: 'glare',
  'too-dark': 'tooDark',
  'hold-still': 'holdStill',
  'flip-side': 'flipSide',
  done: 'done',
} as const satisfies Record<string, MessageKey | null>;

/**
 * Shared behaviour of the scanners: an `<idlens-camera>` with a guide frame, live scanning with
 * feedback (announced through `aria-live`), the upload fallback, asset-loading progress kept apart
 * from feedback and results, and a result view with the frame that was read.
 * Subclasses say what to read and how to summarize it.
 */
export abstract class ScannerElement<T extends { recognitionStatus: string }> extends IdlensElement {
  static override properties: PropertyDeclarations = {
    ...IdlensElement.properties,
    mode: { type: String },
    serverUrl: { type: String, attribute: 'server-url' },
    autostart: { type: Boolean },
    facing: { type: String },
    agreement: { type: Number },
    recognizer: { attribute: false },
    phase: { state: true },
    progress: { state: true },
    errorText: { state: true },
    result: { state: true },
  };

  static override styles = [
    baseStyles,
    css`
      .guide-wrap {
        position: absolute;
        inset: 0;
        display: grid;
        place-items: center;
        pointer-events: none;
      }
      .guide {
        width: var(--idlens-guide-width, 82%);
        aspect-ratio: var(--_guide-aspect, 1.586);
        max-height: 86%;
        border: 3px solid var(--idlens-guide, rgba(255, 255, 255, 0.92));
        border-radius: calc(var(--_radius) * 0.8);
        box-shadow: 0 0 0 100vmax rgba(2, 6, 23, 0.38);
        transition: border-color 0.2s ease;
      }
      .guide.ok {
        border-color: var(--idlens-guide-ok, #22c55e);
      }
      .panel {
        margin-top: 0.6rem;
        display: grid;
        gap: 0.5rem;
      }
      .feedback {
        min-height: 1.5em;
        margin: 0;
        font-weight: 600;
      }
      .progress {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        color: var(--_muted);
        font-size: 0.875rem;
      }
      progress {
        flex: 1;
        min-width: 0;
        accent-color: var(--_accent);
      }
      .snapshot {
        display: block;
        width: 100%;
        aspect-ratio: var(--idlens-viewport-aspect, 4 / 3);
        object-fit: contain;
        border-radius: var(--_radius);
        background: var(--idlens-viewport-background, #0b1220);
      }
      .summary {
        margin: 0;
        padding: 0.6rem 0.8rem;
        border-left: 4px solid var(--_success);
        background: color-mix(in srgb, var(--_success) 8%, var(--_surface));
        border-radius: 0 calc(var(--_radius) * 0.5) calc(var(--_radius) * 0.5) 0;
        overflow-wrap: anywhere;
      }
      .summary.warning {
        border-left-color: var(--_warning);
        background: color-mix(in srgb, var(--_warning) 8%, var(--_surface));
      }
      .summary.danger {
        border-left-color: var(--_danger);
        background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      [hidden] {
        display: none !important;
      }
    `,
  ];

  /** `worker` (in this browser), `server`, or `auto` (default: worker, the server when WASM cannot run). */
  declare mode: RecognitionMode;
  /** The idlens server for `server`/`auto` (e.g. `/` when the page is served by it). */
  declare serverUrl: string | null;
  /** Open the camera when connected (otherwise the user presses Start). */
  declare autostart: boolean;
  declare facing: 'environment' | 'user';
  /** Consecutive frames that must agree before a reading counts (default 2). */
  declare agreement: number;
  /** Use this recognizer instead of the page-wide shared one. */
  declare recognizer: Recognizer | null;
  declare protected phase: ScannerPhase;
  declare protected progress: { asset: string; percent: number } | null;
  declare protected errorText: string | null;
  declare protected result: { data: T; url: string } | null;

  protected abstract readonly resultKind: ResultKind;
  protected abstract readonly scanKind: ScanKind;
  /** Text shown while nothing is found yet. */
  protected abstract readonly aimKey: MessageKey;
  /** Guide frame aspect ratio (card 1.586, passport page 1.42, square for QR). */
  protected guideAspect = 1.586;
  protected readonly scan = new ScanController(this);
  #subscribed: Recognizer | null = null;

  constructor() {
    super();
    this.mode = 'auto';
    this.serverUrl = null;
    this.autostart = false;
    this.facing = 'environment';
    this.agreement = 2;
    this.recognizer = null;
    this.phase = 'idle';
    this.progress = null;
    this.errorText = null;
    this.result = null;
  }

  /**
   * Frame-quality thresholds for the live session. Barcodes override the glare limit: a code
   * printed on white paper that fills the frame is mostly white, which is not glare.
   */
  protected qualityThresholds(): { maxGlare?: number; minSharpness?: number; minBrightness?: number } {
    return {};
  }

  /** Options for the live session and for single images. */
  protected abstract scanOptions(): object;
  /** Recognizes one still image (upload, manual capture). */
  protected abstract recognizeImage(recognizer: Recognizer, image: Blob): Promise<T>;
  /** One line that tells the user what was read (never a full card number). */
  protected abstract summarize(data: T): TemplateResult | string;

  /** How the result line is styled: only a `VALID` reading looks like success. */
  protected resultTone(data: T): 'success' | 'warning' | 'danger' {
    return data.recognitionStatus === 'VALID' ? 'success' : 'warning';
  }

  /** The recognizer in use (given, or the page-wide one for `mode`/`server-url`). */
  get activeRecognizer(): Recognizer {
    return this.recognizer ?? sharedRecognizer(this.mode, this.serverUrl);
  }

  protected get cameraElement(): IdlensCamera | null {
    return this.renderRoot?.querySelector('idlens-camera') ?? null;
  }

  /** Opens the camera and starts scanning (what the Start button does). */
  start(): Promise<boolean> {
    this.result = null;
    this.errorText = null;
    this.setPhase('idle');
    return this.updateComplete.then(() => this.cameraElement?.start() ?? false);
  }

  /** Stops scanning and the camera. */
  stop(): void {
    this.scan.stop();
    this.cameraElement?.stop();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#subscribe(null);
    // The snapshot may still be loading (a flow removes the scanner right after its result):
    // revoking its URL now would fail that load, so wait for it.
    const url = this.result?.url;
    if (!url) return;
    const revoke = () => URL.revokeObjectURL(url);
    const img = this.renderRoot?.querySelector<HTMLImageElement>('img.snapshot');
    if (img && !img.complete) {
      img.addEventListener('load', revoke, { once: true });
      img.addEventListener('error', revoke, { once: true });
    } else revoke();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('mode') || changed.has('serverUrl') || changed.has('recognizer')) this.#subscribe(this.isConnected ? this.activeRecognizer : null);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe(this.activeRecognizer);
  }

  protected setPhase(phase: ScannerPhase, detail: Record<string, unknown> = {}): void {
    this.phase = phase;
    this.dispatchEvent(new IdlensStatusEvent(phase, { component: 'scanner', kind: this.resultKind, ...detail }));
  }

  /** Live scanning of one side; resolves with the agreed reading and the frame it came from. */
  protected async scanLive(): Promise<{ data: T; image: Blob } | null> {
    const video = this.cameraElement?.video;
    if (!video) return null;
    try {
      const { data, canvas } = await this.scan.run<ScanKind, T>({
        recognizer: this.activeRecognizer,
        kind: this.scanKind,
        video,
        options: this.scanOptions(),
        agreement: this.agreement,
        quality: this.qualityThresholds(),
      });
      return { data: await this.refine(data, canvas), image: await frameToBlob(canvas) };
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return null;
      throw error;
    }
  }

  /** A chance to re-read the agreed frame differently (the ID-barcode scanner parses it as AAMVA). */
  protected refine(data: T, _frame: HTMLCanvasElement): Promise<T> {
    return Promise.resolve(data);
  }

  /** Camera went live: scan until a reading is agreed, then show it. */
  protected async onCameraLive(liveSince: number): Promise<void> {
    this.setPhase('scanning');
    try {
      const read = await this.scanLive();
      if (!read) return;
      this.finish(read.data, { front: read.image }, performance.now() - liveSince, 'camera');
    } catch (error) {
      this.fail(error);
    }
  }

  /** An uploaded photo (or a manual capture): recognized once. */
  protected async onImage(image: Blob, source: 'camera' | 'file'): Promise<void> {
    this.scan.stop();
    this.cameraElement?.stop();
    const started = performance.now();
    this.setPhase('processing');
    try {
      const data = await this.recognizeImage(this.activeRecognizer, image);
      this.finish(data, { front: image }, performance.now() - started, source);
    } catch (error) {
      this.fail(error);
    }
  }

  protected finish(data: T, images: CapturedSides, durationMs: number, source: 'camera' | 'file'): void {
    this.scan.stop();
    if (this.result) URL.revokeObjectURL(this.result.url);
    this.result = { data, url: URL.createObjectURL(images.back ?? images.front) };
    this.setPhase('done');
    this.cameraElement?.stop(); // after the phase change, so the camera going idle is not read as "scan interrupted"
    this.dispatchEvent(new IdlensResultEvent(this.resultKind, data, images, Math.round(durationMs), this.activeRecognizer.mode, source));
  }

  protected fail(error: unknown): void {
    this.scan.stop();
    const { code, message } = error as { code?: string; message?: string };
    this.errorText = this.t('failed', { message: message ?? String(error) });
    this.setPhase('error');
    this.cameraElement?.stop();
    this.dispatchEvent(new IdlensErrorEvent('recognition-failed', code ?? null, message ?? String(error)));
  }

  #subscribe(recognizer: Recognizer | null): void {
    if (recognizer === this.#subscribed) return;
    this.#subscribed?.removeEventListener('progress', this.#onProgress);
    this.#subscribed = recognizer;
    recognizer?.addEventListener('progress', this.#onProgress);
  }

  #onProgress = (event: Event): void => {
    const { asset, loaded, total, cached } = event as RecognizerProgressEvent;
    this.dispatchEvent(new IdlensProgressEvent(asset, loaded, total, cached));
    const done = total !== null && loaded >= total;
    this.progress = done ? null : { asset, percent: total ? Math.round((100 * loaded) / total) : 0 };
  };

  #onCameraStatus = (event: IdlensStatusEvent): void => {
    if (event.detail.component !== 'camera') return;
    event.stopPropagation();
    // Re-announce the camera state from the scanner itself (one source of status events).
    if (event.status === 'live') void this.onCameraLive(this.cameraElement!.camera.liveSince);
    else {
      this.scan.stop();
      if (this.phase === 'scanning') this.setPhase('idle', { camera: event.status });
    }
    this.dispatchEvent(new IdlensStatusEvent(`camera-${event.status}`, { component: 'scanner', kind: this.resultKind }));
  };

  #onCapture = (event: IdlensCaptureEvent): void => {
    event.stopPropagation();
    void this.onImage(event.image, event.source);
  };

  /** The line under the camera: feedback while scanning, otherwise the hint. */
  protected feedbackText(): string {
    if (this.phase === 'processing') return this.t('recognizing');
    const feedback = this.scan.feedback;
    const key = feedback ? feedbackKeys[feedback] : null;
    return this.t(key ?? this.aimKey);
  }

  /** Extra controls below the camera while scanning (the document scanner's manual capture). */
  protected renderScanActions(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** Extra content for phases a subclass adds (the document scanner's flip step). */
  protected renderPhase(): TemplateResult | typeof nothing {
    return nothing;
  }

  override render() {
    const showCamera = this.phase !== 'done' && this.phase !== 'error' && this.phase !== 'processing';
    const ok = this.scan.feedback === 'hold-still' || this.scan.feedback === 'done';
    return html`
      <slot name="title"></slot>
      <idlens-camera
        part="camera"
        exportparts="viewport, video, controls, button, message"
        lang=${this.lang || nothing}
        .translations=${this.translations}
        facing=${this.facing}
        ?autostart=${this.autostart}
        ?hidden=${!showCamera}
        @idlens-status=${this.#onCameraStatus}
        @idlens-capture=${this.#onCapture}
      >
        <div slot="overlay" class="guide-wrap" style="--_guide-aspect: ${this.guideAspect}">
          <div class="guide ${ok ? 'ok' : ''}" part="guide" role="img" aria-label=${this.t('guide')}></div>
        </div>
      </idlens-camera>
      ${this.result && this.phase === 'done' ? html`<img class="snapshot" part="snapshot" src=${this.result.url} alt="" />` : nothing}
      <div class="panel">
        <p class="feedback" part="feedback" role="status" aria-live="polite" ?hidden=${this.phase === 'done' || this.phase === 'error' || this.phase === 'idle'}>
          ${this.phase === 'scanning' || this.phase === 'processing' ? this.feedbackText() : nothing}
        </p>
        ${this.phase === 'idle' ? html`<p class="message" part="hint"><slot name="hint">${this.t(this.aimKey)}</slot></p>` : nothing}
        ${this.renderPhase()}
        ${this.phase === 'scanning' ? this.renderScanActions() : nothing}
        <div class="progress" part="progress" ?hidden=${!this.progress}>
          <span>${this.progress ? this.t('loadingAsset', { asset: this.progress.asset, percent: this.progress.percent }) : ''}</span>
          <progress max="100" value=${this.progress?.percent ?? 0} aria-label=${this.t('loading')}></progress>
        </div>
        ${
          this.phase === 'done' && this.result
            ? html`<p class="summary ${this.resultTone(this.result.data)}" part="result" role="status" data-tone=${this.resultTone(this.result.data)}>
              ${this.result.data.recognitionStatus === 'EMPTY' ? this.t('resultEmpty') : this.summarize(this.result.data)}
            </p>`
            : nothing
        }
        ${this.phase === 'error' ? html`<p class="message error" part="error" role="alert">${this.errorText}</p>` : nothing}
        ${
          this.phase === 'done' || this.phase === 'error'
            ? html`<div class="actions"><button class="btn" part="button again" @click=${() => this.start()}>${this.t('scanAgain')}</button>
              <button class="btn secondary" part="button upload" @click=${() => this.cameraElement?.pickFile()}>${this.t('upload')}</button></div>`
            : nothing
        }
      </div>
    `;
  }
}
