import { type Affine, applyAffine, type Point } from '../../image/affine.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { applyHomography, homographyFromPoints } from '../../image/homography.ts';
import { sampleBilinear } from '../../image/sample-bilinear.ts';
import { localMean } from '../frames/local-contrast.ts';
import type { QrFinders } from './qr-finder-crops.ts';
import { functionModule, largestPatternedVersion } from './qr-function-patterns.ts';

/** Limits of the grid fit; see `fitQrGrid`. */
export const qrGridRules = {
  /**
   * The largest symbol resampled: version 10, 57 modules a side (the fit's cost grows with the area;
   * the function patterns it draws are known up to there).
   */
  maxSide: 17 + 4 * largestPatternedVersion,
  /** Mesh spacings, coarse to fine, in modules (`half`: half the symbol's side). */
  meshSteps: ['half', 7, 4] as ReadonlyArray<number | 'half'>,
  /** Passes over the mesh points at each spacing. */
  rounds: 2,
  /** One pass looks this far around a mesh point in coarse steps, in modules (then single steps of a quarter of it round the best: 0.75 at most). */
  reach: 0.6,
  /** How strongly a mesh point is held to its neighbours' mean (per squared module of difference). */
  stiffness: 20,
  /** How far from where the finder patterns put it the alignment pattern is looked for, in modules … */
  alignmentReach: 5,
  /** … and the share of its 5×5 modules that must match there (otherwise the finders' affine map stands); */
  alignmentMatch: 0.8,
  /** grey levels a match loses per squared module away from where the finders put it. */
  alignmentPull: 2,
  /** Pixels per module and quiet-zone modules of the redrawn symbol. */
  drawnModule: 4,
  drawnQuietZone: 4,
} as const;

/**
 * The side lengths (in modules) a symbol with these finder patterns may have: the one their distance
 * suggests first, then a version either way, within version 1 and `qrGridRules.maxSide`. Finder
 * distances on a crumpled or curved symbol are a module or two off, which is a version at most.
 */
export function qrSideCandidates({ corner, right, down, module }: QrFinders): number[] {
  const leg = (Math.hypot(right.x - corner.x, right.y - corner.y) + Math.hypot(down.x - corner.x, down.y - corner.y)) / 2;
  // Finder centres are 3.5 modules in from the edges; sides are 17 + 4 × version.
  const version = Math.round((leg / module + 7 - 17) / 4);
  return [version, version - 1, version + 1].map((v) => 17 + 4 * v).filter((side) => side >= 21 && side <= qrGridRules.maxSide);
}

/**
 * The fitted grid's modules drawn (`drawModules`) as `decisions` tells them; undefined for the
 * equalized decisions where they tell every data module as the sampled ones do (the same drawing).
 * `toSource` maps the drawing back into the image the grid was fitted in by the affine map closest
 * to the grid's corners (the points zxing reports are the symbol's corners).
 */
export function drawQrGrid(grid: FittedQrGrid, decisions: ModuleDecisions): { image: GrayImage; toSource: Affine } | undefined {
  const sampled = sampledModules(grid);
  if (decisions === 'sampled') return drawModules(grid, sampled);
  const equalized = equalizedModules(grid);
  const { side } = grid;
  const changed = equalized.some((dark, i) => dark !== sampled[i] && functionModule(side, i % side, Math.floor(i / side)) === undefined);
  return changed ? drawModules(grid, equalized) : undefined;
}

/**
 * How the redrawn symbol's data modules are told dark or light: each by its own samples against the
 * local mean, or equalized against its neighbours (`equalizedModules`).
 */
export type ModuleDecisions = 'sampled' | 'equalized';

/** A QR symbol's module levels, read along the grid fitted to it (`fitQrGrid`): what its drawings are drawn from. */
export interface FittedQrGrid {
  side: number;
  /** Each module's level (the mean of its samples, `moduleSamples`), row by row. */
  levels: Float64Array;
  /** Module coordinates → the image: the affine map closest to the fitted grid's corners (`gridAffine`). */
  moduleToImage: Affine;
}

