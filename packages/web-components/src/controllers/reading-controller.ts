import { HostController } from './host-controller.ts';

/**
 * A still image being read (an upload, a captured side), as a Lit reactive controller: the image
 * shown while it is read (an object URL, revoked when done), the seconds it has taken (the host
 * re-renders every second, so the view moves while recognition runs), and the AbortController whose
 * signal the recognizer gets, so that Cancel stops the work. Leaving the DOM cancels it.
 */
export class ReadingController extends HostController {
  #abort: AbortController | null = null;
  #url: string | null = null;
  #started = 0;
  #timer: ReturnType<typeof setInterval> | null = null;
  hostDisconnected(): void {
    this.cancel();
  }

  /** Whether an image is being read. */
  get active(): boolean {
    return this.#abort !== null;
  }

  /** The image being read (an object URL), for the reading view. */
  get url(): string | null {
    return this.#url;
  }

  /** Whole seconds since the read began. */
  get seconds(): number {
    return this.active ? Math.floor((performance.now() - this.#started) / 1000) : 0;
  }

  /** Starts reading `image` (cancelling any read under way); pass the signal to the recognizer. */
  begin(image: Blob): AbortSignal {
    this.cancel();
    this.#abort = new AbortController();
    this.#url = URL.createObjectURL(image);
    this.#started = performance.now();
    this.#timer = setInterval(() => this.host.requestUpdate(), 1000);
    this.host.requestUpdate();
    return this.#abort.signal;
  }

  /** The read ended (result or error): the view goes. */
  end(): void {
    this.#clear();
    this.host.requestUpdate();
  }

  /** Stops the read under way: its recognition rejects with an AbortError and delivers nothing. */
  cancel(): void {
    this.#abort?.abort();
    this.end();
  }

  #clear(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    if (this.#url) URL.revokeObjectURL(this.#url);
    this.#url = null;
    this.#abort = null;
  }
}

/**
 * After `delayMs` of live scanning without a result, `due` turns true (the host shows its "having
 * trouble?" tips and the upload). `arm` on scanning, `disarm` on anything else.
 */
export class TroubleController extends HostController {
  due = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  hostDisconnected(): void {
    this.disarm();
  }

  /** Starts the wait, unless it is running or already due. */
  arm(delayMs: number): void {
    if (this.#timer || this.due) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.due = true;
      this.host.requestUpdate();
    }, delayMs);
  }

  disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.due) this.host.requestUpdate();
    this.due = false;
  }
}
