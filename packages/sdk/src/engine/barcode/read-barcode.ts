import { defaultBarcodeOptions, type BarcodeData, type BarcodeOptions } from '../../api/barcode.ts';
import type { Frame } from '../../core/frame.ts';
import { applyAffine, invertAffine, type Point } from '../image/affine.ts';
import type { DerivedImage } from '../image/derived-image.ts';
import { grayToFrame, toGray, type GrayImage } from '../image/gray-image.ts';
import { CandidatePool } from './candidate-pool.ts';
import { FrameVariants, restorationOf, restoredDetail, unliftedDetail, type RegionVariant } from './frames/frame-variants.ts';
import { normalizeRead, type BarcodeRead } from './normalize-read.ts';
import { passBudget, passPlan, type PassSpec, type Round } from './pass-plan.ts';
import { FitChecks, fitCheckOptions, fitContradicts } from './ean/fit-check.ts';
import { drawnQrPixels, type ModuleDecisions } from './qr/qr-grid.ts';
import { readEanEdges } from './ean/read-ean-edges.ts';
import { readEanProfiles } from './ean/read-ean-profiles.ts';
import { enabledSymbologies, readFormatsOf, type Symbology } from './symbologies.ts';
import { emptyBarcodeData, toBarcodeData } from './to-barcode-data.ts';
import { hasConvincingQuietZones } from './ean/upc-ean-evidence.ts';
import type { ReaderOptions, ZxingReader } from './zxing-reader.ts';

/** Bar regions the profile fit looks at, as a pass and as a second opinion (the likeliest first). */
const profileRegions = { default: 2, thorough: 4 };

export type ResolvedBarcodeOptions = Required<{ [K in keyof BarcodeOptions]: boolean }>;

/** Resolves nulls to the spec's defaults. */
export function resolveBarcodeOptions(options: BarcodeOptions): ResolvedBarcodeOptions {
  const resolved = { ...defaultBarcodeOptions };
  for (const key of Object.keys(defaultBarcodeOptions) as Array<keyof BarcodeOptions>) {
    const value = options[key];
    if (typeof value === 'boolean') resolved[key] = value;
  }
  return resolved;
}

/** What one executed pass saw, for diagnostics (evaluation scripts, tests). */
export interface PassTrace {
  pass: string;
  /** What read it: zxing, or one of the engine's own EAN/UPC decoders; `fit-check`: the profile fit's second opinion, whose reads do not join the pool. */
  method: 'zxing' | 'ean-edges' | 'ean-profile' | 'fit-check';
  width: number;
  height: number;
  reads: BarcodeRead[];
  /** Reads the pass made that the engine did not believe (EAN/UPC without convincing margins). */
  rejected: BarcodeRead[];
}

/**
 * Reads the one barcode the caller asked for from a frame: runs the pass plan (whole-frame
 * variants and views of located bar regions) until the evidence is conclusive or the plan or its
 * pixel budget is exhausted — and, for a small frame it did not settle, a second time on the frame
 * with its detail restored (`restoredDetail`), and a third after a highlight's light is taken away
 * where one clipped it (`unliftedDetail`) — then reports the best-supported read of the largest
 * symbol. Deterministic: the same pixels and options always run the same passes (no wall-clock budget),
 * so browser and server agree. A `glance` runs only the plan's glance passes (`PassSpec.glance`: the
 * frame as captured, its located bar regions) in the first round: a clear symbol, at a fraction of the
 * cost of a frame without one.
 */
