import { barSharpen } from '../../image/bar-sharpen.ts';
import { boxBlur } from '../../image/box-blur.ts';
import { contrastStretch, levelRange } from '../../image/contrast-stretch.ts';
import { coverageRedraw } from '../../image/coverage-redraw.ts';
import { deconvolve } from '../../image/deconvolve.ts';
import { edgeBinarize } from '../../image/edge-binarize.ts';
import { identity, type Affine } from '../../image/affine.ts';
import { derive, rootImage, type DerivedImage } from '../../image/derived-image.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { pad } from '../../image/pad.ts';
import { resize, scaleBy } from '../../image/resize.ts';
import { rotate } from '../../image/rotate.ts';
import { sharpen } from '../../image/sharpen.ts';
import { warpRect } from '../../image/warp-rect.ts';
import type { Interpolation } from '../../image/resample-taps.ts';
import { levelIllumination } from '../../image/level-illumination.ts';
import { clippedShare, loweredShare, unliftHighlight } from '../../image/unlift-highlight.ts';
import { binarizeLocalContrast, localContrast } from './local-contrast.ts';
import { locateBarRegions, type BarRegion } from './locate-bar-regions.ts';
import { locateQrSymbols, type LocatedQrSymbol } from '../qr/qr-finder-crops.ts';
import { drawQrGrid, fitQrGrid, qrSideCandidates, type FittedQrGrid, type ModuleDecisions } from '../qr/qr-grid.ts';
import { withQuietZone } from './quiet-zone.ts';
import { regionView } from './region-view.ts';

/** Size classes that decide which rescaled variants exist. */
export const variantSizes = {
  /** Frames whose longer side is at most this get upscaled variants (fine modules need ≥2 px). */
  smallMaxSide: 1000,
  /** Frames whose longer side is at most this (crops, not camera frames) also get a 3× variant, and are restored (`restoredDetail`) even where nothing was seen in them. */
  tinyMaxSide: 320,
  /** Frames whose shorter side is at least this get a half-size variant (huge modules, and cheaper). */
  largeMinSide: 1000,
  /** Whole-frame filters run on a copy of at most this many pixels (their cost follows the frame). */
  workingPixels: 1_300_000,
  /** Rotated whole-frame variants are made from a copy of at most this many pixels. */
  rotationPixels: 1_000_000,
  /** The frame with its detail restored (`restoredDetail`) is made, upscaled up to 2×, at most this large: its cost follows its pixels. */
  restoredPixels: 400_000,
  /**
   * The coverage redraws (`coverageRedraw`), 2–4× finer along the lines, are at most this large: frames
   * above half of it (0.5 Mpx) get none. Not the pass budget: that decides whether they are read.
   */
  coveragePixels: 1_000_000,
  /** Most bar regions looked at. */
  maxRegions: 4,
  /** Most QR symbols (finder-pattern triples) cropped. */
  maxQrCrops: 3,
  /** QR crops are scaled to about this many pixels per module … */
  qrCropModule: 4,
  /** … and at most this size. */
  qrCropPixels: 1_000_000,
} as const;

/** What a recipe can start from; every source is made once per frame and cached. */
interface VariantSources {
  root: DerivedImage;
  /** The frame, or for very large frames a copy shrunk to `workingPixels`. */
  working: () => DerivedImage;
  /** The frame scaled by `factor`, growing as `grow` says (small frames only; `undefined` otherwise). */
  upscaled: (factor: number, grow?: Interpolation) => DerivedImage | undefined;
  /** The frame, or a copy shrunk to `rotationPixels`, for rotated variants. */
  rotationBase: () => DerivedImage;
  maxSide: number;
  minSide: number;
}

type Recipe = (sources: VariantSources) => DerivedImage | undefined;

/** Applies a filter that keeps the geometry (so the map to the frame stays the same). */
function filtered(source: DerivedImage | undefined, filter: (image: GrayImage) => GrayImage): DerivedImage | undefined {
  return source && { image: filter(source.image), toOriginal: source.toOriginal };
}

