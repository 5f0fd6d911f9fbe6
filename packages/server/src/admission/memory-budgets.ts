import { createBodyBudget, type BodyBudget } from './body-budget.ts';
import { createPixelBudget, type PixelBudget } from './pixel-budget.ts';

/**
 * The two budgets that bound what requests can make the process hold, whatever any number of
 * callers send (docs/configuration.md, "Memory"): request bodies admitted, and decoded pixels.
 * One of each per process, shared by the recognition endpoints and the platform.
 */
export interface MemoryBudgets {
  bodies: BodyBudget;
  pixels: PixelBudget;
}

export function createMemoryBudgets({ maxBodyBytesInFlight, maxPixelsInFlight }: { maxBodyBytesInFlight: number; maxPixelsInFlight: number }): MemoryBudgets {
  return { bodies: createBodyBudget(maxBodyBytesInFlight), pixels: createPixelBudget(maxPixelsInFlight) };
}
