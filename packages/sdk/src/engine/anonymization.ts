import type { AnonymizationMode } from '../api/common.ts';

/** Which anonymization modes mask result fields, and which mask the returned images. */
export const modeEffects: Readonly<Record<AnonymizationMode, { fields: boolean; images: boolean }>> = {
  NONE: { fields: false, images: false },
  IMAGE_ONLY: { fields: false, images: true },
  RESULT_FIELDS_ONLY: { fields: true, images: false },
  FULL_RESULT: { fields: true, images: true },
};

/**
 * Masks every character but the first `prefix` and last `suffix` with `*`, keeping spaces (so a
 * masked name keeps its shape). Visible counts that together cover the whole value leave nothing
 * to hide, so the value is then masked entirely rather than returned in clear.
 */
export function maskValue(value: string, prefix = 0, suffix = 0): string {
  const chars = [...value];
  const positions = chars.map((c, i) => (c === ' ' ? -1 : i)).filter((i) => i >= 0);
  const p = Math.max(0, Math.floor(prefix));
  const s = Math.max(0, Math.floor(suffix));
  const visible = p + s < positions.length ? new Set([...positions.slice(0, p), ...positions.slice(positions.length - s)]) : new Set<number>();
  return chars.map((c, i) => (c === ' ' || visible.has(i) ? c : '*')).join('');
}