/**
 * Reads a QR symbol module by module along a grid fitted to it — for a symbol whose surface is not
 * flat (crumpled paper, cloth, a curved pack), which no single projective map lays onto its grid, so
 * zxing's sampling drifts off its modules part-way across. Fitted once, drawn up to twice
 * (`drawQrGrid`).
 *
 * The grid starts from a projective map through the three finder patterns and the alignment pattern
 * (found near where the finders put it); a mesh of displacements on top is then fitted coarse to
 * fine, each mesh point moved to where the module centres around it are most decisively dark or
 * light in the local-contrast image `normalized` (a grid off by half a module samples edges, mid-grey),
 * held to its neighbours so that flat areas follow them. zxing then reads the redrawn symbol and its
 * error correction mends the modules the fit got wrong.
 */
export function fitQrGrid(normalized: GrayImage, finders: QrFinders, side: number): FittedQrGrid {
  if (!isQrSide(side)) throw new RangeError(`a QR symbol of ${side} modules a side is not resampled (21 to ${qrGridRules.maxSide}, 17 + 4 × version)`);
  const base = projectiveBase(normalized, finders, side);
  // The first mesh starts from the projective map alone (no displacement), each finer one from the last.
  let grid: ModuleGrid | undefined;
  for (const step of qrGridRules.meshSteps) {
    grid = new ModuleGrid(side, base, step === 'half' ? Math.ceil(side / 2) : step, grid);
    grid.fit(normalized, finders.module);
  }
  grid ??= new ModuleGrid(side, base, side);
  const levels = new Float64Array(side * side);
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) levels[v * side + u] = sampledLevel(grid, normalized, u, v);
  }
  return { side, levels, moduleToImage: gridAffine(grid) };
}

/** The pixels of the redrawn symbol of `side` modules: known before it is fitted, for the pixel budget. */
export function drawnQrPixels(side: number): number {
  return ((side + 2 * qrGridRules.drawnQuietZone) * qrGridRules.drawnModule) ** 2;
}

function isQrSide(side: number): boolean {
  return Number.isInteger(side) && side >= 21 && side <= qrGridRules.maxSide && (side - 17) % 4 === 0;
}

/** The affine map from module coordinates to the image that puts the three finder centres in place. */
function finderAffine({ corner, right, down }: QrFinders, side: number): Affine {
  const span = side - 7;
  const [ux, uy] = [(right.x - corner.x) / span, (right.y - corner.y) / span];
  const [vx, vy] = [(down.x - corner.x) / span, (down.y - corner.y) / span];
  return [ux, vx, corner.x - 3.5 * (ux + vx), uy, vy, corner.y - 3.5 * (uy + vy)];
}

/**
 * The projective map from module coordinates through the finder centres and the alignment pattern's
 * (versions 2 and up have one 6.5 modules in from the bottom-right corner): perspective the three
 * finders alone cannot tell. Version 1 has none, and a symbol whose alignment pattern is not found
 * keeps the affine map.
 */
function projectiveBase(normalized: GrayImage, finders: QrFinders, side: number): (u: number, v: number) => Point {
  const start = finderAffine(finders, side);
  const affine = (u: number, v: number) => applyAffine(start, { x: u, y: v });
  if (side < 25) return affine;
  const at = side - 6.5;
  const alignment = findAlignmentPattern(normalized, affine, at);
  // Glare or damage can leave no alignment pattern to find: a best place among data would bend the map.
  if (!alignment) return affine;
  const from = [
    { x: 3.5, y: 3.5 },
    { x: side - 3.5, y: 3.5 },
    { x: 3.5, y: side - 3.5 },
    { x: at, y: at },
  ];
  try {
    const h = homographyFromPoints(from, [finders.corner, finders.right, finders.down, alignment]);
    return (u, v) => applyHomography(h, { x: u, y: v });
  } catch {
    return affine;
  }
}

