import type { Frame } from '@idlens/sdk/engine';
import { cameraFrame, onDesk } from './camera-frame.ts';
import { payloadBytes } from './engine/aamva-payload-builder.ts';
import { licencePayload, renderLicenceBack, type LicenceHolder } from './licence-render.ts';

/** The holder of the licences below (issue #60 saw `JGNE HOLLOWAY` for her). */
export const hollowayLicence: LicenceHolder = {
  documentNumber: 'H12345678',
  lastName: 'HOLLOWAY',
  firstName: 'GRETA',
  middleName: 'JUNE',
  dateOfBirth: '1990-02-03',
  dateOfIssue: '2022-01-01',
  dateOfExpiry: '2030-02-03',
  sex: 'F',
  street: '42 ELM ST',
  city: 'ALEXANDRIA',
  postalCode: '22314',
};

/** The bytes her licence's PDF417 carries, Base64 (as `rawData`). */
export const hollowayPayloadBase64 = Buffer.from(payloadBytes(licencePayload(hollowayLicence))).toString('base64');

/**
 * The back of her licence with a PDF417 of error-correction level `ecLevel` (2 correction codewords
 * at 0, 4 at 1), `card` px wide, turned `rotate`°, photographed on a desk `desk` px wide that the
 * fake camera scales to its 1280×720 frame: modules of about 1.2–1.5 px. Where zxing misreads
 * codewords there, error correction can "correct" them into another codeword sequence, and the
 * passes that read the same pixels decode it alike. Each of these was once answered `VALID` with
 * other bytes (garbled names, numbers, dates, or bytes elsewhere in the payload).
 */
export const lowEcLicenceScenes = [
  { ecLevel: 0, card: 400, desk: 1900, rotate: 0 },
  { ecLevel: 0, card: 450, desk: 1900, rotate: 0 },
  { ecLevel: 0, card: 450, desk: 2000, rotate: 2 },
  { ecLevel: 0, card: 550, desk: 2200, rotate: 2 },
  { ecLevel: 1, card: 450, desk: 2200, rotate: 2 },
].map((scene) => ({ ...scene, name: `EC level ${scene.ecLevel}, ${scene.card} px on a ${scene.desk} px desk, turned ${scene.rotate}°` }));

export type LowEcLicenceScene = Omit<(typeof lowEcLicenceScenes)[number], 'name'>;

/** The fake camera's frame of a scene. */
export async function lowEcLicenceFrame({ ecLevel, card, desk, rotate }: LowEcLicenceScene): Promise<Frame> {
  const back = await renderLicenceBack(hollowayLicence, { width: card, ecLevel, rotate });
  const { width, height, data } = await cameraFrame(await onDesk(back, desk));
  return { width, height, data: new Uint8ClampedArray(data) };
}
