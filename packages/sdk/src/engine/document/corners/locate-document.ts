import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import { colorGradient } from '../../image/color-gradient.ts';
import { houghLines } from '../../image/hough-lines.ts';
import { rectangleCorners } from '../../image/homography.ts';
import { resizeFrame } from '../../image/resize-frame.ts';
import { documentFormats } from '../document-format.ts';
import { type AspectRange, containsQuad, documentAspectRange, polygonArea, quadCandidates, type ScoredQuad } from './quad-candidates.ts';
import { refineQuad } from './refine-quad.ts';

/** A document's outline in frame coordinates, [tl, tr, br, bl] clockwise on screen. */
export interface DocumentOutline {
  points: [Point, Point, Point, Point];
  /** Candidate score (side coverages + corner support + size − aspect miss, see quadCandidates); ≥ 2.2 when found. */
  score: number;
  /** Per side, the share lying on an edge (low where something covers it). */
  coverage: [number, number, number, number];
}

/**
 * Longest sides the line search runs at, in turn: the finer one sees small documents, the coarser
 * one ignores texture (wood grain, fabric) that makes many short straight edges at the finer one.
 */
const workSides = [512, 320];
/** Sobel magnitude (max channel) of an edge pixel: a step of ~6 grey levels. */
const minMagnitude = 24;
/** Lines kept from the Hough accumulator: a document's 4 plus clutter and its own print. */
const maxLines = 28;
/** Lowest score that is a document: 4 sides mostly on edges (see quadCandidates). */
const minScore = 2.2;

/**
 * Finds the four corners of an ID document (card or passport page) on a photo: straight edges from
 * a gradient-oriented Hough transform on a downscaled copy, every quad of two near-parallel line
 * pairs scored by how much of its outline lies on edges, its aspect and its size, then the best
 * quad's sides refined on the full-resolution frame. Null when no quad scores as a document.
 * `aspect`: the long/short ratios admitted (a document's by default); `edges`: the frame's
 * (`frameEdges`), to share between searches of one frame.
 */
export function locateDocument(frame: Frame, aspect: AspectRange = documentAspectRange, edges = frameEdges(frame)): DocumentOutline | null {
  for (const side of workSides) {
    const { work, g, lines } = edges(side);
    const best = outermost(quadCandidates(lines, g, minMagnitude, 40, aspect), 0.01 * side);
    if (!best) continue;
    const sx = frame.width / work.width;
    const sy = frame.height / work.height;
    const coarse = best.points.map((p) => ({ x: p.x * sx, y: p.y * sy })) as DocumentOutline['points'];
    const points = refineQuad(frame, coarse, Math.max(2, 2.5 * sx));
    return { points, score: best.score, coverage: best.coverage };
  }
  return null;
}

/** A frame's copy at one work side, its gradient and its straight lines. */
interface EdgesAt {
  work: Frame;
  g: ReturnType<typeof colorGradient>;
  lines: ReturnType<typeof houghLines>;
}

/**
 * A frame's straight edges at each work side (its downscaled copy, gradient and Hough lines), each
 * computed once when first asked for: searching one frame for several aspect ranges
 * (`documentInView`) shares them.
 */
export function frameEdges(frame: Frame): (side: number) => EdgesAt {
  const bySide = new Map<number, EdgesAt>();
  return (side) => {
    let found = bySide.get(side);
    if (!found) {
      const scale = Math.min(1, side / Math.max(frame.width, frame.height));
      const work = scale < 1 ? resizeFrame(frame, frame.width * scale, frame.height * scale) : frame;
      const g = colorGradient(work);
      found = { work, g, lines: houghLines(g, minMagnitude, maxLines) };
      bySide.set(side, found);
    }
    return found;
  };
}

/** How close (relative) an image's own long/short ratio must be to a document format's to be taken for a cropped document. */
const croppedAspectTolerance = 0.03;
/** A quad found on such an image is the document only when it covers at least this share of it (a scan with margins). */
const croppedMinCover = 0.6;

/**
 * The document's outline on a side's image: the located quad; or, when the image's own shape is a
 * document's (ID-1 1.586, ID-2/ID-3 1.42, within 3 %) and no quad covering most of it was found, the
 * whole image — a scan or an upload cropped to the document has no edge left to find, and its own
 * print (the portrait's frame) would otherwise be taken for it. Camera photos (4:3, 3:2, 16:9) never
 * have a document's shape.
 */
export function documentOutline(frame: Frame): Point[] | null {
  const found = locateDocument(frame)?.points ?? null;
  const aspect = Math.max(frame.width, frame.height) / Math.min(frame.width, frame.height);
  const documentShaped = Object.values(documentFormats).some((f) => Math.abs(aspect / (f.width / f.height) - 1) <= croppedAspectTolerance);
  if (!documentShaped || (found && polygonArea(found) >= croppedMinCover * frame.width * frame.height)) return found;
  return rectangleCorners(frame.width, frame.height);
}

/** A quad inside a better one may still be the document when the outer one scores at most this much higher. */
const enclosingMargin = 1.3;
/**
 * …and is at least this much larger: a portrait frame covers under a third of its document, while
 * a quad that only adds a strip of background to the document (one side on a line beyond it) does not.
 */
const minEnclosingArea = 1.5;

/**
 * The best-scoring quad, or a quad enclosing it that scores almost as well: a document's own print
 * (portrait frame, coloured bands) forms quads inside it whose sides are all clean edges, while the
 * document's outline may be partly covered by a hand or fade into the background in places.
 */
function outermost(candidates: readonly ScoredQuad[], slack: number): ScoredQuad | null {
  let best = candidates[0];
  if (!best || best.score < minScore) return null;
  for (;;) {
    const current: ScoredQuad = best;
    const enclosing = candidates.filter(
      (c) =>
        polygonArea(c.points) > minEnclosingArea * polygonArea(current.points) &&
        c.score >= minScore &&
        c.score >= current.score - enclosingMargin &&
        containsQuad(c.points, current.points, slack),
    );
    if (!enclosing.length) return current;
    best = enclosing.reduce((a, b) => (b.score > a.score ? b : a));
  }
}
