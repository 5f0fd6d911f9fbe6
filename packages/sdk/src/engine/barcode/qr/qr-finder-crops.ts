import type { Point } from '../../image/affine.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import type { OrientedRect } from '../../image/warp-rect.ts';

/** A QR finder pattern seen in the image: its centre and module size, and how many scan rows confirmed it. */
export interface FinderPattern {
  centre: Point;
  module: number;
  hits: number;
}

/** Limits of the search; see `locateQrSymbols`. */
export const finderRules = {
  /** A run may deviate this much (as a fraction of its ideal width) from the 1:1:3:1:1 ratio. */
  tolerance: 0.5,
  /** Candidates closer than this many modules are the same pattern. */
  mergeModules: 3,
  /**
   * Patterns confirmed by fewer scan rows are noise: at least this many, and at least this many
   * times the module (a real pattern's 3-module core is crossed by about three rows per pixel of module, fewer when turned).
   */
  minHits: 2,
  minHitsPerModule: 1,
  /** Most patterns considered when forming triples (the best confirmed). */
  maxPatterns: 12,
  /** The two legs of the triple may differ by this fraction; the hypotenuse may be off √2 by it too. */
  shapeTolerance: 0.2,
  /** Module sizes of the three patterns may differ by this factor at most. */
  moduleRatio: 1.6,
  /** A side of the corner triangle spans this many modules at least (version 1: finder centres 14 apart) and at most. */
  minLegModules: 13,
  maxLegModules: 180,
  /**
   * A third pattern where two found ones put it (`completedPairs`) is looked for this many modules
   * around that place, and taken where at least this share of its 9×9 modules (those in the image) match.
   */
  completionReach: 2,
  completionMatch: 0.75,
} as const;

/** A QR symbol's finder pattern centres — the corner one, the one to its right and the one below it, as the symbol reads — and its module size in pixels. */
export interface QrFinders {
  corner: Point;
  right: Point;
  down: Point;
  module: number;
}

/** A QR symbol located by its finder patterns: its upright square with a quiet zone, and the patterns themselves (with its module size). */
export interface LocatedQrSymbol {
  rect: OrientedRect;
  finders: QrFinders;
}

/**
 * Finds QR symbols by their three finder patterns in a binarized image (0 = dark): rows are scanned
 * for dark–light–dark–light–dark runs in the ratio 1:1:3:1:1, confirmed by the same ratio down
 * the column through the centre, merged, and grouped into triples that form the right isosceles
 * triangle of a symbol's corners — or pairs completed by a third matched where they put it
 * (`completedPairs`). Returns for each symbol (best first, at most `max`) the oriented
 * rectangle of the symbol with a four-module quiet zone, upright as the symbol reads, and its module
 * size — a crop zxing can read at a resolution of its own choosing, away from the clutter that can
 * mislead its detector — and the three patterns, which `fitQrGrid` starts its grid from.
 */
export function locateQrSymbols(binary: GrayImage, max = 2): LocatedQrSymbol[] {
  const patterns = findFinderPatterns(binary);
  const symbols: Array<LocatedQrSymbol & { score: number }> = [];
  for (let i = 0; i < patterns.length; i++) {
    for (let j = i + 1; j < patterns.length; j++) {
      for (let k = j + 1; k < patterns.length; k++) {
        const symbol = symbolOf(patterns[i]!, patterns[j]!, patterns[k]!);
        if (symbol) symbols.push(symbol);
      }
    }
  }
  symbols.push(...completedPairs(binary, patterns, symbols));
  symbols.sort((a, b) => b.score - a.score);
  // A spurious pattern near a symbol makes a second triple for the same symbol: keep the best one.
  const distinct: typeof symbols = [];
  for (const s of symbols) {
    const overlaps = distinct.some((d) => Math.hypot(d.rect.centre.x - s.rect.centre.x, d.rect.centre.y - s.rect.centre.y) < d.rect.width / 2);
    if (!overlaps) distinct.push(s);
  }
  return distinct.slice(0, max).map(({ rect, finders }) => ({ rect, finders }));
}