/**
 * Where the alignment pattern (5×5 modules: a dark ring, a light ring, a dark centre) best matches
 * within `alignmentReach` modules of (at, at) — a match scored by how far its modules lie on the
 * right side of mid-grey, less `alignmentPull` per squared module from (at, at), so that of
 * near-equal matches the nearer wins — if at least `alignmentMatch` of its modules are on the right
 * side of mid-grey there.
 */
function findAlignmentPattern(normalized: GrayImage, affine: (u: number, v: number) => Point, at: number): Point | undefined {
  const cells: Array<{ du: number; dv: number; sign: number }> = [];
  for (let dv = -2; dv <= 2; dv++) {
    for (let du = -2; du <= 2; du++) cells.push({ du, dv, sign: Math.max(Math.abs(du), Math.abs(dv)) === 1 ? 1 : -1 });
  }
  const reach = qrGridRules.alignmentReach;
  let best = { score: -Infinity, u: 0, v: 0, matching: 0 };
  for (let v = -reach; v <= reach; v += 0.25) {
    for (let u = -reach; u <= reach; u += 0.25) {
      let score = -qrGridRules.alignmentPull * (u * u + v * v);
      let matching = 0;
      for (const { du, dv, sign } of cells) {
        const p = affine(at + u + du, at + v + dv);
        const level = sign * (sampleBilinear(normalized, p.x, p.y, localMean) - localMean);
        score += level;
        if (level > 0) matching++;
      }
      if (score > best.score) best = { score, u, v, matching };
    }
  }
  return best.matching >= qrGridRules.alignmentMatch * cells.length ? affine(at + best.u, at + best.v) : undefined;
}

/**
 * Module coordinates → image: a base map plus a mesh of displacements every `step` modules,
 * interpolated bilinearly between mesh points.
 */
class ModuleGrid {
  readonly side: number;
  readonly base: (u: number, v: number) => Point;
  readonly step: number;
  readonly #points: number;
  readonly #dx: Float64Array;
  readonly #dy: Float64Array;

  /** `from`: a coarser grid whose displacements this one starts from. */
  constructor(side: number, base: (u: number, v: number) => Point, step: number, from?: ModuleGrid) {
    this.side = side;
    this.base = base;
    this.step = step;
    this.#points = Math.ceil(side / step) + 1;
    this.#dx = new Float64Array(this.#points ** 2);
    this.#dy = new Float64Array(this.#points ** 2);
    if (!from) return;
    for (let j = 0; j < this.#points; j++) {
      for (let i = 0; i < this.#points; i++) {
        const [u, v] = [i * step, j * step];
        const was = from.at(u, v);
        const b = base(u, v);
        this.#dx[j * this.#points + i] = was.x - b.x;
        this.#dy[j * this.#points + i] = was.y - b.y;
      }
    }
  }