export async function readBarcode(
  zxing: ZxingReader,
  frame: Frame,
  options: BarcodeOptions,
  onPass?: (trace: PassTrace) => void,
  effort: 'plan' | 'glance' = 'plan',
): Promise<BarcodeData> {
  const resolved = resolveBarcodeOptions(options);
  const enabled = enabledSymbologies(resolved);
  if (enabled.length === 0) return emptyBarcodeData;

  const variants = new FrameVariants(toGray(frame));
  const pool = new CandidatePool();
  // The pixels zxing may still read: the shared budget, and the allowances of the passes that read apart from it (`PassSpec.allowance`).
  const budgets: Record<'shared' | NonNullable<PassSpec['allowance']>, number> = {
    shared: resolved.slowerThoroughScan ? passBudget.thoroughPixels : passBudget.defaultPixels,
    coveragePixels: passBudget.coveragePixels,
  };
  // A pass's reads join the pool; without `nullQuietZoneAllowed` an EAN/UPC read must have its margins
  // in the frame — as photographed, once its illumination is evened out (glare or a shadow falling
  // across the symbol lights its margin unlike the bars next to it), or, where even that leaves the
  // margin darker than the lifted spaces, free of edges across its bars (a gradient has none).
  const convincing = (r: BarcodeRead) =>
    hasConvincingQuietZones(variants.gray, r) ||
    hasConvincingQuietZones(variants.evenlyLit, r) ||
    hasConvincingQuietZones(...inView(variants.edgeLit(barsDirection(r)), r));
  const admit = (pass: string, method: PassTrace['method'], view: DerivedImage, found: BarcodeRead[]) => {
    const reads = resolved.nullQuietZoneAllowed ? found : found.filter(convincing);
    pool.addView(pass, reads);
    onPass?.({ pass, method, width: view.image.width, height: view.image.height, reads, rejected: found.filter((r) => !reads.includes(r)) });
  };

  // Whether the leading read is certain, once the profile fit has given its second opinion where it
  // is wanted (`FitChecks`): a read it contradicts is disputed, and the plan goes on.
  const profileRegionCount = resolved.slowerThoroughScan ? profileRegions.thorough : profileRegions.default;
  const fitOnce = (read: BarcodeRead) => (view: DerivedImage) => {
    const reads = readEanProfiles(view, variants.root, resolved, fitCheckOptions(read));
    onPass?.({ pass: 'fit-check', method: 'fit-check', width: view.image.width, height: view.image.height, reads, rejected: [] });
    return reads;
  };
  const fitChecks = new FitChecks((read) => fitContradicts(read, regionViews(variants, 'view', profileRegionCount), fitOnce(read)));
  const settledCertain = () => fitChecks.settledCertain(pool);
  const conclusive = () => settledCertain() && pool.isConclusive();

  const ean = enabled.some((s) => s.type === 'EAN_13' || s.type === 'UPC_A' || s.type === 'EAN_8' || s.type === 'UPC_E');
  // `source`: the images of this round (`round`: the frame's, or a later one's, whose passes' names
  // carry the round as a prefix: `restored:`, `unlifted:`); `rescaled`: the round's image is itself
  // the frame rescaled, so each of its passes is a rescaled one.
  const readRound = async (source: FrameVariants, round: Round, rescaled: boolean) => {
    const prefix = round === 'first' ? '' : `${round}:`;
    // zxing reads RGBA: the round's own gray image, which several passes read as it is (with other
    // binarizers, denoised), is converted once — on a 12-megapixel photo each conversion is 48 MB.
    let sourceRgba: Frame | null = null;
    const rgbaOf = (image: GrayImage) => {
      if (image !== source.gray) return grayToFrame(image);
      sourceRgba ??= grayToFrame(image);
      return sourceRgba;
    };
    for (const pass of passPlan) {
      if (!inPlan(pass, resolved, round) || (effort === 'glance' && !pass.glance)) continue;
      const formats = readFormatsOf(symbologiesOf(pass, enabled, resolved, rescaled), resolved.readCode39AsExtendedData);
      if (formats.length === 0) continue;
      const spends = pass.allowance ?? 'shared';
      for (const view of viewsOf(pass, source, resolved.slowerThoroughScan, () => budgets[spends])) {
        const pixels = view.image.width * view.image.height;
        if (pixels > budgets[spends]) continue;
        budgets[spends] -= pixels;
        const results = await zxing.readBarcodes(rgbaOf(view.image), readerOptions(pass, formats, resolved));
        const valid = results
          .filter((r) => r.isValid)
          .map((r) => normalizeRead(r, { scanUpca: resolved.scanUpca, scanEan13: resolved.scanEan13, toOriginal: view.toOriginal }))
          .filter((r): r is BarcodeRead => r !== undefined);
        admit(`${prefix}${pass.name}`, 'zxing', view, valid);
      }
      if (conclusive()) return;
    }
    if (effort === 'glance') return;

    // Then EAN and UPC decoded from the edges of every line across the working copy, character by
    // character, where zxing found nothing certain: glare that breaks up its run lengths leaves the edges.
    if (!settledCertain() && ean && source.hasBarRegions()) {
      const working = source.frame('working')!;
      for (const bars of ['vertical', 'horizontal'] as const) {
        if (settledCertain()) break;
        admit(`${prefix}ean-edges-${bars}`, 'ean-edges', working, readEanEdges(working, bars, resolved));
      }
    }

    // Last, EAN-13 and UPC-A fitted to the bars' grey levels where zxing found nothing certain: the
    // defocused product codes whose thin bars and spaces have merged into grey. Fitted reads stay
    // uncertain on their own (the pool caps what they add up to), so once the leading read has all
    // the support fits may give it, a later round's fit would add nothing and is not run.
    if (!settledCertain() && !pool.fittedSupportFull() && enabled.some((s) => s.type === 'EAN_13' || s.type === 'UPC_A')) {
      for (const view of regionViews(source, 'view', profileRegionCount)) {
        admit(`${prefix}ean-profile`, 'ean-profile', view, readEanProfiles(view, source.root, resolved));
      }
    }
  };

  await readRound(variants, 'first', false);
  // The second round (docs/barcode-options.md): only where the first saw something of a symbol, so
  // that a camera frame in which nothing was seen costs no more; only if the budget left reads the
  // restored image once; and not for Code 39/128 alone without autoScaleDetection on an upscaled image
  // (none of its passes could read them).
  const qr = enabled.some((s) => s.type === 'QR_CODE');
  const sawSymbol = () => variants.isTiny || pool.size > 0 || variants.hasBarRegions() || (qr && variants.hasQrSymbols());
  const restoration = settledCertain() ? undefined : restorationOf(variants.gray);
  const upscaled = (restoration?.factor ?? 1) > 1;
  const readable = resolved.autoScaleDetection || !upscaled || enabled.some((s) => !s.autoScaled);
  if (effort === 'plan' && restoration && restoration.pixels <= budgets.shared && readable && sawSymbol()) {
    const restored = restoredDetail(variants.gray, restoration);
    await readRound(new FrameVariants(restored.image, restored.toOriginal), 'restored', upscaled);
    // A third round where a highlight clipped the frame: levelling cannot give back the depth of bars
    // the highlight left a few levels below white; taking its light away can (docs/barcode-options.md).
    const unlifted = settledCertain() ? undefined : unliftedDetail(variants.gray, restoration);
    if (unlifted) {
      budgets.shared += passBudget.unliftedPixels;
      await readRound(new FrameVariants(unlifted.image, unlifted.toOriginal), 'unlifted', upscaled);
    }
  }

  const certain = settledCertain();
  const verdict = pool.verdict();
  if (!verdict || (!certain && !resolved.scanUncertain)) return emptyBarcodeData;
  return toBarcodeData({ read: verdict.candidate.read, uncertain: !certain });
}