export function findFinderPatterns(binary: GrayImage): FinderPattern[] {
  const { width, height, data } = binary;
  const found: FinderPattern[] = [];
  const runs: number[] = [];
  for (let y = 0; y < height; y++) {
    runs.length = 0;
    let start = 0;
    // Runs of the row; a pattern is five runs starting with a dark one.
    for (let x = 1; x <= width; x++) {
      if (x < width && isDark(data[y * width + x]!) === isDark(data[y * width + start]!)) continue;
      runs.push(start, x - start);
      start = x;
      const n = runs.length / 2;
      if (n < 5) continue;
      const first = runs[(n - 5) * 2]!;
      if (!isDark(data[y * width + first]!)) continue;
      const widths = [1, 2, 3, 4, 5].map((r) => runs[(n - 6 + r) * 2 + 1]!);
      const module = ratioModule(widths);
      if (module === undefined) continue;
      const cx = runs[(n - 3) * 2]! + widths[2]! / 2;
      const vertical = verticalModule(binary, Math.floor(cx), y, module);
      if (vertical === undefined) continue;
      found.push({ centre: { x: cx, y: vertical.centreY }, module: (module + vertical.module) / 2, hits: 1 });
    }
  }
  return merge(found);
}

const isDark = (v: number) => v < 128;

/** The module size if the five run widths are in the ratio 1:1:3:1:1. */
function ratioModule(widths: number[]): number | undefined {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total < 7) return undefined;
  const module = total / 7;
  const tolerance = finderRules.tolerance * module;
  for (const [i, w] of widths.entries()) {
    const ideal = i === 2 ? 3 * module : module;
    if (Math.abs(w - ideal) > (i === 2 ? 2 * tolerance : tolerance)) return undefined;
  }
  return module;
}

/** Checks the column through (x, y) for the same pattern; returns its centre row and module size. */
function verticalModule(binary: GrayImage, x: number, y: number, module: number): { centreY: number; module: number } | undefined {
  const { width, height, data } = binary;
  const dark = (yy: number) => yy >= 0 && yy < height && isDark(data[yy * width + x]!);
  if (!dark(y)) return undefined;
  const limit = Math.ceil(5 * module);
  // From the centre outwards: the centre run, then light, then dark, on each side.
  const walk = (step: 1 | -1): number[] | undefined => {
    const widths: number[] = [];
    let yy = y;
    for (const want of [true, false, true]) {
      let w = 0;
      while (dark(yy) === want && w <= limit) {
        yy += step;
        w++;
      }
      if (w === 0 || w > limit) return undefined;
      widths.push(w);
    }
    return widths;
  };
  const up = walk(-1);
  const down = walk(1);
  if (!up || !down) return undefined;
  const centreRun = up[0]! + down[0]! - 1;
  const vModule = ratioModule([up[2]!, up[1]!, centreRun, down[1]!, down[2]!]);
  if (vModule === undefined || vModule > 1.6 * module || module > 1.6 * vModule) return undefined;
  return { centreY: y - up[0]! + 1 + centreRun / 2, module: vModule };
}

function merge(candidates: FinderPattern[]): FinderPattern[] {
  const merged: FinderPattern[] = [];
  for (const c of candidates) {
    const same = merged.find((m) => Math.hypot(m.centre.x - c.centre.x, m.centre.y - c.centre.y) < finderRules.mergeModules * Math.max(m.module, c.module));
    if (!same) {
      merged.push({ ...c, centre: { ...c.centre } });
      continue;
    }
    const n = same.hits;
    same.centre.x = (same.centre.x * n + c.centre.x) / (n + 1);
    same.centre.y = (same.centre.y * n + c.centre.y) / (n + 1);
    same.module = (same.module * n + c.module) / (n + 1);
    same.hits = n + 1;
  }
  return merged
    .filter((m) => m.hits >= Math.max(finderRules.minHits, finderRules.minHitsPerModule * m.module))
    .sort((a, b) => b.hits - a.hits)
    .slice(0, finderRules.maxPatterns);
}

