import type { ReaderOptions } from './zxing-reader.ts';
import type { BarcodeType } from '../../api/barcode.ts';
import type { FrameVariant, RegionVariant } from './frames/frame-variants.ts';

/** Which of the enabled symbologies a pass reads. */
export type PassReads =
  /** every enabled symbology */
  | 'all'
  /** linear symbologies and PDF417 (what a bar-region view can contain) */
  | 'bars'
  /** linear symbologies only */
  | 'linear'
  /** QR codes only (a crop around a QR symbol's finder patterns, or the symbol redrawn) */
  | 'qr';

/** When a pass is part of the plan. */
export type PassTier =
  /** always */
  | 'default'
  /** with `slowerThoroughScan` */
  | 'thorough'
  /** with `nullQuietZoneAllowed` */
  | 'quietZone';

/**
 * The frame's round of the plan; the second one on the frame with its detail restored
 * (`restoredDetail`); or a third, on a frame a highlight clipped, restored after the highlight's
 * light is taken away (`unliftedDetail`).
 */
export type Round = 'first' | 'restored' | 'unlifted';

/** One reading of one image (or of each located bar region) by zxing. */
export interface PassSpec {
  name: string;
  tier: PassTier;
  /**
   * A whole-frame variant; a per-region view read for the first `regions` bar regions; crops round
   * the first `qrCrops` QR symbols located by their finder patterns; or those symbols redrawn along
   * grids fitted to them (`qrGrids`).
   */
  image:
    | { frame: FrameVariant }
    | { region: RegionVariant; regions: number; thoroughRegions: number }
    | { qrCrops: number; thoroughQrCrops: number }
    | { qrGrids: number; thoroughQrGrids: number };
  reads: PassReads;
  /** Symbologies of `reads` this pass leaves out. */
  skips?: readonly BarcodeType[];
  /**
   * The image is rescaled: Code 39 and Code 128 take part only with `autoScaleDetection` (the spec
   * limits that flag to them; the other symbologies are always read at every scale).
   */
  rescales: boolean;
  /** Reader options on top of the common ones. */
  reader?: Partial<ReaderOptions>;
  /**
   * zxing on the frame as it came (its levels stretched only when it is dim): what zxing alone would
   * answer. A read that such passes alone made certain is not fit-checked (`fit-check.ts`).
   */
  asCaptured?: true;
  /** Read in this round only (by default in every round). */
  onlyInRound?: Round;
  /**
   * Read within an allowance of its own (`passBudget`), not the shared budget: a pass last in the
   * first round that would otherwise leave the restored round too little to run.
   */
  allowance?: 'coveragePixels';
  /**
   * Part of a glance (`readBarcode`'s `effort`): the frame as captured and its located bar regions,
   * which read a clear symbol — what is worth trying before other sources have had their say.
   */
  glance?: true;
}

/**
 * The pass plan, cheapest and most productive first. The plan stops as soon as the evidence is
 * conclusive (see `CandidatePool`), so a clean symbol costs one pass, and an image without any
 * symbol costs the whole plan — which is bounded by `passBudget`. Ordering and tiers come from the
 * corpus evaluation (`pnpm eval`, its barcodes suite); docs/barcode-options.md explains each row.
 */
