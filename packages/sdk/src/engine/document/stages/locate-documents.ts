import type { Point } from '../../image/affine.ts';
import { rectangleCorners } from '../../image/homography.ts';
import { documentOutline } from '../corners/locate-document.ts';
import { measureSideQuality, skipReason } from '../quality/analyze-side.ts';
import type { DocumentRequest, Side } from './document-request.ts';

/** Where each side's document lies on its photo, and which sides a requested image check rules out. */
export interface LocatedSides {
  /** The document's outline on a side's photo (the whole photo when it is already cropped), null when not found or not sought. */
  outlineOf(side: Side): readonly Point[] | null;
  /** Sides failing a skip* check, with the processing status that says why. */
  skipped: ReadonlyMap<Side, string>;
  /** The sides given that are read (not skipped). */
  readSides: Side[];
}

/**
 * Stage `locate`: each side's document outline, found only when images, print or the skip* checks
 * need it (docs/documents.md), and the checks behind the skip* options — a side that fails one is
 * not read at all.
 */
export function locateDocuments(request: DocumentRequest): LocatedSides {
  const { options, frameOf, given, trace } = request;
  const cropped = options.scanCroppedDocumentImage ?? false;
  const checks = {
    blur: !!options.skipImagesWithBlur,
    lighting: !!options.skipImagesWithInadequateLightingConditions,
    hand: !!options.skipImagesOccludedByHand,
  };
  const anyCheck = checks.blur || checks.lighting || checks.hand;
  const outlines = new Map<Side, readonly Point[] | null>();
  if (options.returnFullDocumentImage || request.wantFace || request.readPrint || anyCheck) {
    for (const side of given) {
      const frame = frameOf(side);
      outlines.set(side, cropped ? rectangleCorners(frame.width, frame.height) : request.memo.get(frame, ['outline'], () => documentOutline(frame)));
    }
  }
  const skipped = new Map<Side, string>();
  if (anyCheck) {
    for (const side of given) {
      const reason = skipReason(measureSideQuality(frameOf(side), outlines.get(side) ?? null, cropped), checks);
      if (reason) skipped.set(side, reason);
    }
  }
  for (const side of given) {
    const reason = skipped.get(side);
    trace?.({ stage: 'locate', decided: `${side}: ${outlineFound(outlines, side, cropped)}${reason ? `; skipped, ${reason}` : ''}` });
  }
  return {
    outlineOf: (side) => outlines.get(side) ?? null,
    skipped,
    readSides: given.filter((side) => !skipped.has(side)),
  };
}

/** What `locate` found of a side's document, for the trace. */
function outlineFound(outlines: ReadonlyMap<Side, readonly Point[] | null>, side: Side, cropped: boolean): string {
  if (!outlines.has(side)) return 'no outline sought';
  if (cropped) return 'the photo is the document (cropped)';
  return outlines.get(side) ? 'document outline found' : 'no document outline';
}