  at(u: number, v: number): Point {
    const [gu, gv] = [this.#meshCoordinate(u), this.#meshCoordinate(v)];
    const [i, j] = [Math.floor(gu), Math.floor(gv)];
    const [fu, fv] = [gu - i, gv - j];
    const k = j * this.#points + i;
    const n = this.#points;
    const mix = (d: Float64Array) => (1 - fv) * ((1 - fu) * d[k]! + fu * d[k + 1]!) + fv * ((1 - fu) * d[k + n]! + fu * d[k + n + 1]!);
    const b = this.base(u, v);
    return { x: b.x + mix(this.#dx), y: b.y + mix(this.#dy) };
  }

  /**
   * Moves each mesh point, `rounds` times over, to where the module centres it governs are most
   * decisive (see `fitQrGrid`): far from mid-grey inside the symbol, and for the ring of quiet
   * zone just outside it lighter than mid-grey — otherwise a grid slipped a whole module outwards at
   * an edge would look as decisive, with the margin as its last modules.
   */
  fit(normalized: GrayImage, module: number): void {
    const n = this.#points;
    // Module centres from one module outside the symbol to one past it, where the grid puts them now;
    // moving a mesh point moves each by the point's bilinear weight there.
    const cells = this.side + 2;
    const xs = new Float64Array(cells * cells);
    const ys = new Float64Array(cells * cells);
    for (let v = -1; v <= this.side; v++) {
      for (let u = -1; u <= this.side; u++) {
        const p = this.at(u + 0.5, v + 0.5);
        xs[(v + 1) * cells + u + 1] = p.x;
        ys[(v + 1) * cells + u + 1] = p.y;
      }
    }
    const stride = (qrGridRules.reach * module) / 4;
    // Which cells each mesh point moves does not change from one pass to the next.
    const governedBy = Array.from({ length: n * n }, (_, k) => this.#governedBy(k % n, Math.floor(k / n)));
    for (let round = 0; round < qrGridRules.rounds; round++) {
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const k = j * n + i;
          const governed = governedBy[k]!;
          const held = this.#neighbourMean(i, j);
          const score = (ddx: number, ddy: number) => {
            let sum = 0;
            for (const { cell, weight, margin } of governed) {
              const level = sampleBilinear(normalized, xs[cell]! + weight * ddx, ys[cell]! + weight * ddy, localMean) - localMean;
              sum += margin ? level : Math.abs(level);
            }
            const off = Math.hypot(this.#dx[k]! + ddx - held.x, this.#dy[k]! + ddy - held.y) / module;
            return sum / governed.length - qrGridRules.stiffness * off * off;
          };
          // Coarse steps over the reach, then single steps around the best.
          let best = { score: score(0, 0), ddx: 0, ddy: 0 };
          const tryAt = (ddx: number, ddy: number) => {
            const s = score(ddx, ddy);
            if (s > best.score) best = { score: s, ddx, ddy };
          };
          for (let a = -4; a <= 4; a += 2) for (let b = -4; b <= 4; b += 2) if (a || b) tryAt(a * stride, b * stride);
          const coarse = best;
          for (let a = -1; a <= 1; a++) for (let b = -1; b <= 1; b++) if (a || b) tryAt(coarse.ddx + a * stride, coarse.ddy + b * stride);
          if (best.ddx === 0 && best.ddy === 0) continue;
          this.#dx[k]! += best.ddx;
          this.#dy[k]! += best.ddy;
          for (const { cell, weight } of governed) {
            xs[cell]! += weight * best.ddx;
            ys[cell]! += weight * best.ddy;
          }
        }
      }
    }
  }

  /** The module centres (cells as in `fit`) that mesh point (i, j) moves, with its weight at each. */
  #governedBy(i: number, j: number): Array<{ cell: number; weight: number; margin: boolean }> {
    const cells = this.side + 2;
    const governed: Array<{ cell: number; weight: number; margin: boolean }> = [];
    const u0 = Math.max(-1, Math.floor((i - 1) * this.step - 0.5));
    const u1 = Math.min(this.side, Math.ceil((i + 1) * this.step));
    const v0 = Math.max(-1, Math.floor((j - 1) * this.step - 0.5));
    const v1 = Math.min(this.side, Math.ceil((j + 1) * this.step));
    for (let v = v0; v <= v1; v++) {
      // The same clamping as `at`: cells outside the symbol take the edge's displacement.
      const wv = 1 - Math.abs(this.#meshCoordinate(v + 0.5) - j);
      if (wv <= 0) continue;
      for (let u = u0; u <= u1; u++) {
        const wu = 1 - Math.abs(this.#meshCoordinate(u + 0.5) - i);
        if (wu <= 0) continue;
        const margin = u < 0 || v < 0 || u >= this.side || v >= this.side;
        governed.push({ cell: (v + 1) * cells + u + 1, weight: wu * wv, margin });
      }
    }
    return governed;
  }

  /** A module coordinate in mesh spacings, clamped to the mesh: outside the symbol, the edge's displacement. */
  #meshCoordinate(modules: number): number {
    return Math.min(this.#points - 1 - 1e-9, Math.max(0, modules / this.step));
  }

  #neighbourMean(i: number, j: number): Point {
    const n = this.#points;
    let [x, y, count] = [0, 0, 0];
    for (const [di, dj] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ] as const) {
      const [ii, jj] = [i + di, j + dj];
      if (ii < 0 || jj < 0 || ii >= n || jj >= n) continue;
      x += this.#dx[jj * n + ii]!;
      y += this.#dy[jj * n + ii]!;
      count++;
    }
    return { x: x / count, y: y / count };
  }
}

/** Offsets within a module, in modules, averaged to decide it: its centre and four points around it. */
const moduleSamples = [
  [0.5, 0.5],
  [0.35, 0.35],
  [0.65, 0.35],
  [0.35, 0.65],
  [0.65, 0.65],
] as const;

/**
 * The grid's modules, dark (1) or light, drawn black on white with a quiet zone, and the
 * map back (`gridAffine`). The function patterns are drawn as the standard fixes them
 * (`functionModule`), not as sampled: zxing must find the redrawn symbol by its finders before error
 * correction can mend anything, and a few finder modules sampled wrong can hide it.
 */
function drawModules(grid: FittedQrGrid, dark: Uint8Array): { image: GrayImage; toSource: Affine } {
  const { side } = grid;
  const { drawnModule: px, drawnQuietZone: quiet } = qrGridRules;
  const width = (side + 2 * quiet) * px;
  const data = new Uint8Array(width * width).fill(255);
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      if (!(functionModule(side, u, v) ?? dark[v * side + u] === 1)) continue;
      for (let y = (v + quiet) * px; y < (v + quiet + 1) * px; y++) data.fill(0, y * width + (u + quiet) * px, y * width + (u + quiet + 1) * px);
    }
  }
  // Drawn pixel → module coordinate (x / px − quiet) → image.
  const [a, b, c, d, e, f] = grid.moduleToImage;
  const toSource: Affine = [a / px, b / px, c - quiet * (a + b), d / px, e / px, f - quiet * (d + e)];
  return { image: { width, height: width, data }, toSource };
}

