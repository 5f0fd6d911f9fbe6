import { html, nothing, svg, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { ImageInput, Inference, Recognizer, RecognizerProgressEvent, ScanKind } from '@idlens/sdk/client';
import { frameToBlob, type IdlensCamera } from '../camera/idlens-camera.ts';
import '../camera/idlens-camera.ts';
import { ReadingController, TroubleController } from '../controllers/reading-controller.ts';
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
import { statusKey } from '../shared/display-names.ts';
import { IdlensElement } from '../shared/idlens-element.ts';
import { sharedRecognizer, type RecognitionMode } from '../shared/recognizer-pool.ts';
import { baseStyles } from '../shared/styles.ts';
import { scannerStyles } from './scanner-styles.ts';

/** What a scanner is doing. */
export type ScannerPhase = 'idle' | 'scanning' | 'flip' | 'processing' | 'done' | 'error';

const feedbackKeys = {
  'no-document': null, // replaced by the scanner's own "aim" text
  'move-closer': 'moveCloser',
  'cut-off': 'cutOff',
  'too-blurry': 'tooBlurry',
  glare: 'glare',
  'too-dark': 'tooDark',
  'hold-still': 'holdStill',
  'flip-side': 'flipSide',
  done: 'done',
} as const satisfies Record<string, MessageKey | null>;

/** Default wait before the "having trouble?" tips (ms of live scanning without a result). */
const defaultTroubleAfterMs = 8000;

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/**
 * Shared behaviour of the scanners: an `<idlens-camera>` with a guide frame, live feedback over the
 * preview (announced through `aria-live`) and, for cards and documents, an outline that follows the
 * document; "having trouble?" tips with the upload after a while without a result; a photo being
 * read shown with a spinner, the seconds it takes and a Cancel that stops the recognition; asset
 * loading progress kept apart from feedback and results; and a result (or error) view whose heading
 * takes the focus. Subclasses say what to read and how to summarize it.
 */
export abstract class ScannerElement<T extends { recognitionStatus: string }> extends IdlensElement {
  static override properties: PropertyDeclarations = {
    ...IdlensElement.properties,
    mode: { type: String },
    serverUrl: { type: String, attribute: 'server-url' },
    inference: { type: String },
    autostart: { type: Boolean },
    facing: { type: String },
    agreement: { type: Number },
    troubleAfter: { type: Number, attribute: 'trouble-after' },
    recognizer: { attribute: false },
    phase: { state: true },
    progress: { state: true },
    errorText: { state: true },
    notice: { state: true },
    result: { state: true },
    copied: { state: true },
    cameraLive: { state: true },
  };

  static override styles = [baseStyles, scannerStyles];

  /** `worker` (in this browser), `server`, or `auto` (default: worker, the server when WASM cannot run). */
  declare mode: RecognitionMode;
  /** The idlens server for `server`/`auto` (e.g. `/` when the page is served by it). */
  declare serverUrl: string | null;
  /** The worker's inference runtime for the OCR models: `convnet` (default), `onnxruntime-web` or `auto` (see the SDK's `createRecognizer`). */
  declare inference: Inference;
  /** Open the camera when connected (otherwise the user presses Start). */
  declare autostart: boolean;
  declare facing: 'environment' | 'user';
  /** Consecutive frames that must agree before a reading counts (default 2). */
  declare agreement: number;
  /** Milliseconds of live scanning without a result before the "having trouble?" tips (default 8000). */
  declare troubleAfter: number;
  /** Use this recognizer instead of the page-wide shared one. */
  declare recognizer: Recognizer | null;
  declare protected phase: ScannerPhase;
  declare protected progress: { asset: string; percent: number } | null;
  declare protected errorText: string | null;
  /** A line for the idle state (e.g. "Reading cancelled."). */
  declare protected notice: string | null;
  declare protected result: { data: T; url: string } | null;
  declare protected copied: boolean;
  declare protected cameraLive: boolean;

  protected abstract readonly resultKind: ResultKind;
  protected abstract readonly scanKind: ScanKind;
  /** Text shown while nothing is found yet. */
  protected abstract readonly aimKey: MessageKey;
  /** Guide frame aspect ratio (card 1.586, passport page 1.42, square for QR). */
  protected guideAspect = 1.586;
  protected readonly scan = new ScanController(this);
  /** The still image being read (upload, captured side): its view, its seconds, its Cancel. */
  protected readonly reading = new ReadingController(this);
  protected readonly trouble = new TroubleController(this);
  #subscribed: Recognizer | null = null;
  /** Set when a result or error arrives: its heading takes the focus once rendered. */
  #focusOutcome = false;

  constructor() {
    super();
    this.mode = 'auto';
    this.serverUrl = null;
    this.inference = 'convnet';
    this.autostart = false;
    this.facing = 'environment';
    this.agreement = 2;
    this.troubleAfter = defaultTroubleAfterMs;
    this.recognizer = null;
    this.phase = 'idle';
    this.progress = null;
    this.errorText = null;
    this.notice = null;
    this.result = null;
    this.copied = false;
    this.cameraLive = false;
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
  /** Recognizes one still image (upload, manual capture); `signal` cancels it. */
  protected abstract recognizeImage(recognizer: Recognizer, image: Blob, signal?: AbortSignal): Promise<T>;
  /** One line that tells the user what was read (never a full card number). */
  protected abstract summarize(data: T): TemplateResult | string;

  /** The value a Copy button copies (a barcode's content), or null for none. */
  protected copyText(_data: T): string | null {
    return null;
  }

  /** How the result line is styled: only a `VALID` reading looks like success. */
  protected resultTone(data: T): 'success' | 'warning' | 'danger' {
    return data.recognitionStatus === 'VALID' ? 'success' : 'warning';
  }

  /** The recognition status as a word in the element's language (`VALID` → "valid"). */
  protected statusText(status: string): string {
    const key = statusKey(status);
    return key ? this.t(key) : status;
  }

  /** The recognizer in use (given, or the page-wide one for `mode`/`server-url`). */
  get activeRecognizer(): Recognizer {
    return this.recognizer ?? sharedRecognizer(this.mode, this.serverUrl, this.inference);
  }

  protected get cameraElement(): IdlensCamera | null {
    return this.renderRoot?.querySelector('idlens-camera') ?? null;
  }

  /** Opens the camera and starts scanning (what the Start button does). */
  start(): Promise<boolean> {
    this.reading.cancel();
    this.#clearResult();
    this.errorText = null;
    this.notice = null;
    this.setPhase('idle');
    return this.updateComplete.then(() => this.cameraElement?.start() ?? false);
  }

  /** Stops scanning, reading and the camera. */
  stop(): void {
    this.scan.stop();
    this.reading.cancel();
    this.cameraElement?.stop();
    if (this.phase === 'processing') this.setPhase('idle');
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
    if (changed.has('mode') || changed.has('serverUrl') || changed.has('inference') || changed.has('recognizer'))
      this.#subscribe(this.isConnected ? this.activeRecognizer : null);
  }

  protected override firstUpdated(changed: PropertyValues): void {
    super.firstUpdated(changed);
    // Through the CSSOM: a `style` attribute in the template is inline style, which a strict CSP
    // (no `style-src-attr 'unsafe-inline'`) refuses — and Lit's styleMap writes one on first render.
    this.renderRoot.querySelector<HTMLElement>('.hud')?.style.setProperty('--_guide-aspect', String(this.guideAspect));
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.#focusOutcome) return;
    this.#focusOutcome = false;
    // The result (or error) is announced by its heading taking the focus, where a keyboard or
    // screen-reader user continues from.
    this.renderRoot.querySelector<HTMLElement>('.outcome-title')?.focus();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe(this.activeRecognizer);
  }

  protected setPhase(phase: ScannerPhase, detail: Record<string, unknown> = {}): void {
    this.phase = phase;
    if (phase === 'scanning') this.trouble.arm(this.troubleAfter);
    else this.trouble.disarm();
    this.dispatchEvent(new IdlensStatusEvent(phase, { component: 'scanner', kind: this.resultKind, ...detail }));
  }

  /**
   * Live scanning of one side; resolves with the agreed reading and the frame it came from.
   * `readFinal`: how the frame completing the agreement is read (the SDK's `ScanSessionOptions.readFinal`).
   */
  protected async scanLive(readFinal?: (frame: ImageInput, call: { signal: AbortSignal }) => Promise<T>): Promise<{ data: T; image: Blob } | null> {
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
        // The kind's result type is this scanner's `T`.
        readFinal: readFinal as never,
      });
      return { data: await this.refine(data, canvas), image: await frameToBlob(canvas) };
    } catch (error) {
      if (isAbort(error)) return null;
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

  /**
   * Reads a still image with the reading view (the image, a spinner, the seconds, Cancel): resolves
   * with the reading, or null when the user cancelled it (nothing is delivered then).
   */
  protected async readStill<R = T>(
    image: Blob,
    detail: Record<string, unknown> = {},
    recognize: (signal: AbortSignal) => Promise<R> = (signal) => this.recognizeImage(this.activeRecognizer, image, signal) as unknown as Promise<R>,
  ): Promise<R | null> {
    const signal = this.reading.begin(image);
    this.setPhase('processing', detail);
    try {
      return await recognize(signal);
    } catch (error) {
      if (signal.aborted && isAbort(error)) return null;
      throw error;
    } finally {
      if (!signal.aborted) this.reading.end();
    }
  }

  /** An uploaded photo (or a manual capture): recognized once. */
  protected async onImage(image: Blob, source: 'camera' | 'file'): Promise<void> {
    this.scan.stop();
    this.cameraElement?.stop();
    const started = performance.now();
    try {
      const data = await this.readStill(image);
      if (data) this.finish(data, { front: image }, performance.now() - started, source);
    } catch (error) {
      this.fail(error);
    }
  }

  /** Cancel while a photo is read: the recognition stops and nothing is shown. */
  protected cancelReading(): void {
    if (!this.reading.active) return;
    this.reading.cancel();
    this.notice = this.t('cancelled');
    this.setPhase('idle', { cancelled: true });
    // A side captured from the live camera: back to scanning it.
    const camera = this.cameraElement;
    if (camera?.state === 'live') void this.onCameraLive(camera.camera.liveSince);
  }

  protected finish(data: T, images: CapturedSides, durationMs: number, source: 'camera' | 'file'): void {
    this.scan.stop();
    this.reading.end();
    this.#clearResult();
    this.result = { data, url: URL.createObjectURL(images.back ?? images.front) };
    this.errorText = null;
    this.notice = null;
    this.#focusOutcome = true;
    this.setPhase('done');
    this.cameraElement?.stop(); // after the phase change, so the camera going idle is not read as "scan interrupted"
    this.dispatchEvent(new IdlensResultEvent(this.resultKind, data, images, Math.round(durationMs), this.activeRecognizer.mode, source));
  }

  protected fail(error: unknown): void {
    this.scan.stop();
    this.reading.end();
    // The previous result must not stay beside an error about another image.
    this.#clearResult();
    const { code, message } = error as { code?: string; message?: string };
    this.errorText = this.t('failed', { message: message ?? String(error) });
    this.notice = null;
    this.#focusOutcome = true;
    this.setPhase('error');
    this.cameraElement?.stop();
    this.dispatchEvent(new IdlensErrorEvent('recognition-failed', code ?? null, message ?? String(error)));
  }

  #clearResult(): void {
    if (this.result) URL.revokeObjectURL(this.result.url);
    this.result = null;
    this.copied = false;
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
    this.cameraLive = event.status === 'live';
    // Re-announce the camera state from the scanner itself (one source of status events).
    if (event.status === 'live') {
      this.notice = null;
      this.#bringIntoView();
      void this.onCameraLive(this.cameraElement!.camera.liveSince);
    } else {
      this.scan.stop();
      if (this.phase === 'scanning') this.setPhase('idle', { camera: event.status });
    }
    this.dispatchEvent(new IdlensStatusEvent(`camera-${event.status}`, { component: 'scanner', kind: this.resultKind }));
  };

  /**
   * The preview with its feedback and buttons is what the user needs while the camera is live: on a
   * phone it often starts below the fold, so it is scrolled into view (only as far as needed).
   */
  #bringIntoView(): void {
    const viewport = this.cameraElement?.shadowRoot?.querySelector('.viewport');
    if (!viewport) return;
    const { top, bottom } = viewport.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    viewport.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }

  #onCapture = (event: IdlensCaptureEvent): void => {
    event.stopPropagation();
    void this.onImage(event.image, event.source);
  };

  async #copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.copied = true;
    } catch {
      // No clipboard (permission, insecure context): the value stays selectable in the summary.
      this.copied = false;
    }
  }

  /** The line over the preview: feedback while scanning, otherwise the hint. */
  protected feedbackText(): string {
    const feedback = this.scan.feedback;
    const key = feedback ? feedbackKeys[feedback] : null;
    return this.t(key ?? this.aimKey);
  }

  /** Extra content at the top of the preview while scanning (the document scanner's side label). */
  protected renderHudTop(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** Extra controls over the preview while scanning (the document scanner's manual capture). */
  protected renderScanActions(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** Extra content for phases a subclass adds (the document scanner's flip step); over the preview while the camera is live. */
  protected renderPhase(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** The document's outline over the preview, in the video's pixels (mapped like the video's `object-fit: cover`). */
  #renderOutline() {
    const found = this.scan.document;
    const { width, height } = this.scan.frameSize;
    if (this.phase !== 'scanning' || !found || !width) return nothing;
    const mirrored = this.cameraElement?.camera.facing === 'user';
    const points = found.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    return html`<svg class="outline ${found.cutOff ? 'cut' : ''} ${mirrored ? 'mirrored' : ''}" part="outline" viewBox="0 0 ${width} ${height}"
      preserveAspectRatio="xMidYMid slice" aria-hidden="true">${svg`<polygon points=${points}></polygon>`}</svg>`;
  }

  #renderHud() {
    const scanning = this.phase === 'scanning';
    const ok = this.scan.feedback === 'hold-still' || this.scan.feedback === 'done';
    const phaseContent = this.cameraLive ? this.renderPhase() : nothing;
    return html`<div slot="overlay" class="hud">
      ${
        scanning
          ? html`<div class="guide-wrap"><div class="guide ${ok ? 'ok' : ''}" part="guide" role="img" aria-label=${this.t('guide')}></div></div>`
          : nothing
      }
      ${this.#renderOutline()}
      <div class="hud-top">
        ${scanning ? this.renderHudTop() : nothing}
        <p class="feedback" part="feedback" role="status" aria-live="polite" ?hidden=${!scanning}>${scanning ? this.feedbackText() : nothing}</p>
      </div>
      <div class="hud-bottom">${scanning ? this.renderScanActions() : nothing}</div>
      ${phaseContent}
    </div>`;
  }

  #renderReading() {
    if (this.phase !== 'processing' || !this.reading.url) return nothing;
    return html`<div class="reading" part="reading">
      <img class="snapshot" src=${this.reading.url} alt="" />
      <div class="reading-veil">
        <div class="spinner" role="progressbar" aria-label=${this.t('readingPhoto')}></div>
        <p class="reading-text" role="status">${this.t('readingPhoto')} <span class="seconds">${this.t('readingSeconds', { seconds: this.reading.seconds })}</span></p>
        <button class="btn secondary" part="button cancel" @click=${() => this.cancelReading()}>${this.t('cancel')}</button>
      </div>
    </div>`;
  }

  #renderTrouble() {
    if (this.phase !== 'scanning' || !this.trouble.due) return nothing;
    return html`<section class="trouble" part="trouble" aria-labelledby="trouble-title">
      <h3 id="trouble-title">${this.t('troubleTitle')}</h3>
      <ul>
        <li>${this.t('troubleLight')}</li>
        <li>${this.t('troubleSteady')}</li>
        <li>${this.t('troubleFit')}</li>
        <li>${this.t('troubleUpload')}</li>
      </ul>
      <div><button class="btn secondary" part="button upload" @click=${() => this.cameraElement?.pickFile()}>${this.t('upload')}</button></div>
    </section>`;
  }

  #renderResult() {
    if (this.phase !== 'done' || !this.result) return nothing;
    const { data } = this.result;
    const tone = this.resultTone(data);
    const copy = data.recognitionStatus === 'EMPTY' ? null : this.copyText(data);
    return html`<section class="outcome" part="outcome" aria-labelledby="outcome-title">
      <h3 id="outcome-title" class="outcome-title" tabindex="-1">${this.t('resultTitle')}</h3>
      <p class="summary ${tone}" part="result" role="status" data-tone=${tone}>
        ${data.recognitionStatus === 'EMPTY' ? this.t('resultEmpty') : this.summarize(data)}
      </p>
      ${
        copy
          ? html`<div class="copy-row"><button class="btn secondary" part="button copy" @click=${() => this.#copy(copy)}>${this.t('copy')}</button>
            <span role="status">${this.copied ? this.t('copied') : ''}</span></div>`
          : nothing
      }
    </section>`;
  }

  override render() {
    const showCamera = this.phase !== 'done' && this.phase !== 'error' && this.phase !== 'processing';
    const phaseBelow = this.cameraLive ? nothing : this.renderPhase();
    return html`
      <slot name="title"></slot>
      <div class="stage">
        <idlens-camera
          part="camera"
          exportparts="viewport, video, controls, button, message"
          lang=${this.lang || nothing}
          theme=${this.theme || nothing}
          .translations=${this.translations}
          facing=${this.facing}
          ?autostart=${this.autostart}
          ?hidden=${!showCamera}
          @idlens-status=${this.#onCameraStatus}
          @idlens-capture=${this.#onCapture}
        >
          ${this.#renderHud()}
        </idlens-camera>
        ${this.#renderReading()}
        ${this.result && this.phase === 'done' ? html`<img class="snapshot" part="snapshot" src=${this.result.url} alt="" />` : nothing}
      </div>
      <div class="panel">
        ${this.phase === 'idle' ? html`<p class="message" part="hint"><slot name="hint">${this.t(this.aimKey)}</slot></p>` : nothing}
        ${this.notice && this.phase === 'idle' ? html`<p class="message notice" role="status">${this.notice}</p>` : nothing}
        ${phaseBelow}
        ${this.#renderTrouble()}
        <div class="progress" part="progress" ?hidden=${!this.progress}>
          <span>${this.progress ? this.t('loadingAsset', { asset: this.progress.asset, percent: this.progress.percent }) : ''}</span>
          <progress max="100" value=${this.progress?.percent ?? 0} aria-label=${this.t('loading')}></progress>
        </div>
        ${this.#renderResult()}
        ${
          this.phase === 'error'
            ? html`<section class="outcome" aria-labelledby="error-title">
              <h3 id="error-title" class="outcome-title" tabindex="-1">${this.t('errorTitle')}</h3>
              <p class="message error" part="error" role="alert">${this.errorText}</p>
            </section>`
            : nothing
        }
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
