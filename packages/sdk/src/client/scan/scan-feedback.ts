import type { FrameQuality } from '../../worker/worker-api.ts';

/** What the user should do next, as a live-scanning session sees it. */
export const scanFeedbacks = ['no-document', 'move-closer', 'cut-off', 'too-blurry', 'glare', 'too-dark', 'hold-still', 'flip-side', 'done'] as const;
export type ScanFeedback = (typeof scanFeedbacks)[number];

export interface QualityThresholds {
  /** Laplacian variance below which a frame is too blurry to read. */
  minSharpness: number;
  /** Share of near-white pixels above which glare hides the fields. */
  maxGlare: number;
  minBrightness: number;
}

export const defaultQualityThresholds: QualityThresholds = { minSharpness: 40, maxGlare: 0.12, minBrightness: 40 };

/** The frame-level problem to report before trying recognition, or null when the frame is usable. */
export function qualityFeedback(q: FrameQuality, t: QualityThresholds = defaultQualityThresholds): ScanFeedback | null {
  if (q.brightness < t.minBrightness) return 'too-dark';
  if (q.glare > t.maxGlare) return 'glare';
  if (q.sharpness < t.minSharpness) return 'too-blurry';
  return null;
}