export const passPlan: readonly PassSpec[] = [
  { name: 'frame', tier: 'default', image: { frame: 'frame' }, reads: 'all', rescales: false, asCaptured: true, glance: true },
  { name: 'padded', tier: 'quietZone', image: { frame: 'padded' }, reads: 'all', rescales: false },
  {
    name: 'region-quiet-zone-bars',
    tier: 'quietZone',
    image: { region: 'viewQuietZoneBars', regions: 2, thoroughRegions: 4 },
    reads: 'linear',
    rescales: true,
  },
  {
    name: 'region-quiet-zone-outer',
    tier: 'quietZone',
    image: { region: 'viewQuietZoneOuter', regions: 2, thoroughRegions: 4 },
    reads: 'linear',
    rescales: true,
  },
  { name: 'region', tier: 'default', image: { region: 'view', regions: 2, thoroughRegions: 4 }, reads: 'bars', rescales: true, glance: true },
  { name: 'sharpened', tier: 'default', image: { frame: 'sharpened' }, reads: 'all', rescales: false },
  { name: 'denoised', tier: 'default', image: { frame: 'denoised' }, reads: 'all', rescales: false },
  { name: 'upscaled-sharpened', tier: 'default', image: { frame: 'upscaledSharpened' }, reads: 'all', rescales: true },
  { name: 'fixed-threshold', tier: 'default', image: { frame: 'frame' }, reads: 'all', rescales: false, reader: { binarizer: 'FixedThreshold' } },
  { name: 'local-contrast', tier: 'default', image: { frame: 'localContrast' }, reads: 'all', rescales: false },
  // The same image cut at its mid-grey, the mean of its large window: zxing's hybrid binarizer calls an
  // 8×8 block flat where its own levels span 24 or fewer, and loses modules glare left that shallow.
  // Flat paper turns to speckle under this cut (the 104 of `binarizeLocalContrast` would keep it light,
  // and lose those modules); on the false-positive set zxing read nothing in it. First round only: in
  // the restored round it took budget from later passes (a certain read of the rotation family lost).
  {
    name: 'local-contrast-fixed-threshold',
    tier: 'default',
    image: { frame: 'localContrast' },
    reads: 'all',
    rescales: false,
    reader: { binarizer: 'FixedThreshold' },
    onlyInRound: 'first',
  },
  { name: 'local-contrast-sharpened', tier: 'default', image: { frame: 'localContrastSharpened' }, reads: 'all', rescales: false },
  { name: 'local-contrast-bar-sharpened', tier: 'default', image: { frame: 'localContrastBarSharpened' }, reads: 'linear', rescales: false },
  // Without UPC-E: a faint bar this binarization misses can leave a UPC-A's or EAN-13's other bars
  // spelling a UPC-E (51 modules, no centre guard), reported as certain in the glare family.
  { name: 'edge-binarized-vertical', tier: 'default', image: { frame: 'edgeBinarizedVertical' }, reads: 'linear', skips: ['UPC_E'], rescales: false },
  { name: 'edge-binarized-horizontal', tier: 'default', image: { frame: 'edgeBinarizedHorizontal' }, reads: 'linear', skips: ['UPC_E'], rescales: false },
  { name: 'qr-finder-crops', tier: 'default', image: { qrCrops: 2, thoroughQrCrops: 3 }, reads: 'qr', rescales: true },
  // The same symbols read module by module along a grid fitted to them and redrawn: crumpled or curved ones.
  { name: 'qr-grid', tier: 'default', image: { qrGrids: 2, thoroughQrGrids: 3 }, reads: 'qr', rescales: true },
  {
    name: 'region-upscaled-sharpened',
    tier: 'default',
    image: { region: 'viewUpscaledSharpened', regions: 2, thoroughRegions: 4 },
    reads: 'bars',
    rescales: true,
  },
  { name: 'upscaled', tier: 'default', image: { frame: 'upscaled' }, reads: 'all', rescales: true },
  { name: 'bar-sharpened-vertical', tier: 'default', image: { frame: 'barSharpenedVertical' }, reads: 'linear', rescales: false },
  { name: 'bar-sharpened-horizontal', tier: 'default', image: { frame: 'barSharpenedHorizontal' }, reads: 'linear', rescales: false },
  { name: 'upscaled-bar-sharpened-vertical', tier: 'default', image: { frame: 'upscaled2BarSharpenedVertical' }, reads: 'linear', rescales: true },
  { name: 'upscaled-bar-sharpened-horizontal', tier: 'default', image: { frame: 'upscaled2BarSharpenedHorizontal' }, reads: 'linear', rescales: true },
  { name: 'downscaled', tier: 'default', image: { frame: 'downscaled' }, reads: 'all', rescales: true },
  { name: 'upscaled-2x-sharpened', tier: 'default', image: { frame: 'upscaled2Sharpened' }, reads: 'all', rescales: true },
  { name: 'stretched', tier: 'thorough', image: { frame: 'stretched' }, reads: 'all', rescales: false },
  { name: 'denoised-2d', tier: 'thorough', image: { frame: 'frame' }, reads: 'all', rescales: false, reader: { tryDenoise: true } },
  { name: 'rotated+15', tier: 'default', image: { frame: 'rotated15' }, reads: 'linear', rescales: false },
  { name: 'rotated-15', tier: 'default', image: { frame: 'rotated-15' }, reads: 'linear', rescales: false },
  { name: 'rotated+30', tier: 'thorough', image: { frame: 'rotated30' }, reads: 'linear', rescales: false },
  { name: 'rotated-30', tier: 'thorough', image: { frame: 'rotated-30' }, reads: 'linear', rescales: false },
  { name: 'rotated+45', tier: 'thorough', image: { frame: 'rotated45' }, reads: 'linear', rescales: false },
  { name: 'rotated-45', tier: 'thorough', image: { frame: 'rotated-45' }, reads: 'linear', rescales: false },
  { name: 'upscaled-3x', tier: 'default', image: { frame: 'upscaled3' }, reads: 'all', rescales: true },
  // The same, sampled half a pixel on: modules of a pixel or so that zxing reads in one and not the other.
  { name: 'upscaled-3x-shifted', tier: 'default', image: { frame: 'upscaled3Shifted' }, reads: 'all', rescales: true },
  // Edges placed inside their pixels by coverage, drawn 2–4× finer along the lines: bars of a pixel or
  // so, which zxing counts in whole pixels. Without UPC-E, by analogy with the edge-binarized passes.
  {
    name: 'coverage-redrawn-vertical',
    tier: 'default',
    image: { frame: 'coverageRedrawnVertical' },
    reads: 'linear',
    skips: ['UPC_E'],
    rescales: true,
    onlyInRound: 'first',
    allowance: 'coveragePixels',
  },
  {
    name: 'coverage-redrawn-horizontal',
    tier: 'default',
    image: { frame: 'coverageRedrawnHorizontal' },
    reads: 'linear',
    skips: ['UPC_E'],
    rescales: true,
    onlyInRound: 'first',
    allowance: 'coveragePixels',
  },
  {
    name: 'coverage-redrawn-wide-vertical',
    tier: 'default',
    image: { frame: 'coverageRedrawnWideVertical' },
    reads: 'linear',
    skips: ['UPC_E'],
    rescales: true,
    onlyInRound: 'first',
    allowance: 'coveragePixels',
  },
  {
    name: 'coverage-redrawn-wide-horizontal',
    tier: 'default',
    image: { frame: 'coverageRedrawnWideHorizontal' },
    reads: 'linear',
    skips: ['UPC_E'],
    rescales: true,
    onlyInRound: 'first',
    allowance: 'coveragePixels',
  },
];

/**
 * Upper bound of the pixels zxing reads per request (a pass that would exceed it is skipped): about
 * six reads of a 1080p frame by default, fifteen thorough — and `unliftedPixels` more when the
 * unlifted round runs, which adds them to what the first two rounds left: on a small frame the
 * restored round alone may spend 7 M, and the third would otherwise end before its QR passes.
 */
export const passBudget = {
  defaultPixels: 12_000_000,
  thoroughPixels: 30_000_000,
  unliftedPixels: 4_000_000,
  /** The coverage redraws' own allowance (passes 25, 25b): four drawings of up to 1 M pixels. */
  coveragePixels: 4_000_000,
} as const;
