import type { LocatedImageResult } from '../../api/document.ts';
import type { Frame } from '../../core/frame.ts';
import type { DetectedFace, FaceDetector } from '../face/create-face-detector.ts';
import type { Point } from '../image/affine.ts';
import { applyHomography, rectangleCorners, type Homography } from '../image/homography.ts';
import { warpQuad } from '../image/warp-quad.ts';
import { type Corners, documentFormat, documentFormats, sideLengths } from './document-format.ts';
import { locatedImage } from './located-image.ts';
import type { PhotographedSide } from './photographed-side.ts';

export interface PortraitSearchSide extends PhotographedSide {
  /** Which way the document's top edge runs on the photo, when an MRZ read on this side says so. */
  readingDirection: Point | null;
}

export interface FoundPortrait {
  faceImage: LocatedImageResult;
  /** The outline's corners with the document's top-left first, as the portrait stands (null without an outline). */
  uprightOutline: Corners | null;
}

/** Longer side of the view searched for faces: the detector's own input size, so nothing is resampled twice. */
const searchSize = 256;
/** Widest returned portrait, px. */
const maxPortraitWidth = 480;
/**
 * A portrait's size from the detected face box (brows to chin): ICAO 9303 photos show the face
 * (chin to crown) over 70–80 % of their height, about 1.9 box heights, at a 35 : 45 width : height
 * ratio; the box centre (the nose) sits a little below the middle.
 */
const portraitHeightPerFace = 2.1;
const portraitAspect = 35 / 45;
const noseFromTop = 0.55;
/**
 * A document portrait's face (brows to chin) against the document's shorter side: about 0.2 on
 * passports and ID cards, 0.1 on licences with a small portrait; a face filling the document is not
 * its portrait but a wrong outline (the portrait's own frame) or print taken for a face.
 */
const minFaceOfDocument = 0.06;
/** Faces smaller than this in the 256 px view are below what the detector resolves (its finest grid is 16 px): print, not faces. */
const minFacePixels = 16;
const maxFaceOfDocument = 0.5;

/**
 * The holder's portrait: each side's document (or the whole photo when no outline was found) is
 * searched for faces in every orientation the MRZ leaves open — all four without one, so the
 * portrait also tells which way up a document without an MRZ is. The surest plausible face wins
 * (usually the portrait over the fainter ghost image), and the portrait around it is cut out
 * straight from the photo. Null when no side shows a face: a blank portrait area gives nothing.
 */
export async function findPortrait(detector: FaceDetector, sides: readonly PortraitSearchSide[]): Promise<FoundPortrait | null> {
  let best: (ViewFace & { side: PortraitSearchSide; onOutline: boolean }) | null = null;
  for (const side of sides) {
    // The whole photo is searched too when the outline holds no face (it may be a wrong outline).
    const found = (side.outline && (await searchViews(detector, side.frame, side.outline as Corners, side.readingDirection, true))) || null;
    const onOutline = !!found;
    const candidate = found ?? (await searchViews(detector, side.frame, rectangleCorners(side.frame.width, side.frame.height), side.readingDirection, false));
    if (!candidate) continue;
    if (!best || candidate.face.score > best.face.score) best = { ...candidate, side, onOutline };
  }
  if (!best) return null;
  const inView = portraitQuad(best.face, best.viewSize);
  const portrait = inView.map((p) => applyHomography(best.toSource, p)) as Corners;
  const shape = { width: inView[1].x - inView[0].x, height: inView[3].y - inView[0].y };
  return {
    faceImage: await locatedImage(best.side.frame, portrait, shape, best.side.side, maxPortraitWidth),
    uprightOutline: best.onOutline ? best.view : null,
  };
}

interface ViewFace {
  /** The quad's corners, top-left first, in the orientation the face was found upright. */
  view: Corners;
  viewSize: { width: number; height: number };
  toSource: Homography;
  face: DetectedFace;
}

/**
 * The best-scoring plausible face over the quad's orientations, or null. The detector also fires,
 * less surely, on faces turned a quarter and on print; an upright face (`standsUpright`) of a
 * portrait's size on the document tells the true way up and leaves most of those out. Not the
 * largest: print taken for a face can be larger than the portrait, and scores lower.
 */
async function searchViews(detector: FaceDetector, frame: Frame, quad: Corners, readingDirection: Point | null, isDocument: boolean): Promise<ViewFace | null> {
  let best: ViewFace | null = null;
  for (const view of orientations(quad, readingDirection)) {
    const viewSize = fitted(view, searchSize, isDocument);
    const { frame: pixels, toSource } = warpQuad(frame, view, viewSize.width, viewSize.height);
    const shorter = Math.min(viewSize.width, viewSize.height);
    const plausible = (await detector.detect(pixels)).filter(
      (f) =>
        standsUpright(f) &&
        f.box.height >= minFacePixels &&
        (!isDocument || (f.box.height >= minFaceOfDocument * shorter && f.box.height <= maxFaceOfDocument * shorter)),
    );
    const face = plausible[0];
    if (face && (!best || face.score > best.face.score)) best = { view, viewSize, toSource, face };
  }
  return best;
}

/**
 * Eyes side by side (their line within 30° of level, the person's right eye on the image's left,
 * apart by a quarter of the face's width or more), the nose below them and the mouth below the nose.
 */
export function standsUpright(face: DetectedFace): boolean {
  const [right, left, nose, mouth] = face.keypoints as [Point, Point, Point, Point];
  const dx = left.x - right.x;
  const dy = left.y - right.y;
  const eyesY = (left.y + right.y) / 2;
  return dx >= 0.25 * face.box.width && Math.abs(dy) <= Math.tan(Math.PI / 6) * dx && nose.y > eyesY && mouth.y > nose.y;
}

/** The quad's corner lists for each way up: every quarter turn, or only the one along the MRZ. */
function orientations(quad: Corners, readingDirection: Point | null): Corners[] {
  const turns = [0, 1, 2, 3].map((k) => [0, 1, 2, 3].map((i) => quad[(i + 4 - k) % 4]!) as Corners);
  if (!readingDirection) return turns;
  const along = (q: Corners) => (q[1].x - q[0].x) * readingDirection.x + (q[1].y - q[0].y) * readingDirection.y;
  return [turns.reduce((a, b) => (along(b) > along(a) ? b : a))];
}

/** The view's size, longer side `size`: a document outline takes its format's exact shape, the whole photo keeps its own. */
function fitted(quad: Corners, size: number, isDocument: boolean): { width: number; height: number } {
  const { across, down } = sideLengths(quad);
  const format = isDocument ? documentFormats[documentFormat(quad, null)] : null;
  const ratio = format ? format.width / format.height : Math.max(across, down) / Math.max(1, Math.min(across, down));
  return across >= down ? { width: size, height: Math.round(size / ratio) } : { width: Math.round(size / ratio), height: size };
}

/** The portrait rectangle around a face, in view pixels, kept inside the view. */
function portraitQuad(face: DetectedFace, view: { width: number; height: number }): Corners {
  const height = Math.min(view.height, face.box.height * portraitHeightPerFace);
  const width = Math.min(view.width, height * portraitAspect);
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const left = clamp(cx - width / 2, 0, view.width - width);
  const top = clamp(cy - noseFromTop * height, 0, view.height - height);
  return rectangleCorners(width, height, left, top);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
