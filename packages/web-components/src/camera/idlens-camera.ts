import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { CameraController, type CameraState, type FacingMode } from '../controllers/camera-controller.ts';
import { IdlensCaptureEvent, IdlensErrorEvent, IdlensStatusEvent } from '../events.ts';
import { IdlensElement } from '../shared/idlens-element.ts';
import { baseStyles } from '../shared/styles.ts';

/**
 * A camera view with a device picker, front/back switch, torch (where the track supports it)
 * and a file upload that is always available and becomes the way forward when the camera cannot
 * be used (permission denied, no camera, insecure context, in-app browsers).
 *
 * @fires idlens-status - `idle | starting | live | paused | error` whenever the camera state changes
 * @fires idlens-error - why the camera cannot be used (`camera-denied`, `camera-missing`, …)
 * @fires idlens-capture - the user chose a photo (upload) or `capture()` took a frame
 * @slot overlay - drawn over the video in every state (scanners put their guide frame, feedback and
 *   buttons there); the start button and camera problems are drawn above it
 * @slot - extra controls after the built-in ones
 * @csspart viewport - the box around the video
 * @csspart video - the `<video>`
 * @csspart controls - the row of buttons
 * @csspart button - every button (plus `start`, `stop`, `switch`, `torch`, `upload`, `retry`: try the camera again after it was denied or missing)
 * @csspart message - the camera problem text
 */
export class IdlensCamera extends IdlensElement {
  static override properties: PropertyDeclarations = {
    ...IdlensElement.properties,
    facing: { type: String },
    autostart: { type: Boolean },
    noUpload: { type: Boolean, attribute: 'no-upload' },
  };

  static override styles = [
    baseStyles,
    css`
      .viewport {
        position: relative;
        aspect-ratio: var(--idlens-viewport-aspect, 4 / 3);
        width: 100%;
        overflow: hidden;
        border-radius: var(--_radius);
        background: var(--idlens-viewport-background, #0b1220);
        color: #e2e8f0;
      }
      video {
        position: absolute;
        inset: 0;
        width: 100%;
        height: 100%;
        object-fit: cover;
      }
      video.mirrored {
        transform: scaleX(-1);
      }
      .overlay {
        position: absolute;
        inset: 0;
        pointer-events: none;
      }
      .overlay ::slotted(*) {
        pointer-events: auto;
      }
      .center {
        position: absolute;
        inset: 0;
        display: grid;
        place-content: center;
        gap: 0.75rem;
        padding: 1rem;
        text-align: center;
      }
      .center .message.error {
        color: #fecaca;
        max-width: 32ch;
      }
      .center-actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        justify-content: center;
      }
      .center .btn.secondary {
        background: #0b1220;
        color: #e2e8f0;
        border-color: #94a3b8;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
        margin-top: 0.6rem;
      }
      .controls label {
        display: inline-flex;
        gap: 0.4rem;
        align-items: center;
        min-width: 0;
        flex: 1 1 12rem;
      }
      select {
        min-height: 44px;
        min-width: 0;
        flex: 1;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_surface);
        color: var(--_text);
        padding: 0 0.5rem;
      }
      input[type='file'] {
        display: none;
      }
    `,
  ];

  /** Preferred camera: `environment` (back, default) or `user` (front). */
  declare facing: FacingMode;
  /** Open the camera as soon as the element is connected (otherwise a Start button is shown). */
  declare autostart: boolean;
  /** Hide the upload button (it still appears when the camera cannot be used). */
  declare noUpload: boolean;

  readonly camera = new CameraController(this, {
    video: () => this.renderRoot?.querySelector('video'),
    onChange: (state, problem) => {
      this.dispatchEvent(new IdlensStatusEvent(state, { component: 'camera' }));
      if (state === 'error' && problem) this.dispatchEvent(new IdlensErrorEvent(problem.reason, null, this.t(problem.message)));
    },
  });

  constructor() {
    super();
    this.facing = 'environment';
    this.autostart = false;
    this.noUpload = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.camera.facing = this.facing;
    if (this.autostart) void this.updateComplete.then(() => this.start());
  }

  /** The camera state (`idle`, `starting`, `live`, `paused`, `error`). */
  get state(): CameraState {
    return this.camera.state;
  }

  /** The playing `<video>` (a frame source for scan sessions). */
  get video(): HTMLVideoElement | null {
    return this.renderRoot?.querySelector('video') ?? null;
  }

  start(): Promise<boolean> {
    return this.camera.start();
  }

  stop(): void {
    this.camera.stop();
  }