/**
 * The frame redrawn from its pixels' coverage (`coverageRedraw`) with its local black and white
 * taken within ±`radius` px, as finely as `coveragePixels` allows (at least 2×); none for larger frames.
 */
function coverageRedrawn(root: DerivedImage, bars: 'vertical' | 'horizontal', radius: number): DerivedImage | undefined {
  const factor = Math.min(4, Math.floor(variantSizes.coveragePixels / (root.image.width * root.image.height)));
  return factor >= 2 ? derive(root, coverageRedraw(root.image, { bars, factor, radius })) : undefined;
}

/**
 * A small crop grown 3× cubically, its samples taken `offset` of its pixels on. Where modules are a
 * pixel or so, whether zxing reads the grown image depends on how it lies against zxing's own grid
 * (the hybrid binarizer's 8-pixel blocks, the rows it scans) and on where its samples fall against
 * the bars: half a pixel on, the image is 1.5 of its pixels further and sampled a sixth of a frame
 * pixel apart from the first, and it reads what the first loses (the 60 %-scaled corpus:
 * docs/barcode-options.md).
 */
function tripled(offset: number): Recipe {
  return ({ root, maxSide }) => (maxSide <= variantSizes.tinyMaxSide ? derive(root, scaleBy(root.image, 3, 'cubic', offset)) : undefined);
}

function rotated(degrees: number): Recipe {
  return ({ rotationBase }) => {
    const base = rotationBase();
    return derive(base, rotate(base.image, degrees));
  };
}

/**
 * An under-exposed frame — its brightest percentile darker than this — is read stretched to the
 * full range by every pass: the bar-region locator's edge energy and zxing's binarizers judge
 * contrast in absolute grey levels, which the bars of such a photo (within ~60 levels of black) fall
 * short of. A frame that is merely low in contrast but lit (paper, a textured table) is left as it
 * is: stretching it turns its texture into bar-like structure the whole plan then reads in vain
 * (`pnpm bench barcodes`, 1080p without a barcode: 615 → 1160 ms when such frames were stretched too).
 */
const underExposedBelow = 128;

function stretchedIfDim(gray: GrayImage): GrayImage {
  const range = levelRange(gray, 0.01);
  return range.high < underExposedBelow ? contrastStretch(gray, 0.01, range) : gray;
}

/** Window radius of the local-contrast filters: a sixteenth of the frame (several modules of any symbol). */
function localRadius(image: GrayImage): number {
  return Math.max(8, Math.round(Math.min(image.width, image.height) / 16));
}

