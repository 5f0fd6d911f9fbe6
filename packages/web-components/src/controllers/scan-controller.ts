import { HostController } from './host-controller.ts';
import {
  createScanSession,
  type DocumentInFrame,
  type Recognizer,
  type ScanFeedback,
  type ScanFeedbackEvent,
  type ScanFrameEvent,
  type ScanKind,
  type ScanSession,
} from '@idlens/sdk/client';

export interface ScanRun<K extends ScanKind> {
  recognizer: Recognizer;
  kind: K;
  video: HTMLVideoElement;
  options?: Parameters<typeof createScanSession<K>>[0]['options'];
  agreement?: number;
  /** Frame-quality thresholds (see the SDK's `QualityThresholds`). */
  quality?: Parameters<typeof createScanSession<K>>[0]['quality'];
  /** How the frame that completes the agreement is read (see the SDK's `ScanSessionOptions.readFinal`). */
  readFinal?: Parameters<typeof createScanSession<K>>[0]['readFinal'];
}

/** A reading and the frame it was read from (drawn on `canvas`, the last frame recognized). */
export interface ScanOutcome<T> {
  data: T;
  canvas: HTMLCanvasElement;
}

/**
 * Live scanning as a Lit reactive controller over the SDK's `createScanSession`: one frame at a
 * time from the video, feedback for the host to show, stopped when the host leaves the DOM.
 * Frames are first drawn into a canvas the controller keeps, so the frame that gave the result
 * can be shown and submitted afterwards (the bitmap sent to the worker is transferred away).
 * For cards and documents it also keeps where the last frame showed the document (`document`, in
 * the pixels of `frameSize`), for the outline drawn over the preview.
 */
export class ScanController extends HostController {
  feedback: ScanFeedback | null = null;
  /** The document's outline in the last frame checked, or null. */
  document: DocumentInFrame | null = null;
  /** The size of the frames (the video's). */
  frameSize = { width: 0, height: 0 };
  #session: ScanSession<unknown> | null = null;
  readonly #canvas = document.createElement('canvas');

  hostDisconnected(): void {
    this.stop();
  }

  get running(): boolean {
    return this.#session !== null;
  }

  /** The frame last handed to the recognizer. */
  get lastFrame(): HTMLCanvasElement {
    return this.#canvas;
  }

  /** Scans until the session agrees on a reading; rejects with an AbortError when stopped. */
  async run<K extends ScanKind, T>({ recognizer, kind, video, options, agreement, quality, readFinal }: ScanRun<K>): Promise<ScanOutcome<T>> {
    this.stop();
    const canvas = this.#canvas;
    const source = () => {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d')!.drawImage(video, 0, 0);
      return createImageBitmap(canvas);
    };
    const session = createScanSession({ recognizer, kind, source, options, agreement, quality, readFinal });
    this.#session = session as ScanSession<unknown>;
    this.feedback = null;
    this.document = null;
    session.addEventListener('feedback', (event) => {
      this.feedback = (event as ScanFeedbackEvent).feedback;
      this.host.requestUpdate();
    });
    session.addEventListener('frame', (event) => {
      const { document, quality } = event as ScanFrameEvent;
      if (!document && !this.document) return;
      this.document = document;
      this.frameSize = { width: quality.width, height: quality.height };
      this.host.requestUpdate();
    });
    try {
      const data = (await session.result) as T;
      return { data, canvas };
    } finally {
      if (this.#session === session) this.#session = null;
    }
  }

  stop(): void {
    this.#session?.stop();
    this.#session = null;
    if (this.document) this.host.requestUpdate();
    this.document = null;
  }
}
