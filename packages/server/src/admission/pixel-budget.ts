/** Gives back what a reservation took. */
export type Release = () => void;

/**
 * Decoded pixels (RGBA, 4 bytes each) the process may hold at once, shared by everything that
 * decodes: recognition requests and the platform (step submissions, verification of stored
 * images). A reservation is taken in one piece before decoding and held until the frames are let
 * go; reservations are granted in arrival order, so big ones are not starved and waiters cannot
 * deadlock each other.
 */
export interface PixelBudget {
  /** Resolves once `pixels` (at most the whole budget) are reserved. */
  reserve(pixels: number): Promise<Release>;
  status(): { pixelsInFlight: number; maxPixelsInFlight: number; waiting: number };
}

export function createPixelBudget(maxPixelsInFlight: number): PixelBudget {
  let inFlight = 0;
  const waiting: Array<{ pixels: number; grant(): void }> = [];
  const drain = () => {
    while (waiting.length > 0 && inFlight + waiting[0]!.pixels <= maxPixelsInFlight) {
      const next = waiting.shift()!;
      inFlight += next.pixels;
      next.grant();
    }
  };
  return {
    reserve(wanted) {
      // One request never needs more than the whole budget (each image is within IMAGE_MAX_PIXELS).
      const pixels = Math.max(1, Math.min(Math.ceil(wanted), maxPixelsInFlight));
      return new Promise<Release>((resolve) => {
        waiting.push({
          pixels,
          grant: () => {
            let released = false;
            resolve(() => {
              if (released) return;
              released = true;
              inFlight -= pixels;
              drain();
            });
          },
        });
        drain();
      });
    },
    status: () => ({ pixelsInFlight: inFlight, maxPixelsInFlight, waiting: waiting.length }),
  };
}
