import type { Point } from '../../image/affine.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { documentView } from '../document-images.ts';
import { type DetectedPage, detectPage, type StraightenedPage, straightenPage } from '../visual/detected-page.ts';
import type { DocumentRequest, Side } from './document-request.ts';
import type { LocatedSides } from './locate-documents.ts';

/** A side's straightened page with the text lines one detector found on it; null where print is not read or no outline was found. */
export type PageSource = (side: Side) => Promise<DetectedPage | null>;

/** The pages of a document's sides: straightened once, their lines detected once per detector. */
export interface StraightenedSides {
  detectedBy(engine: OcrEngine | null): PageSource;
}

/**
 * Stage `straighten`: each side's document, straightened as it lies (landscape, its top-left nearest
 * the photo's) once, and its text lines detected once per detector. Lazily, when a reading first
 * asks for a side: the first side's MRZ is searched among its lines before the photo is detected on
 * its own, and the print is read from them unless the MRZ makes it another cut (upside down); a side
 * nothing asks for is never straightened.
 */
export function straightenSides(request: DocumentRequest, located: LocatedSides): StraightenedSides {
  const { frameOf, trace, memo } = request;
  const straightened = new Map<Side, StraightenedPage>();
  const straightenedSide = (side: Side, outline: readonly Point[]) => {
    if (!straightened.has(side)) {
      const frame = frameOf(side);
      const guess = documentView({ side, frame, outline, mrz: null })!;
      // Kept per outline (a frame's is one object, kept with the frame): the cut depends on nothing else.
      const cut = memo.get(outline, ['straightened'], () => straightenPage(frame, guess.corners, guess.format));
      trace?.({ stage: 'straighten', decided: `${side}: cut along its outline as ${guess.format}, ${cut.page.width}×${cut.page.height}, orientation guessed` });
      straightened.set(side, cut);
    }
    return straightened.get(side)!;
  };
  return {
    detectedBy(engine) {
      const pages = new Map<Side, Promise<DetectedPage | null>>();
      return (side) => {
        const outline = located.outlineOf(side);
        if (!engine || !request.readPrint || !outline) return Promise.resolve(null);
        if (!pages.has(side)) {
          const cut = straightenedSide(side, outline);
          const detected = memo.get(cut, ['detected', engine.detector], () => detectPage(engine, cut));
          pages.set(side, trace ? detected.then(traced(side)) : detected);
        }
        return pages.get(side)!;
      };
    },
  };

  function traced(side: Side) {
    return (page: DetectedPage) => {
      trace?.({ stage: 'straighten', decided: `${side}: ${page.lines.length} text lines detected on the page` });
      return page;
    };
  }
}