/** How each whole-frame image a pass can read is made. */
const frameRecipes = {
  frame: ({ root }) => root,
  working: ({ working }) => working(),
  sharpened: ({ working }) => filtered(working(), (image) => sharpen(image, 2, 2)),
  denoised: ({ working }) => filtered(working(), (image) => boxBlur(image, 1)),
  stretched: ({ working }) => filtered(working(), (image) => contrastStretch(image)),
  localContrast: ({ working }) => filtered(working(), (image) => localContrast(image, localRadius(image))),
  // Evened-out illumination, then edges steepened: blurred bars under glare or in a dim corner.
  localContrastSharpened: ({ working }) => filtered(working(), (image) => sharpen(localContrast(image, localRadius(image)), 2, 2)),
  localContrastBarSharpened: ({ working }) =>
    filtered(working(), (image) => barSharpen(localContrast(image, localRadius(image)), { alongRadius: 3, acrossRadius: 3, amount: 1 })),
  // Bars found by their edges, not their levels: glare that lifts some bars above the paper beside others.
  edgeBinarizedVertical: ({ working }) => filtered(working(), (image) => edgeBinarize(image)),
  edgeBinarizedHorizontal: ({ working }) => filtered(working(), (image) => edgeBinarize(image, { bars: 'horizontal' })),
  coverageRedrawnVertical: ({ root }) => coverageRedrawn(root, 'vertical', 6),
  coverageRedrawnHorizontal: ({ root }) => coverageRedrawn(root, 'horizontal', 6),
  coverageRedrawnWideVertical: ({ root }) => coverageRedrawn(root, 'vertical', 10),
  coverageRedrawnWideHorizontal: ({ root }) => coverageRedrawn(root, 'horizontal', 10),
  barSharpenedVertical: ({ working }) => filtered(working(), (image) => barSharpen(image, { alongRadius: 3, acrossRadius: 3, amount: 1 })),
  barSharpenedHorizontal: ({ working }) =>
    filtered(working(), (image) => barSharpen(image, { alongRadius: 3, acrossRadius: 3, amount: 1, bars: 'horizontal' })),
  padded: ({ working }) => {
    const base = working();
    return derive(base, pad(base.image, Math.max(16, Math.round(0.05 * Math.min(base.image.width, base.image.height)))));
  },
  // Read as it is, a plain upscale is grown cubically: bars of a pixel or so keep their depth, where
  // bilinear growth leaves them shallow grey (60 %-scaled corpus photos: see docs/barcode-options.md).
  // The sharpened upscales stay bilinear: sharpening on top of the cubic's overshoot rang into false
  // thin bars, and wrong EAN-13 reads on up to 9 lines.
  upscaled: ({ upscaled }) => upscaled(1.5, 'cubic'),
  upscaledSharpened: ({ upscaled }) => filtered(upscaled(1.5), (image) => sharpen(image, 2, 2)),
  upscaled2Sharpened: ({ upscaled }) => filtered(upscaled(2), (image) => sharpen(image, 1.5, 2)),
  upscaled2BarSharpenedVertical: ({ upscaled }) => filtered(upscaled(2), (image) => barSharpen(image, { alongRadius: 6, acrossRadius: 6, amount: 2 })),
  upscaled2BarSharpenedHorizontal: ({ upscaled }) =>
    filtered(upscaled(2), (image) => barSharpen(image, { alongRadius: 6, acrossRadius: 6, amount: 2, bars: 'horizontal' })),
  upscaled3: tripled(0),
  upscaled3Shifted: tripled(0.5),
  downscaled: ({ root, minSide }) => (minSide >= variantSizes.largeMinSide ? derive(root, scaleBy(root.image, 0.5)) : undefined),
  rotated15: rotated(15),
  'rotated-15': rotated(-15),
  rotated30: rotated(30),
  'rotated-30': rotated(-30),
  rotated45: rotated(45),
  'rotated-45': rotated(-45),
} satisfies Record<string, Recipe>;

/** Names of the whole-frame images a pass can read. */
export type FrameVariant = keyof typeof frameRecipes;

/**
 * How each view of a bar region is made from the plain view (bars vertical, ~3 px modules), and by
 * how much at least it scales the plain view's sides (`scale`; the quiet-zone cuts may be narrower):
 * what a pass checks against its pixel budget before making the view.
 */
const regionRecipes = {
  view: { scale: 1, make: (view) => view },
  // Smooth along the bars, sharpen across at about two modules of the doubled view.
  viewUpscaledSharpened: {
    scale: 2,
    make: (view) => {
      const upscaled = derive(view, scaleBy(view.image, 2));
      return filtered(upscaled, (image) => barSharpen(image, { alongRadius: 8, acrossRadius: 6, amount: 4 }));
    },
  },
  viewQuietZoneBars: { scale: 0, make: (view) => withQuietZone(view, 'bars') },
  viewQuietZoneOuter: { scale: 0, make: (view) => withQuietZone(view, 'outer') },
} satisfies Record<string, { scale: number; make: (view: DerivedImage) => DerivedImage | undefined }>;

/** Names of the per-region views a pass can read. */
export type RegionVariant = keyof typeof regionRecipes;

