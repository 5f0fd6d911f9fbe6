import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../core/frame.ts';
import { loadZxingNode } from '../../runtime/zxing-node.ts';
import { cameraFrame, onDesk } from '../../../../../test/support/camera-frame.ts';
import { buildAamvaPayload, payloadBytes } from '../../../../../test/support/engine/aamva-payload-builder.ts';
import { barcodePng } from '../../../../../test/support/fixtures.ts';
import { licencePayload, renderLicenceBack, type LicenceHolder } from '../../../../../test/support/licence-render.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';
import { readIdBarcode } from './read-id-barcode.ts';

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

const holder: LicenceHolder = {
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
const base64 = (text: string) => Buffer.from(payloadBytes(text)).toString('base64');

/** The frame the fake camera shows of a PNG: its pixels as the engine gets them. */
async function frameOf(png: Buffer | Uint8Array): Promise<Frame> {
  const { width, height, data } = await cameraFrame(png);
  return { width, height, data: new Uint8ClampedArray(data) };
}

describe('readIdBarcode through the fake camera', () => {
  // The back of a licence whose PDF417 has the lowest levels of error correction (2 correction
  // codewords at level 0), `card` px wide, photographed on a desk `desk` px wide that the camera
  // scales to its 1280×720 frame: modules of about 1.2–1.5 px. Where zxing misreads codewords there, its
  // error correction can "correct" them into another valid codeword sequence: garbled names, numbers
  // and dates, decoded alike by the passes that read the same pixels.
  const scenes = [
    { ecLevel: 0, card: 400, desk: 1900, rotate: 0 },
    { ecLevel: 0, card: 450, desk: 1900, rotate: 0 },
    { ecLevel: 0, card: 450, desk: 2000, rotate: 2 },
    { ecLevel: 0, card: 550, desk: 2200, rotate: 2 },
    { ecLevel: 1, card: 450, desk: 2200, rotate: 2 },
  ];
  for (const scene of scenes) {
    const name = `EC level ${scene.ecLevel}, ${scene.card} px on a ${scene.desk} px desk, turned ${scene.rotate}°`;
    it(`never calls other bytes VALID: a licence back at ${name}`, async () => {
      const back = await renderLicenceBack(holder, { width: scene.card, ecLevel: scene.ecLevel, rotate: scene.rotate });
      const result = await readIdBarcode(zxing, await frameOf(await onDesk(back, scene.desk)));
      const right = result.rawDataBase64 === base64(licencePayload(holder));
      const read = `${result.recognitionStatus} ${right ? 'right' : `wrong: ${result.fullName}, ${result.documentNumber}, ${result.dateOfExpiry?.originalString}`}`;
      expect(result.recognitionStatus === 'VALID' && !right, read).toBe(false);
    });
  }

  it('reads the same licence VALID where its modules are large enough', async () => {
    const back = await renderLicenceBack(holder, { width: 600, ecLevel: 0 });
    const result = await readIdBarcode(zxing, await frameOf(await onDesk(back, 1600)));
    expect(result).toMatchObject({ recognitionStatus: 'VALID', fullName: 'GRETA JUNE HOLLOWAY', documentNumber: 'H12345678' });
    expect(result.rawDataBase64).toBe(base64(licencePayload(holder)));
  });
});

describe('readIdBarcode: the payload must give what a licence must carry', () => {
  /** A clean PDF417 of these DL elements, as an upload: read with error correction to spare. */
  async function read(elements: ReadonlyArray<readonly [string, string]>) {
    const png = await barcodePng(payloadBytes(buildAamvaPayload({ subfiles: [{ type: 'DL', elements }] })), { format: 'PDF417', scale: 3 });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return readIdBarcode(zxing, { width: info.width, height: info.height, data: new Uint8ClampedArray(data) });
  }
  const elements: Array<readonly [string, string]> = [
    ['DAQ', 'D1234567'],
    ['DCS', 'PUBLIC'],
    ['DAC', 'JOHN'],
    ['DBB', '01311980'],
    ['DBA', '01312030'],
  ];

  it('is VALID with names, number and dates', async () => {
    expect(await read(elements)).toMatchObject({ recognitionStatus: 'VALID', lastName: 'PUBLIC', documentNumber: 'D1234567' });
  });

  it('is UNCERTAIN, read as it is, when a mandatory element is missing or a date is no date', async () => {
    const garbledExpiry = elements.map(([id, value]) => [id, id === 'DBA' ? 'aebcbjgb' : value] as const);
    expect(await read(garbledExpiry)).toMatchObject({
      recognitionStatus: 'UNCERTAIN',
      lastName: 'PUBLIC',
      dateOfExpiry: { successfullyParsed: false, year: null, originalString: 'aebcbjgb' },
    });
    const withoutName = elements.filter(([id]) => id !== 'DCS');
    expect(await read(withoutName)).toMatchObject({ recognitionStatus: 'UNCERTAIN', lastName: null, documentNumber: 'D1234567' });
  });
});