/**
 * Symbols of which the row scan found two finder patterns only — glare that greys one out, a
 * crease through it — completed by a third matched where the two put it: at a right angle from
 * either end of the pair (the pair is a side), or off its midpoint (the pair is the diagonal). The
 * match is a template of the pattern's modules (dark ring, light ring, dark 3×3 core, light ring
 * around) along the symbol's axes: looser than the ratio scan, which a pattern must pass on rows and
 * columns alike.
 */
function completedPairs(binary: GrayImage, patterns: FinderPattern[], found: ReadonlyArray<LocatedQrSymbol>): Array<LocatedQrSymbol & { score: number }> {
  // Patterns a found symbol already uses, by where they are.
  const key = ({ x, y }: Point) => `${x},${y}`;
  const used = new Set(found.flatMap(({ finders }) => [finders.corner, finders.right, finders.down].map(key)));
  const symbols: Array<LocatedQrSymbol & { score: number }> = [];
  for (let i = 0; i < patterns.length; i++) {
    for (let j = i + 1; j < patterns.length; j++) {
      const [a, b] = [patterns[i]!, patterns[j]!];
      if (used.has(key(a.centre)) && used.has(key(b.centre))) continue;
      if (Math.max(a.module, b.module) > finderRules.moduleRatio * Math.min(a.module, b.module)) continue;
      const module = (a.module + b.module) / 2;
      const [dx, dy] = [b.centre.x - a.centre.x, b.centre.y - a.centre.y];
      const d = Math.hypot(dx, dy);
      // `by` of the pair's length across it from `from`.
      const offPair = (from: Point, by: number) => ({ x: from.x - by * dy, y: from.y + by * dx });
      // An early way out only: `symbolOf` checks each side of the completed triangle.
      if (d < finderRules.minLegModules * module || d > finderRules.maxLegModules * Math.SQRT2 * module) continue;
      // Module steps along the symbol's sides: the pair's direction where the pair is a side, 45°
      // from it where it is the diagonal.
      const side = { along: { x: (dx / d) * module, y: (dy / d) * module }, across: { x: (-dy / d) * module, y: (dx / d) * module } };
      const diagonal = {
        along: { x: ((dx - dy) / d) * module * Math.SQRT1_2, y: ((dy + dx) / d) * module * Math.SQRT1_2 },
        across: { x: ((-dy - dx) / d) * module * Math.SQRT1_2, y: ((dx - dy) / d) * module * Math.SQRT1_2 },
      };
      // Either end of the pair a pair's length across it, either way; or its midpoint half that.
      const mid = { x: (a.centre.x + b.centre.x) / 2, y: (a.centre.y + b.centre.y) / 2 };
      const places = [
        ...[a.centre, a.centre, b.centre, b.centre].map((end, k) => ({ place: offPair(end, k % 2 ? -1 : 1), axes: side })),
        { place: offPair(mid, 0.5), axes: diagonal },
        { place: offPair(mid, -0.5), axes: diagonal },
      ];
      // Of the places that make a symbol's corner triangle, the best-matching only: where glare
      // greys one pattern out, data elsewhere may pass too.
      let best: { symbol: LocatedQrSymbol & { score: number }; share: number } | undefined;
      for (const { place, axes } of places) {
        const match = bestFinderMatch(binary, place, axes.along, axes.across);
        if (!match || match.share < finderRules.completionMatch || (best && match.share <= best.share)) continue;
        const symbol = symbolOf(a, b, { centre: match.centre, module, hits: 0 });
        if (symbol) best = { symbol, share: match.share };
      }
      if (best) symbols.push(best.symbol);
    }
  }
  return symbols;
}

/**
 * Where within `completionReach` modules of `place` a finder pattern best matches — its 7×7 modules
 * and the light ring around them (the separator inside the symbol, the quiet zone outside), which an
 * alignment pattern amid data lacks — and what share of those 9×9 modules match. Of places that
 * match equally well (shares are counts, so ties are common), the nearest: the others are off by
 * the half modules the match cannot tell apart.
 */