/**
 * The images the passes read, derived lazily from the frame's gray image and cached, each with its
 * map back to the frame. A variant that does not apply to this frame (upscaling a large frame, say)
 * is `undefined`.
 */
export class FrameVariants {
  readonly #cache = new Map<string, DerivedImage | undefined>();
  readonly #sources: VariantSources;
  #regions: BarRegion[] | undefined;
  #qrSymbols: LocatedQrSymbol[] | undefined;
  /** The grids fitted to the QR symbols, by symbol and side: each is drawn at most twice (`qrGrid`). */
  readonly #qrGrids = new Map<string, FittedQrGrid>();

  /** `toFrame`: where `frameGray` is itself derived from the frame (`restoredDetail`), its map to the frame. */
  constructor(frameGray: GrayImage, toFrame: Affine = identity) {
    const gray = stretchedIfDim(frameGray);
    const root: DerivedImage = { image: gray, toOriginal: toFrame };
    const maxSide = Math.max(gray.width, gray.height);
    this.#sources = {
      root,
      working: () => this.#shrunkTo(variantSizes.workingPixels, 'working'),
      rotationBase: () => this.#shrunkTo(variantSizes.rotationPixels, 'rotationBase'),
      upscaled: (factor, grow = 'bilinear') =>
        this.#cached(`upscaled×${factor}:${grow}`, () => (maxSide <= variantSizes.smallMaxSide ? derive(root, scaleBy(root.image, factor, grow)) : undefined)),
      maxSide,
      minSide: Math.min(gray.width, gray.height),
    };
  }

  /** The frame's gray image as every pass starts from it (levels stretched when the frame is dim). */
  get gray(): GrayImage {
    return this.root.image;
  }

  /** That image with its map to the frame: what the region views are cut from. */
  get root(): DerivedImage {
    return this.#sources.root;
  }

  /**
   * The frame's gray image with its illumination evened out (`localContrast`), at the frame's own
   * size and coordinates: where margins are judged again when glare or a shadow runs across a symbol.
   */
  get evenlyLit(): GrayImage {
    const { root, working } = this.#sources;
    // Up to the working size the local-contrast pass reads this very image: made once for both.
    return this.#cached('evenlyLit', () =>
      working() === root ? this.frame('localContrast') : filtered(root, (image) => localContrast(image, localRadius(image))),
    )!.image;
  }

  /**
   * The working copy's bars found by their edges (`edgeBinarize`, the image of the edge-binarized
   * passes, made once for both), with its map to the frame: where margins are judged a third way,
   * when glare lights a margin unlike the bars next to it so that neither grey levels nor evened-out
   * ones show it as the quiet zone it is. At the working size, so a large frame costs no more.
   */
  edgeLit(bars: 'vertical' | 'horizontal'): DerivedImage {
    return this.frame(bars === 'vertical' ? 'edgeBinarizedVertical' : 'edgeBinarizedHorizontal')!;
  }

  frame(name: FrameVariant): DerivedImage | undefined {
    return this.#cached(name, () => frameRecipes[name](this.#sources));
  }

  /** Whether the localizer saw anything bar-like at all (linear-only passes are pointless otherwise). */
  hasBarRegions(): boolean {
    return this.#barRegions().length > 0;
  }

  /** Whether the frame is a small crop (longer side at most `tinyMaxSide`) rather than a camera frame. */
  get isTiny(): boolean {
    return this.#sources.maxSide <= variantSizes.tinyMaxSide;
  }

  /** Whether the finder-pattern search found at least one QR symbol's three corners. */
  hasQrSymbols(): boolean {
    return this.#qrSymbolsFound().length > 0;
  }

  /** The view of the `index`-th bar region (best first), if there is one. */
  region(index: number, name: RegionVariant): DerivedImage | undefined {
    const region = this.#barRegions()[index];
    if (!region) return undefined;
    return this.#cached(`${name}@${index}`, () => regionRecipes[name].make(this.#regionView(index, region)));
  }

  /**
   * The fewest pixels the `index`-th bar region's view `name` can have (0 where that is not known
   * before it is made), or undefined when there is no such region: a view bigger than what a pass
   * may still read is not made at all (a 12-megapixel photo's regions upscaled cost seconds).
   */
  regionPixelsAtLeast(index: number, name: RegionVariant): number | undefined {
    const region = this.#barRegions()[index];
    if (!region) return undefined;
    const { width, height } = this.#regionView(index, region).image;
    return width * height * regionRecipes[name].scale ** 2;
  }

  #regionView(index: number, region: BarRegion): DerivedImage {
    return this.#cached(`view@${index}`, () => regionView(this.#sources.root, region))!;
  }

  /** The `index`-th QR symbol located by its finder patterns (best first), cut out upright, if there is one. */
  qrCrop(index: number): DerivedImage | undefined {
    const symbol = this.#qrSymbolsFound()[index];
    if (!symbol) return undefined;
    return this.#cached(`qr@${index}`, () => {
      const base = this.#sources.working();
      const { rect } = symbol;
      let scale = Math.min(4, Math.max(0.5, variantSizes.qrCropModule / symbol.finders.module));
      scale = Math.min(scale, Math.sqrt(variantSizes.qrCropPixels / (rect.width * rect.height)));
      return derive(base, warpRect(base.image, rect, scale));
    });
  }

  /** The side lengths the `index`-th QR symbol located by its finder patterns may have (`qrSideCandidates`); none if there is no such symbol. */
  qrGridSides(index: number): number[] {
    const symbol = this.#qrSymbolsFound()[index];
    return symbol ? qrSideCandidates(symbol.finders) : [];
  }

  /**
   * That symbol read module by module along a grid fitted to it at `side` modules (`fitQrGrid`, once
   * for both drawings), and redrawn with its modules told as `decisions` says (`drawQrGrid`);
   * undefined for the equalized decisions where they change nothing.
   */
  qrGrid(index: number, side: number, decisions: ModuleDecisions = 'sampled'): DerivedImage | undefined {
    const symbol = this.#qrSymbolsFound()[index];
    const normalized = this.frame('localContrast');
    if (!symbol || !normalized) return undefined;
    const key = `${index}/${side}`;
    return this.#cached(`qrGrid@${key}/${decisions}`, () => {
      const grid = this.#qrGrids.get(key) ?? fitQrGrid(normalized.image, symbol.finders, side);
      this.#qrGrids.set(key, grid);
      const drawing = drawQrGrid(grid, decisions);
      return drawing && derive(normalized, drawing);
    });
  }

  /** The QR symbols the finder-pattern search found, searched once per frame. */
  #qrSymbolsFound(): LocatedQrSymbol[] {
    // The local-contrast pass has made the normalized image already; cutting it is cheap.
    const normalized = this.frame('localContrast');
    this.#qrSymbols ??= normalized ? locateQrSymbols(binarizeLocalContrast(normalized.image), variantSizes.maxQrCrops) : [];
    return this.#qrSymbols;
  }

  #barRegions(): BarRegion[] {
    this.#regions ??= locateBarRegions(this.#sources.root.image, { maxRegions: variantSizes.maxRegions });
    return this.#regions;
  }

  #cached(key: string, make: () => DerivedImage | undefined): DerivedImage | undefined {
    if (!this.#cache.has(key)) this.#cache.set(key, make());
    return this.#cache.get(key);
  }

  #shrunkTo(maxPixels: number, key: string): DerivedImage {
    return this.#cached(key, () => {
      const { root } = this.#sources;
      const pixels = root.image.width * root.image.height;
      if (pixels <= maxPixels) return root;
      const factor = Math.sqrt(maxPixels / pixels);
      return derive(root, resize(root.image, root.image.width * factor, root.image.height * factor));
    })!;
  }
}

