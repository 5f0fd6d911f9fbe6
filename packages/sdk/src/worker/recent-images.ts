import type { Frame } from '../core/frame.ts';
import type { WorkerImage } from './worker-api.ts';

/** Stills kept: a document's front and back. */
const keptImages = 2;

/**
 * The last few encoded images (Blobs) the worker decoded, by the SHA-256 of their bytes: the same
 * image sent again — a document's front, read on its own when captured and then with its back —
 * gives back the same frame object, so the engine finds what it computed of it (`FrameMemo`)
 * instead of decoding and reading it anew. Camera frames (ImageBitmaps) are new every time and
 * pass through. The frames stay in this worker's memory only, the last `keptImages` of them; a
 * page without Web Crypto (not served securely) keeps none.
 */
export class RecentImages {
  readonly #frames = new Map<string, Promise<Frame>>();
  readonly #decode: (image: WorkerImage, label: string) => Promise<Frame>;

  constructor(decode: (image: WorkerImage, label: string) => Promise<Frame>) {
    this.#decode = decode;
  }

  async decode(image: WorkerImage, label: string): Promise<Frame> {
    const digest = image instanceof Blob ? await digestOf(image) : null;
    if (!digest) return this.#decode(image, label);
    const kept = this.#frames.get(digest);
    if (kept) {
      // The most recent last: the Map's order is the order of eviction.
      this.#frames.delete(digest);
      this.#frames.set(digest, kept);
      return kept;
    }
    const decoded = this.#decode(image, label);
    this.#frames.set(digest, decoded);
    decoded.catch(() => {
      if (this.#frames.get(digest) === decoded) this.#frames.delete(digest);
    });
    while (this.#frames.size > keptImages) this.#frames.delete(this.#frames.keys().next().value!);
    return decoded;
  }
}

async function digestOf(blob: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  // The type is part of the key: the same bytes declared as another format decode differently, or not at all.
  const bytes = new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer()));
  return `${blob.type}:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
