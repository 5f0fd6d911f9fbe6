import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadZxingNode } from '../../runtime/zxing-node.ts';
import { buildAamvaPayload, payloadBytes } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { barcodePng } from '@idlens/test-support/fixtures.ts';
import { hollowayPayloadBase64, lowEcLicenceFrame, lowEcLicenceScenes } from '@idlens/test-support/low-ec-licence-scenes.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';
import { readIdBarcode } from './read-id-barcode.ts';

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

describe('readIdBarcode through the fake camera', () => {
  for (const scene of lowEcLicenceScenes) {
    it(`never calls other bytes VALID: a licence back at ${scene.name}`, async () => {
      const result = await readIdBarcode(zxing, await lowEcLicenceFrame(scene));
      const right = result.rawDataBase64 === hollowayPayloadBase64;
      const read = `${result.recognitionStatus} ${right ? 'right' : `wrong: ${result.fullName}, ${result.documentNumber}, ${result.dateOfExpiry?.originalString}`}`;
      expect(result.recognitionStatus === 'VALID' && !right, read).toBe(false);
    });
  }

  it('reads the same licence VALID where its modules are large enough', async () => {
    const result = await readIdBarcode(zxing, await lowEcLicenceFrame({ ecLevel: 0, card: 600, desk: 1600, rotate: 0 }));
    expect(result).toMatchObject({ recognitionStatus: 'VALID', fullName: 'GRETA JUNE HOLLOWAY', documentNumber: 'H12345678' });
    expect(result.rawDataBase64).toBe(hollowayPayloadBase64);
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