/** The mean level of the module's samples (`moduleSamples`). */
function sampledLevel(grid: ModuleGrid, normalized: GrayImage, u: number, v: number): number {
  let sum = 0;
  for (const [du, dv] of moduleSamples) {
    const p = grid.at(u + du, v + dv);
    sum += sampleBilinear(normalized, p.x, p.y, localMean);
  }
  return sum / moduleSamples.length;
}

/** The modules (1 dark, 0 light) whose samples average below the local mean. */
function sampledModules({ levels }: FittedQrGrid): Uint8Array {
  return Uint8Array.from(levels, (level) => (level < localMean ? 1 : 0));
}

/** Sweeps of `equalizedModules` over the data modules. */
const equalizingSweeps = 3;
/** How much darker (levels, about `localMean`) the model must find a dark module than a light one for its decisions to be used. */
const leastDarkening = 16;

/**
 * The modules (1 dark, 0 light) decided against what their neighbours lend them. At two pixels a
 * module or so, a light module between dark ones is sampled darker than mid-grey (the blur and the
 * resampling spread each module into its neighbours), so a threshold calls it dark. The function
 * patterns are modules whose colours are known: on them a linear model of a module's level is fitted
 * (least squares) — level = α + β·dark + γ·(dark 4-neighbours) + δ·(dark diagonal neighbours) — and
 * each data module is then decided as the colour whose predicted level, given its neighbours' current
 * decisions, is nearer its own; a few sweeps let the decisions settle. Where the model does not fit
 * (β not clearly negative), the sampled decisions stand.
 */
