import type { DocumentData } from '../../../api/document.ts';
import type { FaceDetector } from '../../face/create-face-detector.ts';
import type { AnonymizationPlan } from '../document-class-rules.ts';
import { addImageExtractionFailure, attachDocumentImages, mrzReadingDirection } from '../document-images.ts';
import { findPortrait, type FoundPortrait } from '../portrait.ts';
import { signatureImage } from '../visual/signature-image.ts';
import { hiddenPrintQuads } from '../visual/visual-to-document.ts';
import type { DocumentReadings } from './document-readings.ts';
import type { DocumentRequest } from './document-request.ts';
import type { LocatedSides } from './locate-documents.ts';
import { mrzOnSide } from './mrz-pick.ts';

/**
 * The images asked for, once the answer is settled. The portrait first: it also tells which way up a
 * side without an MRZ is, for its document image. Anonymized fields are painted out of the document
 * images when the plan says so.
 */
export async function extractImages(
  request: DocumentRequest,
  faces: FaceDetector | null,
  located: LocatedSides,
  { mrz: { pick }, visual }: DocumentReadings,
  data: DocumentData,
  anonymization: AnonymizationPlan,
): Promise<void> {
  const { options, frameOf, trace } = request;
  const { readSides, outlineOf } = located;
  const portrait: FoundPortrait | null = request.wantFace
    ? await findPortrait(
        faces!,
        readSides.map((side) => ({ side, frame: frameOf(side), outline: outlineOf(side), readingDirection: mrzReadingDirection(mrzOnSide(pick, side)) })),
      )
    : null;
  if (request.wantFace) {
    if (portrait) data.faceImage = portrait.faceImage;
    else addImageExtractionFailure(data, 'FACE');
    trace?.({ stage: 'images', decided: portrait ? `portrait on ${portrait.faceImage.side}` : 'no portrait found' });
  }
  if (options.returnSignatureImage && request.readPrint) {
    data.signatureImage = await signatureImage(visual, frameOf);
    if (!data.signatureImage) addImageExtractionFailure(data, 'SIGNATURE');
    trace?.({ stage: 'images', decided: data.signatureImage ? `signature on ${data.signatureImage.side}` : 'no signature found' });
  }
  if (!options.returnFullDocumentImage) return;
  await attachDocumentImages(
    data,
    readSides.map((side) => ({
      side,
      frame: frameOf(side),
      outline: outlineOf(side),
      mrz: mrzOnSide(pick, side),
      portraitUpright: portrait?.faceImage.side === side ? portrait.uprightOutline : null,
      hiddenPrint: anonymization.inImages ? hiddenPrintQuads(visual, side, anonymization) : [],
    })),
    anonymization.inImages,
  );
  const cut = [data.fullDocumentFirstSideImage && 'FIRST', data.fullDocumentSecondSideImage && 'SECOND'].filter(Boolean);
  trace?.({ stage: 'images', decided: `document images: ${cut.length ? cut.join(', ') : 'none'}${anonymization.inImages ? ', anonymized' : ''}` });
}