/** The image of a derived view and the read with its points in that view's pixels. */
function inView(view: DerivedImage, read: BarcodeRead): [GrayImage, BarcodeRead] {
  const toView = invertAffine(view.toOriginal);
  return [view.image, { ...read, points: read.points.map((p) => applyAffine(toView, p)) }];
}

/** Which way a linear read's bars run in the frame: across the line from its first corner to its second. */
function barsDirection(read: BarcodeRead): 'vertical' | 'horizontal' {
  const [a, b] = read.points as [Point, Point];
  return Math.abs(b.x - a.x) >= Math.abs(b.y - a.y) ? 'vertical' : 'horizontal';
}

function inPlan(pass: PassSpec, options: ResolvedBarcodeOptions, round: Round): boolean {
  if (pass.onlyInRound && pass.onlyInRound !== round) return false;
  if (pass.tier === 'thorough') return options.slowerThoroughScan;
  if (pass.tier === 'quietZone') return options.nullQuietZoneAllowed;
  return true;
}

function symbologiesOf(pass: PassSpec, enabled: readonly Symbology[], options: ResolvedBarcodeOptions, rescaled = false): Symbology[] {
  return enabled.filter((s) => {
    if ((pass.rescales || rescaled) && s.autoScaled && !options.autoScaleDetection) return false;
    if (pass.skips?.includes(s.type)) return false;
    if (pass.reads === 'linear') return s.linear;
    if (pass.reads === 'bars') return s.linear || s.type === 'PDF417_BARCODE';
    if (pass.reads === 'qr') return s.type === 'QR_CODE';
    return true;
  });
}

