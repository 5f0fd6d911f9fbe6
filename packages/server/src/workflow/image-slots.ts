import type { StepImages } from '@idlens/sdk/api';
import type { StepOf } from './definition.ts';

export type InteractiveStep = StepOf<'ScanDocument'> | StepOf<'ScanCard'> | StepOf<'ScanBarcode'>;

/** One image an interactive step takes: the submission field and the extraction field its blob reference goes to. */
export interface ImageSlot {
  image: keyof StepImages;
  ref: string;
  required: boolean;
}

/** Which images each interactive step takes, as a table (the spec names the document ones). */
export const imageSlots: { [T in InteractiveStep['type']]: (step: StepOf<T>) => ImageSlot[] } = {
  ScanDocument: (step) => [
    { image: 'front', ref: 'fullDocumentFrontImage', required: true },
    { image: 'back', ref: 'fullDocumentBackImage', required: step.settings.requireBack },
    { image: 'face', ref: 'faceImage', required: step.settings.requireFace },
  ],
  ScanCard: (step) => [
    { image: 'front', ref: 'fullCardFrontImage', required: true },
    { image: 'back', ref: 'fullCardBackImage', required: step.settings.requireBack },
  ],
  ScanBarcode: () => [{ image: 'front', ref: 'barcodeImage', required: true }],
};

export function slotsOf(step: InteractiveStep): ImageSlot[] {
  return (imageSlots[step.type] as (s: InteractiveStep) => ImageSlot[])(step);
}
