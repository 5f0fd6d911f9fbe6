import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { cameraUnavailable, classifyCameraError, type CameraProblem } from './camera-errors.ts';

export type CameraState = 'idle' | 'starting' | 'live' | 'paused' | 'error';
export type FacingMode = 'environment' | 'user';

export interface CameraControllerOptions {
  /** The `<video>` to show the stream in (rendered by the host). */
  video: () => HTMLVideoElement | null | undefined;
  /** Called after every state change (the host turns it into an event). */
  onChange?: (state: CameraState, problem: CameraProblem | null) => void;
}

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

/**
 * The camera as a Lit reactive controller: opens the stream, lists the cameras, switches
 * front/back, drives the torch where the track supports it, releases the camera when the page is
 * hidden (so the camera light goes off) and reopens it when the page is shown again, and always
 * stops the tracks when the host leaves the DOM.
 */
export class CameraController implements ReactiveController {
  state: CameraState = 'idle';
  problem: CameraProblem | null = null;
  devices: MediaDeviceInfo[] = [];
  deviceId: string | null = null;
  facing: FacingMode = 'environment';
  torchSupported = false;
  torchOn = false;
  /** `performance.now()` when the first frame of the current stream played. */
  liveSince = 0;
  #stream: MediaStream | null = null;
  #resumeOnShow = false;
  #generation = 0;

  private readonly host: ReactiveControllerHost;
  private readonly options: CameraControllerOptions;

  constructor(host: ReactiveControllerHost, options: CameraControllerOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.stop();
  }

  get stream(): MediaStream | null {
    return this.#stream;
  }

  /** Opens the camera (the chosen device, else the preferred facing) and plays it in the video. */
  async start(): Promise<boolean> {
    const unavailable = cameraUnavailable();
    if (unavailable) return this.#fail(unavailable);
    const generation = ++this.#generation;
    this.#release();
    this.#set('starting');
    const video: MediaTrackConstraints = {
      width: { ideal: 1920 },
      height: { ideal: 1080 },
      ...(this.deviceId ? { deviceId: { exact: this.deviceId } } : { facingMode: { ideal: this.facing } }),
    };
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
    } catch (error) {
      if (generation !== this.#generation) return false;
      return this.#fail(classifyCameraError(error));
    }
    // A stop() or a newer start() while the permission prompt was open wins.
    if (generation !== this.#generation) {
      stopTracks(stream);
      return false;
    }
    this.#stream = stream;
    const track = stream.getVideoTracks()[0];
    this.deviceId = track?.getSettings().deviceId ?? this.deviceId;
    const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
    this.torchSupported = capabilities.torch === true;
    this.torchOn = false;
    track?.addEventListener('ended', () => generation === this.#generation && this.#fail({ reason: 'camera-failed', message: 'cameraFailed' }));
    // Labels are only visible once permission was granted, so list the devices now.
    this.devices = (await navigator.mediaDevices.enumerateDevices().catch(() => [])).filter((d) => d.kind === 'videoinput');
    const element = this.options.video();
    if (!element) return this.#fail({ reason: 'camera-failed', message: 'cameraFailed' });
    // iOS Safari plays inline (not fullscreen) and without a gesture only when muted + playsinline.
    element.muted = true;
    element.playsInline = true;
    element.srcObject = stream;
    try {
      await element.play();
      if (!element.videoWidth) await new Promise((resolve) => element.addEventListener('loadeddata', resolve, { once: true }));
    } catch (error) {
      if (generation !== this.#generation) return false;
      if ((error as { name?: string }).name !== 'AbortError') return this.#fail({ reason: 'camera-failed', message: 'cameraFailed' });
    }
    if (generation !== this.#generation) return false;
    this.liveSince = performance.now();
    this.#set('live');
    return true;
  }

  /** Stops the tracks (the camera light goes off) and forgets the stream. */
  stop(): void {
    this.#generation++;
    this.#resumeOnShow = false;
    this.#release();
    if (this.state !== 'error') this.#set('idle');
  }

  /** Uses another camera (a deviceId from `devices`). */
  async selectDevice(deviceId: string): Promise<void> {
    this.deviceId = deviceId;
    await this.start();
  }

  /** Front ↔ back. Forgets the chosen device so `facingMode` decides. */
  async switchFacing(): Promise<void> {
    this.facing = this.facing === 'environment' ? 'user' : 'environment';
    this.deviceId = null;
    await this.start();
  }

  async setTorch(on: boolean): Promise<void> {
    const track = this.#stream?.getVideoTracks()[0];
    if (!track || !this.torchSupported) return;
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    this.torchOn = on;
    this.host.requestUpdate();
  }

  #onVisibility = (): void => {
    if (document.visibilityState === 'hidden' && this.state === 'live') {
      this.#generation++;
      this.#release();
      this.#resumeOnShow = true;
      this.#set('paused');
    } else if (document.visibilityState === 'visible' && this.#resumeOnShow) {
      this.#resumeOnShow = false;
      void this.start();
    }
  };

  #release(): void {
    if (this.#stream) stopTracks(this.#stream);
    this.#stream = null;
    const element = this.options.video();
    if (element) element.srcObject = null;
  }

  #fail(problem: CameraProblem): false {
    this.#release();
    this.problem = problem;
    this.#set('error');
    return false;
  }

  #set(state: CameraState): void {
    if (state !== 'error') this.problem = null;
    this.state = state;
    this.host.requestUpdate();
    this.options.onChange?.(state, this.problem);
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