/** How the QR grid passes tell a redrawn symbol's modules, in turn: as sampled, then equalized against their neighbours (where that changes any). */
const qrModuleDecisions: readonly ModuleDecisions[] = ['sampled', 'equalized'];

/**
 * The views a pass reads, made as the loop reading them asks for the next: `budgetLeft` is what the
 * views read so far have left, so that a QR grid whose drawing it could not read is not fitted at
 * all (fitting costs more than reading what it draws).
 */
function* viewsOf(pass: PassSpec, variants: FrameVariants, thorough: boolean, budgetLeft: () => number): Generator<DerivedImage> {
  // Enhancing bars where the localizer saw none only costs time (and invites misreads of texture).
  if (pass.reads === 'linear' && !variants.hasBarRegions()) return;
  const present = (view: DerivedImage | undefined) => (view ? [view] : []);
  if ('frame' in pass.image) {
    yield* present(variants.frame(pass.image.frame));
  } else if ('qrCrops' in pass.image) {
    for (let i = 0; i < (thorough ? pass.image.thoroughQrCrops : pass.image.qrCrops); i++) yield* present(variants.qrCrop(i));
  } else if ('qrGrids' in pass.image) {
    for (let i = 0; i < (thorough ? pass.image.thoroughQrGrids : pass.image.qrGrids); i++) {
      for (const side of variants.qrGridSides(i)) {
        for (const decisions of qrModuleDecisions) {
          if (drawnQrPixels(side) <= budgetLeft()) yield* present(variants.qrGrid(i, side, decisions));
        }
      }
    }
  } else {
    yield* regionViews(variants, pass.image.region, thorough ? pass.image.thoroughRegions : pass.image.regions, budgetLeft);
  }
}

/**
 * The views of the first `count` bar regions the localizer found (fewer when it found fewer), made
 * one at a time as they are read; with `budgetLeft`, only those whose least size it still allows
 * (`regionPixelsAtLeast`): a view a pass could not read is not made.
 */
function* regionViews(variants: FrameVariants, variant: RegionVariant, count: number, budgetLeft = () => Number.POSITIVE_INFINITY): Generator<DerivedImage> {
  for (let i = 0; i < count; i++) {
    const atLeast = variants.regionPixelsAtLeast(i, variant);
    if (atLeast === undefined) return;
    if (atLeast > budgetLeft()) continue;
    const view = variants.region(i, variant);
    if (view) yield view;
  }
}

function readerOptions(pass: PassSpec, formats: ReaderOptions['formats'], options: ResolvedBarcodeOptions): ReaderOptions {
  return {
    formats,
    tryHarder: true,
    tryRotate: true,
    tryInvert: options.scanInverse,
    // The plan has its own rescaled passes; zxing's pyramid on top doubled the first pass's time on
    // 1080p frames without reading anything more on the corpus.
    tryDownscale: false,
    // Plain: the bytes as the symbol carries them (HRI would add GS1 parentheses or "<GS>" escapes).
    textMode: 'Plain',
    eanAddOnSymbol: 'Ignore',
    maxNumberOfSymbols: 8,
    ...pass.reader,
  };
}