/**
 * How `restoredDetail` makes its image: the blur it undoes (σ in the frame's pixels) and how hard —
 * defocus, and the softness of a symbol photographed from afar or shrunk, merge modules of a pixel or
 * two into grey — and the window its illumination is levelled over first.
 */
const restoration = {
  sigma: 0.8,
  iterations: 10,
  /**
   * Before it is deconvolved, the frame's illumination is levelled (`levelIllumination`) with a
   * radius of its shorter side divided by this: glare and shade change over a large part of a frame,
   * modules over a small one.
   */
  levelRadiusDivisor: 8,
  /**
   * `unliftedDetail` measures a highlight's light within the shorter side divided by this: a window
   * that holds a bar's core and a space of most symbols (the ink and the paper it is measured by).
   */
  unliftRadiusDivisor: 40,
  /** … and is made for frames with at least this share of their pixels clipped (a highlight, not a few specks) … */
  leastClippedShare: 0.002,
  /**
   * … and is read only when it took at least `leastLift` levels away from at least this share of the
   * pixels: a clean print on white paper clips too, but there is no light to take away, and its
   * unlifted frame would be the restored one read again (83 of the 138 corpus files the clipped
   * share let through).
   */
  leastLoweredShare: 0.01,
  leastLift: 16,
} as const;

