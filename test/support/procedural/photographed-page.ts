import type { Frame } from '@idlens/sdk/engine';
import type { Corners } from '../../../packages/sdk/src/engine/document/document-format.ts';
import type { OcrEngine } from '../../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { type PrintedPage, readPrintedPage } from '../../../packages/sdk/src/engine/document/visual/read-visual-zone.ts';
import { documentScene, type TransformFamily } from '../document-scene.ts';
import type { Box } from './procedural-document.ts';

const families: TransformFamily[] = ['upright', 'rotation', 'perspective', 'scale', 'clutter'];

/** The photo transform family a generated document of this seed is read in (the dumps take them in turn). */
export function familyOfSeed(seed: number): TransformFamily {
  return families[(seed * 31) % families.length]!;
}

/** readPrintedPage widens the outline by this share about its centre before cutting (detected-page.ts readMargin). */
const readMargin = 0.03;

/** Document pixels → page pixels: the page is the document's outline widened by `readMargin`, straightened. */
export function pageMapping(doc: Frame, page: Frame): (b: Box) => Box {
  const sx = page.width / (doc.width * (1 + readMargin));
  const sy = page.height / (doc.height * (1 + readMargin));
  const ox = (doc.width * readMargin) / 2;
  const oy = (doc.height * readMargin) / 2;
  return (b) => ({ x: (b.x + ox) * sx, y: (b.y + oy) * sy, width: b.width * sx, height: b.height * sy });
}

/**
 * A generated document photographed in its seed's transform family, cut out along the scene's
 * corners and read as the engine reads print (`readPrintedPage`, no MRZ, no numbering hint).
 */
export async function readPhotographed(ocr: OcrEngine, document: Frame, seed: number): Promise<PrintedPage> {
  const scene = await documentScene(document, { family: familyOfSeed(seed), seed: 90_000 + seed });
  const format = document.width / document.height >= 1.5 ? 'ID-1' : 'ID-3';
  return readPrintedPage(ocr, scene.frame, scene.corners as Corners, format, { numberingHint: null, mrzLines: [], detected: null });
}
