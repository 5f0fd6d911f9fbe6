import { ApiError } from '../errors.ts';

/** Reserves memory for this many decoded pixels (once per request); resolves when it fits the budget. */
export type PixelReservation = (pixels: number) => Promise<void>;

export interface Admission {
  /**
   * Admits one recognition request, or refuses it at once with 503 QUEUE_FULL — before any image
   * is fetched or decoded. `work` reserves its decoded pixels once, before decoding; both the
   * request slot and the pixels are held until `work` settles.
   */
  run<T>(work: (reserve: PixelReservation) => Promise<T>): Promise<T>;
  status(): { inFlight: number; maxInFlight: number; pixelsInFlight: number; maxPixelsInFlight: number; waiting: number };
}

/**
 * Admission control in front of the recognition workers: at most `maxInFlight` requests (workers
 * plus queue) are past the door, and together they hold at most `maxPixelsInFlight` decoded pixels
 * (RGBA, 4 bytes each). Pixels are reserved in one piece per request and granted in arrival order,
 * so requests waiting for memory cannot deadlock each other.
 */
export function createAdmission({ maxInFlight, maxPixelsInFlight }: { maxInFlight: number; maxPixelsInFlight: number }): Admission {
  let inFlight = 0;
  let pixels = 0;
  const waiting: Array<{ pixels: number; grant(): void }> = [];

  const drain = () => {
    while (waiting.length > 0 && pixels + waiting[0]!.pixels <= maxPixelsInFlight) {
      const next = waiting.shift()!;
      pixels += next.pixels;
      next.grant();
    }
  };

  return {
    async run(work) {
      if (inFlight >= maxInFlight) {
        throw new ApiError('QUEUE_FULL', 'the server is busy; try again shortly', { headers: { 'Retry-After': '1' } });
      }
      inFlight++;
      let reserved = 0;
      const reserve: PixelReservation = (wanted) => {
        if (reserved > 0) throw new Error('pixels are reserved once per request');
        // One request never needs more than the whole budget (each image is within IMAGE_MAX_PIXELS).
        const amount = Math.max(1, Math.min(wanted, maxPixelsInFlight));
        return new Promise<void>((resolve) => {
          waiting.push({
            pixels: amount,
            grant: () => {
              reserved = amount;
              resolve();
            },
          });
          drain();
        });
      };
      try {
        return await work(reserve);
      } finally {
        inFlight--;
        pixels -= reserved;
        drain();
      }
    },
    status: () => ({ inFlight, maxInFlight, pixelsInFlight: pixels, maxPixelsInFlight, waiting: waiting.length }),
  };
}
