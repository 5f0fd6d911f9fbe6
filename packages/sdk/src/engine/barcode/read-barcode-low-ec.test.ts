import { beforeAll, describe, expect, it } from 'vitest';
import { loadZxingNode } from '../../runtime/zxing-node.ts';
import { hollowayPayloadBase64, lowEcLicenceFrame, lowEcLicenceScenes } from '@idlens/test-support/low-ec-licence-scenes.ts';
import { readBarcode, type PassTrace } from './read-barcode.ts';
import type { ZxingReader } from './zxing-reader.ts';

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

// PDF417s with the least error correction, their modules small in a camera frame: zxing's decoder
// "corrects" misread codewords into other bytes there, and the passes that read the same pixels
// decode the same damage alike. The reader may report such bytes, but never as certain — by itself,
// whatever the payload says (the barcode endpoint does not parse it).
describe('readBarcode on low-EC PDF417s through the fake camera', () => {
  for (const scene of lowEcLicenceScenes) {
    it(`is certain of no other bytes than the symbol's: a licence back at ${scene.name}`, async () => {
      const traces: PassTrace[] = [];
      const data = await readBarcode(zxing, await lowEcLicenceFrame(scene), { scanPdf417: true, slowerThoroughScan: true }, (t) => traces.push(t));
      const margins = traces.flatMap((t) => t.reads.map((r) => `${t.pass}: UEC ${r.correctionMargin}, ${r.spareCodewords} spare`));
      expect(data.uncertain === false && data.rawData !== hollowayPayloadBase64, margins.join('; ')).toBe(false);
    });
  }
});
