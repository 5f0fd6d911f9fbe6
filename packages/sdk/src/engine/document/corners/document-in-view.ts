import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import { resizeFrame } from '../../image/resize-frame.ts';
import { polygonArea } from './quad-candidates.ts';
import type { DocumentOutline } from './locate-document.ts';
import { frameEdges, locateDocument } from './locate-document.ts';

/** Where the document lies in a camera frame, for live guidance (`frameQuality` with `outline`). */
export interface DocumentInView {
  /** Its outline in frame coordinates, [tl, tr, br, bl]; a cut-off document's ends at the frame's border. */
  points: [Point, Point, Point, Point];
  /** Part of it lies outside the frame (a side of the outline is the frame's border, or beyond it). */
  cutOff: boolean;
  /** Its area as a share of the frame's (small: the document is far away). */
  share: number;
  /** How clearly its sides lie on edges (`DocumentOutline.score`). */
  score: number;
}

/** Longest side the search runs at: guidance needs where the document is, not its corners to the pixel. */
const workSide = 640;
/** The border added around the frame, as a share of its longer side. */
const paddingShare = 0.04;
/** A corner this close to the frame's border (share of that side) or beyond counts as on it. */
const borderShare = 0.005;
/**
 * The part of a document a frame shows has any shape (half a card is nearly square): where no
 * document-shaped quad is found, one of these ratios is looked for, and taken only when the frame cuts it.
 */
const partAspect = { min: 1, max: 8 } as const;
/**
 * Least outline score taken (`locateDocument` finds a document from 2.2): guidance acts on it (a
 * cut-off document is not read), so only a clear outline counts. Measured: the rendered cards and
 * documents of the tests, whole or cut off, 5.6–6.5; quads among the shapes of Chromium's fake
 * camera pattern 2.5–4.0 (six frames).
 */
const minScore = 4.5;

/**
 * The document's outline on a camera frame and whether the frame cuts it off. `locateDocument` needs
 * four edges; a document running out of the frame has three, and it would find nothing, or a quad of
 * the document's print. So the frame is first framed in its own background: each side padded with
 * the median colour of the frame's pixels along that side (the desk the document lies on, wherever
 * the document does not reach the border). Where the document runs out of the frame, its colour
 * meets that padding and closes its outline along the border, which is what says it is cut off.
 */
export function documentInView(frame: Frame): DocumentInView | null {
  const scale = Math.min(1, workSide / Math.max(frame.width, frame.height));
  const work = scale < 1 ? resizeFrame(frame, Math.round(frame.width * scale), Math.round(frame.height * scale)) : frame;
  const pad = Math.max(8, Math.round(paddingShare * Math.max(work.width, work.height)));
  const framed = padded(work, pad);
  const inFrame = (found: DocumentOutline | null): DocumentInView | null => {
    if (!found || found.score < minScore) return null;
    const sx = frame.width / work.width;
    const sy = frame.height / work.height;
    const points = found.points.map((p) => ({ x: (p.x - pad) * sx, y: (p.y - pad) * sy })) as DocumentInView['points'];
    const mx = borderShare * frame.width;
    const my = borderShare * frame.height;
    const cutOff = points.some((p) => p.x < mx || p.y < my || p.x > frame.width - mx || p.y > frame.height - my);
    return { points, cutOff, share: polygonArea(points) / (frame.width * frame.height), score: found.score };
  };
  const edges = frameEdges(framed);
  const whole = inFrame(locateDocument(framed, undefined, edges));
  if (whole && !whole.cutOff) return whole;
  // Cut off (or not found): the part in view may have any shape, and a document-shaped quad that
  // runs out of the frame may be a band of the document's print; the larger of the two is taken.
  const part = inFrame(locateDocument(framed, partAspect, edges));
  const cut = [whole, part].filter((f): f is DocumentInView => !!f?.cutOff);
  return cut.reduce<DocumentInView | null>((a, b) => (!a || b.share > a.share ? b : a), null);
}

/** A pixel of a side within this colour distance (sum of channel differences) of the frame's background is that side's background. */
const backgroundDistance = 60;

/**
 * The frame inside a border of `pad` px, each side of it the colour of the background along that
 * side: the median of that side's pixels near the whole border's median (the desk, where a document
 * covers most of one side), or that median itself.
 */
function padded(frame: Frame, pad: number): Frame {
  const { width: w, height: h, data } = frame;
  const sides = {
    top: (i: number) => i * 4,
    bottom: (i: number) => ((h - 1) * w + i) * 4,
    left: (i: number) => i * w * 4,
    right: (i: number) => (i * w + w - 1) * 4,
  };
  const offsets = [
    ...Array.from({ length: w }, (_, i) => sides.top(i)),
    ...Array.from({ length: w }, (_, i) => sides.bottom(i)),
    ...Array.from({ length: h }, (_, i) => sides.left(i)),
    ...Array.from({ length: h }, (_, i) => sides.right(i)),
  ];
  const border = medianColour(data, offsets);
  const background = (count: number, offset: (i: number) => number) => {
    const near = Array.from({ length: count }, (_, i) => offset(i)).filter(
      (o) => Math.abs(data[o]! - border[0]) + Math.abs(data[o + 1]! - border[1]) + Math.abs(data[o + 2]! - border[2]) < backgroundDistance,
    );
    return near.length >= 0.2 * count ? medianColour(data, near) : border;
  };
  const top = background(w, sides.top);
  const bottom = background(w, sides.bottom);
  const left = background(h, sides.left);
  const right = background(h, sides.right);
  const W = w + 2 * pad;
  const H = h + 2 * pad;
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fx = x - pad;
      const fy = y - pad;
      const o = (y * W + x) * 4;
      if (fx >= 0 && fy >= 0 && fx < w && fy < h) {
        const i = (fy * w + fx) * 4;
        out[o] = data[i]!;
        out[o + 1] = data[i + 1]!;
        out[o + 2] = data[i + 2]!;
      } else {
        // The nearest side's colour (a corner square takes the side it lies closer to).
        const dx = fx < 0 ? -fx : fx >= w ? fx - w + 1 : 0;
        const dy = fy < 0 ? -fy : fy >= h ? fy - h + 1 : 0;
        const c = dx >= dy ? (fx < 0 ? left : right) : fy < 0 ? top : bottom;
        out[o] = c[0];
        out[o + 1] = c[1];
        out[o + 2] = c[2];
      }
      out[o + 3] = 255;
    }
  }
  return { width: W, height: H, data: out };
}

/** Per-channel median of the pixels at these RGBA byte offsets. */
function medianColour(data: Uint8ClampedArray, offsets: readonly number[]): [number, number, number] {
  const channel = (c: number) => {
    const histogram = new Uint32Array(256);
    for (const o of offsets) histogram[data[o + c]!]!++;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen * 2 >= offsets.length) return v;
    }
    return 255;
  };
  return [channel(0), channel(1), channel(2)];
}