  /** Opens the file chooser (also what the upload button does). */
  pickFile(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')?.click();
  }

  /** Takes the current frame as a JPEG and announces it with `idlens-capture`. */
  async capture(): Promise<Blob | null> {
    const video = this.video;
    if (!video || this.state !== 'live' || !video.videoWidth) return null;
    const blob = await frameToBlob(video);
    this.dispatchEvent(new IdlensCaptureEvent(blob, 'camera'));
    return blob;
  }

  override render() {
    const { state, problem, devices, torchSupported, torchOn } = this.camera;
    const showUpload = !this.noUpload || state === 'error';
    return html`
      <div class="viewport" part="viewport">
        <video part="video" class=${this.camera.facing === 'user' ? 'mirrored' : ''} playsinline muted autoplay aria-hidden="true"></video>
        <div class="overlay"><slot name="overlay"></slot></div>
        ${state === 'idle' ? html`<div class="center"><button class="btn" part="button start" @click=${() => this.start()}>${this.t('startCamera')}</button></div>` : nothing}
        ${state === 'starting' ? html`<div class="center"><p class="message">${this.t('cameraStarting')}</p></div>` : nothing}
        ${state === 'paused' ? html`<div class="center"><p class="message">${this.t('cameraPaused')}</p></div>` : nothing}
        ${
          state === 'error' && problem
            ? html`<div class="center">
              <p class="message error" part="message" role="alert">${this.t(problem.message)}</p>
              <div class="center-actions">
                ${
                  retryable.has(problem.reason)
                    ? html`<button class="btn secondary" part="button retry" @click=${() => this.start()}>${this.t('retryCamera')}</button>`
                    : nothing
                }
                <button class="btn" part="button upload" @click=${this.pickFile}>${this.t('upload')}</button>
              </div>
            </div>`
            : nothing
        }
      </div>
      <div class="controls" part="controls">
        ${
          devices.length > 1 && state === 'live'
            ? html`<label><span>${this.t('chooseCamera')}</span>
              <select @change=${(e: Event) => this.camera.selectDevice((e.target as HTMLSelectElement).value)}>
                ${devices.map((d, i) => html`<option value=${d.deviceId} ?selected=${d.deviceId === this.camera.deviceId}>${d.label || `${this.t('chooseCamera')} ${i + 1}`}</option>`)}
              </select></label>`
            : nothing
        }
        ${
          state === 'live'
            ? html`<button class="btn secondary icon" part="button switch" title=${this.t('switchCamera')} aria-label=${this.t('switchCamera')} @click=${() => this.camera.switchFacing()}>⇄</button>`
            : nothing
        }
        ${
          state === 'live' && torchSupported
            ? html`<button class="btn secondary icon" part="button torch" aria-pressed=${torchOn ? 'true' : 'false'} aria-label=${torchOn ? this.t('torchOff') : this.t('torchOn')} @click=${() => this.camera.setTorch(!torchOn)}>💡</button>`
            : nothing
        }
        ${state === 'live' ? html`<button class="btn secondary" part="button stop" @click=${() => this.stop()}>${this.t('stopCamera')}</button>` : nothing}
        ${showUpload && state !== 'error' ? html`<button class="btn secondary" part="button upload" @click=${this.pickFile}>${this.t('upload')}</button>` : nothing}
        <slot></slot>
        <input type="file" accept="image/jpeg,image/png,image/webp" tabindex="-1" aria-hidden="true" @change=${this.#onFile} />
      </div>
    `;
  }

  #onFile = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ''; // the same file again must fire `change` again
    if (file) this.dispatchEvent(new IdlensCaptureEvent(file, 'file'));
  };
}

/**
 * Camera problems worth a "Try the camera again": the user can fix them without leaving the page
 * (allow access, plug in or free the camera). An insecure context or in-app browser stays as it is.
 */
const retryable: ReadonlySet<string> = new Set(['camera-denied', 'camera-missing', 'camera-in-use', 'camera-failed']);

/** A video frame as a JPEG (quality 0.92: small enough to submit, sharp enough to re-read). */
export async function frameToBlob(source: HTMLVideoElement | HTMLCanvasElement, type = 'image/jpeg'): Promise<Blob> {
  let canvas: HTMLCanvasElement;
  if (source instanceof HTMLCanvasElement) canvas = source;
  else {
    canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')!.drawImage(source, 0, 0);
  }
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not encode the frame'))), type, 0.92));
}

if (!customElements.get('idlens-camera')) customElements.define('idlens-camera', IdlensCamera);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-camera': IdlensCamera;
  }
}
