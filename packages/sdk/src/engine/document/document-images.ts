import type { DocumentData } from '../../api/document.ts';
import type { Point } from '../image/affine.ts';
import type { MrzReading } from '../mrz/mrz-reading.ts';
import { containsQuad } from './corners/quad-candidates.ts';
import { type Corners, type DocumentFormat, documentFormat, documentFormats, uprightCorners } from './document-format.ts';
import { documentGeometry, documentQuad } from './document-geometry.ts';
import { processingInfo } from './empty-document-data.ts';
import { documentImage } from './full-document-image.ts';
import type { PhotographedSide } from './photographed-side.ts';

export interface SideImageSource extends PhotographedSide {
  /** The MRZ read on this side, if any: it fixes the format and which way is up. */
  mrz: MrzReading | null;
  /** The outline turned the way the portrait found on it stands (sides without an MRZ). */
  portraitUpright?: Corners | null;
  /** Quads on this side's photo to paint black in its image (hidden printed fields). */
  hiddenPrint?: ReadonlyArray<readonly Point[]>;
}

/** A side's document: its corners (top-left first), its format and size (mm). */
export interface DocumentView {
  corners: Corners;
  format: DocumentFormat;
  size: { width: number; height: number };
  orientationKnown: boolean;
}

/**
 * Fills `fullDocumentFirstSideImage` / `…SecondSideImage`: each side's document straightened along
 * its outline (the MRZ, when read there, says which way is up and which format it is), else cut out
 * around its MRZ when the outline was not found or does not hold the zone, else null. A request for
 * images that yields none reports `imageExtractionFailures: ['FULL_DOCUMENT']`.
 */
export async function attachDocumentImages(data: DocumentData, sides: readonly SideImageSource[], maskMrz: boolean): Promise<void> {
  let any = false;
  for (const s of sides) {
    const image = await sideImage(s, maskMrz).catch(() => null);
    if (!image) continue;
    any = true;
    if (s.side === 'FIRST') data.fullDocumentFirstSideImage = { image };
    else data.fullDocumentSecondSideImage = { image };
  }
  if (!any) addImageExtractionFailure(data, 'FULL_DOCUMENT');
}

/** Notes an image asked for that could not be extracted (`FULL_DOCUMENT`, `FACE`). */
export function addImageExtractionFailure(data: DocumentData, kind: string): void {
  const info = processingInfo(data);
  info.imageExtractionFailures = [...(info.imageExtractionFailures ?? []), kind];
}

/** Which way the MRZ's lines run on the photo (the document's top edge), or null without an MRZ. */
export function mrzReadingDirection(mrz: MrzReading | null): Point | null {
  const first = mrz?.lines[0]?.points;
  return first ? { x: first[1].x - first[0].x, y: first[1].y - first[0].y } : null;
}

async function sideImage(source: SideImageSource, maskMrz: boolean): Promise<string | null> {
  const view = documentView(source);
  if (!view) return null;
  const lines = source.mrz?.lines ?? [];
  return documentImage(source.frame, view.corners, view.size, [...(maskMrz ? lines.map((l) => l.points) : []), ...(source.hiddenPrint ?? [])]);
}

/**
 * Where a side's document is and which way up: along its outline (turned by the MRZ read there, else
 * by the portrait found there) when the outline holds the MRZ, else around the MRZ alone (ICAO page
 * geometry), else null. `orientationKnown`: an MRZ or a portrait said which way is up.
 */
export function documentView({ frame, outline, mrz, portraitUpright }: SideImageSource): DocumentView | null {
  const lines = mrz?.lines ?? [];
  const type = mrz?.corrected.parsed.format.type ?? null;
  const holdsZone = outline && lines.every((l) => containsQuad(outline, l.points, 0.02 * frame.width));
  if (outline && holdsZone) {
    const direction = mrzReadingDirection(mrz);
    const corners = direction || !portraitUpright ? uprightCorners(outline, direction) : portraitUpright;
    const format = documentFormat(corners, type);
    return { corners, format, size: documentFormats[format], orientationKnown: !!direction || !!portraitUpright };
  }
  if (mrz && type) {
    const corners = documentQuad(type, lines) as Corners;
    return { corners, format: documentFormat(corners, type), size: documentGeometry[type], orientationKnown: true };
  }
  return null;
}