function bestFinderMatch(binary: GrayImage, place: Point, along: Point, across: Point): { centre: Point; share: number } | undefined {
  const reach = finderRules.completionReach;
  let best: { centre: Point; share: number; distance: number } | undefined;
  for (let v = -reach; v <= reach; v += 0.5) {
    for (let u = -reach; u <= reach; u += 0.5) {
      const centre = { x: place.x + u * along.x + v * across.x, y: place.y + u * along.y + v * across.y };
      const share = finderShare(binary, centre, along, across);
      const distance = Math.hypot(u, v);
      if (share !== undefined && (!best || share > best.share || (share === best.share && distance < best.distance))) best = { centre, share, distance };
    }
  }
  return best && { centre: best.centre, share: best.share };
}

/**
 * The share of a finder pattern's 9×9 modules centred at `centre` that match; the light ring may
 * run off the image (a symbol at its edge), the pattern itself may not.
 */
function finderShare({ width, height, data }: GrayImage, centre: Point, along: Point, across: Point): number | undefined {
  let [matching, seen] = [0, 0];
  for (let mv = -4; mv <= 4; mv++) {
    for (let mu = -4; mu <= 4; mu++) {
      const ring = Math.max(Math.abs(mu), Math.abs(mv));
      const x = Math.floor(centre.x + mu * along.x + mv * across.x);
      const y = Math.floor(centre.y + mu * along.y + mv * across.y);
      if (x < 0 || y < 0 || x >= width || y >= height) {
        if (ring < 4) return undefined;
        continue;
      }
      seen++;
      if (isDark(data[y * width + x]!) === (ring % 2 === 1 || ring === 0)) matching++;
    }
  }
  return matching / seen;
}

/** The symbol three patterns outline, if they form its corner triangle. */
function symbolOf(a: FinderPattern, b: FinderPattern, c: FinderPattern): (LocatedQrSymbol & { score: number }) | undefined {
  const modules = [a.module, b.module, c.module];
  if (Math.max(...modules) > finderRules.moduleRatio * Math.min(...modules)) return undefined;
  const module = (a.module + b.module + c.module) / 3;
  // The corner with the right angle is opposite the longest side.
  const d = (p: FinderPattern, q: FinderPattern) => Math.hypot(p.centre.x - q.centre.x, p.centre.y - q.centre.y);
  const sides: Array<[number, FinderPattern, FinderPattern, FinderPattern]> = [
    [d(b, c), a, b, c],
    [d(a, c), b, a, c],
    [d(a, b), c, a, b],
  ];
  sides.sort((x, y) => y[0] - x[0]);
  const [hypotenuse, corner, p, q] = sides[0]!;
  const leg1 = d(corner, p);
  const leg2 = d(corner, q);
  const { shapeTolerance } = finderRules;
  if (Math.abs(leg1 - leg2) > shapeTolerance * Math.max(leg1, leg2)) return undefined;
  const leg = (leg1 + leg2) / 2;
  if (Math.abs(hypotenuse - Math.SQRT2 * leg) > shapeTolerance * hypotenuse) return undefined;
  // Finder centres are 3.5 modules in from the symbol's edges.
  if (leg < finderRules.minLegModules * module || leg > finderRules.maxLegModules * module) return undefined;
  // Orient the rectangle along corner → p, with q on the side that keeps the symbol upright.
  const ux = (p.centre.x - corner.centre.x) / leg1;
  const uy = (p.centre.y - corner.centre.y) / leg1;
  const cross = ux * (q.centre.y - corner.centre.y) - uy * (q.centre.x - corner.centre.x);
  const [right, down] = cross > 0 ? [p, q] : [q, p];
  const angle = (Math.atan2(right.centre.y - corner.centre.y, right.centre.x - corner.centre.x) * 180) / Math.PI;
  const centre = { x: (right.centre.x + down.centre.x) / 2, y: (right.centre.y + down.centre.y) / 2 };
  const side = leg + 2 * (3.5 + 4) * module;
  const score = a.hits + b.hits + c.hits - (10 * Math.abs(leg1 - leg2)) / leg;
  const finders = { corner: corner.centre, right: right.centre, down: down.centre, module };
  return { rect: { centre, angle, width: side, height: side }, finders, score };
}