/**
 * `restoredDetail` of the frame with a highlight's light taken away first (`unliftHighlight`): thin
 * bars the highlight left a few levels below white get their depth back. Undefined when too little of
 * the frame is clipped for a highlight to have lifted anything out of reach of the other rounds, or
 * when there was hardly any light to take away.
 */
export function unliftedDetail(gray: GrayImage, scale: { factor: number }): DerivedImage | undefined {
  if (clippedShare(gray) < restoration.leastClippedShare) return undefined;
  const radius = Math.max(2, Math.round(Math.min(gray.width, gray.height) / restoration.unliftRadiusDivisor));
  const unlifted = unliftHighlight(gray, radius);
  if (loweredShare(gray, unlifted, restoration.leastLift) < restoration.leastLoweredShare) return undefined;
  return restoredDetail(unlifted, scale);
}

/** Upscaling by less than this is not worth a resampling's softening: such a frame is restored at its own size. */
const leastUpscale = 1.2;

/**
 * How `restoredDetail` would restore a frame of this size: the enlargement (up to 2×, within
 * `restoredPixels`; 1 below `leastUpscale`) and the pixels of the image it makes. Undefined for an
 * empty frame or one larger than `restoredPixels`: such frames' symbols seldom have modules that
 * fine, and their restoration would cost too much.
 */
export function restorationOf(gray: GrayImage): { factor: number; pixels: number } | undefined {
  const pixels = gray.width * gray.height;
  if (pixels === 0 || pixels > variantSizes.restoredPixels) return undefined;
  const largest = Math.min(2, Math.sqrt(variantSizes.restoredPixels / pixels));
  const factor = largest >= leastUpscale ? largest : 1;
  return { factor, pixels: Math.round(gray.width * factor) * Math.round(gray.height * factor) };
}

/**
 * The frame with its illumination levelled (`levelIllumination`), upscaled by `factor`
 * (`restorationOf`) and deconvolved (`deconvolve`): bars that glare lifted towards white regain their
 * depth, and thin bars and modules that blur merged come apart again, for a second reading of the
 * whole plan where the frame itself gave nothing certain.
 */
export function restoredDetail(gray: GrayImage, { factor }: { factor: number }): DerivedImage {
  const levelRadius = Math.max(4, Math.round(Math.min(gray.width, gray.height) / restoration.levelRadiusDivisor));
  const root = rootImage(levelIllumination(gray, levelRadius));
  const base = factor > 1 ? derive(root, scaleBy(root.image, factor)) : root;
  return { image: deconvolve(base.image, { sigma: restoration.sigma * factor, iterations: restoration.iterations }), toOriginal: base.toOriginal };
}