export function equalizedModules(grid: FittedQrGrid): Uint8Array {
  const { side, levels } = grid;
  const decided = sampledModules(grid);
  const known = new Uint8Array(side * side);
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      const fixed = functionModule(side, u, v);
      if (fixed === undefined) continue;
      known[v * side + u] = 1;
      decided[v * side + u] = fixed ? 1 : 0;
    }
  }
  const neighbours = (u: number, v: number): [number, number] => {
    let straight = 0;
    let diagonal = 0;
    for (let dv = -1; dv <= 1; dv++) {
      for (let du = -1; du <= 1; du++) {
        if (du === 0 && dv === 0) continue;
        const [nu, nv] = [u + du, v + dv];
        // Beyond the symbol lies its light quiet zone.
        if (nu < 0 || nv < 0 || nu >= side || nv >= side || decided[nv * side + nu] === 0) continue;
        if (du === 0 || dv === 0) straight++;
        else diagonal++;
      }
    }
    return [straight, diagonal];
  };
  for (let sweep = 0; sweep < equalizingSweeps; sweep++) {
    const model = fitModuleModel(side, levels, known, decided, neighbours);
    if (!model) break;
    const [alpha, beta, gamma, delta] = model;
    for (let v = 0; v < side; v++) {
      for (let u = 0; u < side; u++) {
        const i = v * side + u;
        if (known[i]) continue;
        const [straight, diagonal] = neighbours(u, v);
        const lent = alpha + gamma * straight + delta * diagonal;
        decided[i] = Math.abs(levels[i]! - (lent + beta)) < Math.abs(levels[i]! - lent) ? 1 : 0;
      }
    }
  }
  return decided;
}

/** The model of `equalizedModules` fitted on the known modules ([α, β, γ, δ]), or undefined where it does not tell dark from light. */
function fitModuleModel(
  side: number,
  levels: Float64Array,
  known: Uint8Array,
  decided: Uint8Array,
  neighbours: (u: number, v: number) => [number, number],
): [number, number, number, number] | undefined {
  // Normal equations of the least squares fit over the four terms (1, dark, straight, diagonal).
  const normal = Array.from({ length: 4 }, () => new Float64Array(5));
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      const i = v * side + u;
      if (!known[i]) continue;
      const terms = [1, decided[i]!, ...neighbours(u, v)];
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) normal[r]![c]! += terms[r]! * terms[c]!;
        normal[r]![4]! += terms[r]! * levels[i]!;
      }
    }
  }
  const solution = solveLinear(normal);
  return solution && solution[1]! < -leastDarkening ? (solution as [number, number, number, number]) : undefined;
}

/** Solves the augmented system (rows of n coefficients and the right side) by Gaussian elimination with partial pivoting; undefined when singular. */
function solveLinear(rows: Float64Array[]): number[] | undefined {
  const n = rows.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    // Singular (relative to the system's scale): no unique model, say when the known modules have no dark neighbours at all.
    if (Math.abs(rows[pivot]![col]!) < 1e-9 * Math.max(1, Math.abs(rows[0]![0]!))) return undefined;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = rows[r]![col]! / rows[col]![col]!;
      for (let c = col; c <= n; c++) rows[r]![c]! -= factor * rows[col]![c]!;
    }
  }
  return rows.map((row, i) => row[n]! / row[i]!);
}

/**
 * The affine map from module coordinates to the image closest (least squares) to where the fitted
 * grid puts the symbol's four corners: on a symbol seen at a slant no affine map hits all four, and
 * one through three of them would put the fourth furthest off.
 */
function gridAffine(grid: ModuleGrid): Affine {
  const { side } = grid;
  const [tl, tr, bl, br] = [grid.at(0, 0), grid.at(side, 0), grid.at(0, side), grid.at(side, side)];
  // Least squares over the corners of a square has this closed form.
  const fit = (k: 'x' | 'y') => [
    (tr[k] + br[k] - tl[k] - bl[k]) / (2 * side),
    (bl[k] + br[k] - tl[k] - tr[k]) / (2 * side),
    (3 * tl[k] + tr[k] + bl[k] - br[k]) / 4,
  ];
  const [a, b, c] = fit('x');
  const [d, e, f] = fit('y');
  return [a!, b!, c!, d!, e!, f!];
}
