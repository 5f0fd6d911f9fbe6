import { describe, expect, it } from 'vitest';
import { composeScene, renderBarcode, wrapRoundCylinder, type SceneOptions } from '@idlens/test-support/engine/barcode-scenes.ts';
import { toGray } from '../../image/gray-image.ts';
import { FrameVariants } from '../frames/frame-variants.ts';
import { readEanProfiles } from './read-ean-profiles.ts';

/** The first bar region's view of a clean symbol (an EAN-13 by default) of 3 px modules, and the image it was cut from. */
async function symbolView(format: 'EAN13' | 'UPCE' | 'EAN8' = 'EAN13', content = '400638133393') {
  const { frame } = await composeScene(await renderBarcode(format, content, { moduleSize: 3, quietZone: 10 }), {
    width: 480,
    height: 360,
    angle: 3,
    noise: 2,
    seed: 4,
  });
  const variants = new FrameVariants(toGray(frame));
  return { view: variants.region(0, 'view')!, source: variants.root };
}

const context = { scanEan13: true, scanUpca: true };

/** A photo of a can whose label's UPC-A has 1.2 px modules at its middle (a 320×240 frame). */
const canPhoto: SceneOptions = { width: 320, height: 240, labelScale: 0.3, noise: 2, jpegQuality: 85, angle: -2, seed: 1 };

/**
 * The first bar region's view of a UPC-A round a can, its label spanning ±30°, photographed as
 * `photo` says, with the bars' height from `greyFrom` to `greyTo` painted grey (nothing by default).
 */
async function curvedCanView({ greyFrom = 0, greyTo = 0, photo = canPhoto } = {}) {
  const label = wrapRoundCylinder(await renderBarcode('UPCA', '03600029145', { moduleSize: 4 }), 30);
  const top = label.corners[0]!.y;
  const height = label.corners[3]!.y - top;
  label.data.fill(128, Math.round(top + greyFrom * height) * label.width, Math.round(top + greyTo * height) * label.width);
  const { frame } = await composeScene(label, photo);
  const variants = new FrameVariants(toGray(frame));
  return { view: variants.region(0, 'view')!, source: variants.root };
}

describe('readEanProfiles', () => {
  it('reads the symbol on its middle bands, stopping once four agree', async () => {
    const { view, source } = await symbolView();
    expect(readEanProfiles(view, source, context)).toEqual([expect.objectContaining({ type: 'EAN_13', text: '4006381333931', lineCount: 4, fitted: true })]);
  });

  it('fits no more bands than it is allowed, and stops when its own rule says enough', async () => {
    const { view, source } = await symbolView();
    expect(readEanProfiles(view, source, context, { bands: 1 })).toEqual([expect.objectContaining({ lineCount: 1 })]);
    expect(readEanProfiles(view, source, context, { bands: 8, stopWhen: (digits, n) => digits === '4006381333931' && n >= 2 })).toEqual([
      expect.objectContaining({ lineCount: 2 }),
    ]);
    // A rule no reading meets: all eight bands.
    expect(readEanProfiles(view, source, context, { stopWhen: () => false })).toEqual([expect.objectContaining({ lineCount: 8 })]);
  });

  it('reads EAN-8 and UPC-E when asked for them, as themselves, and an EAN-13 not as either', async () => {
    const upce = await symbolView('UPCE', '0012345');
    expect(readEanProfiles(upce.view, upce.source, context, { symbology: 'UPC_E' })).toEqual([
      expect.objectContaining({ type: 'UPC_E', text: '00123457', lineCount: 4, fitted: true }),
    ]);
    expect(readEanProfiles(upce.view, upce.source, context)).toEqual([]);
    const ean8 = await symbolView('EAN8', '5512345');
    expect(readEanProfiles(ean8.view, ean8.source, context, { symbology: 'EAN_8' })).toEqual([expect.objectContaining({ type: 'EAN_8', text: '55123457' })]);
    const ean13 = await symbolView();
    expect(readEanProfiles(ean13.view, ean13.source, context, { symbology: 'UPC_E' })).toEqual([]);
    expect(readEanProfiles(ean13.view, ean13.source, context, { symbology: 'EAN_8' })).toEqual([]);
  });

  it('reads a fine label curved round a can as such, unless asked for flat labels only', async () => {
    // A UPC-A of a pixel a module at its middle, its symbol spanning ±25° of the can: fitted flat,
    // the digits half-way to each guard lie over half a module off.
    const { view, source } = await curvedCanView({ photo: { ...canPhoto, labelScale: 0.25, blur: 0.5, noise: 3, jpegQuality: 75 } });
    expect(readEanProfiles(view, source, context)).toEqual([expect.objectContaining({ type: 'UPC_A', text: '036000291452', fitted: true })]);
    expect(readEanProfiles(view, source, context, { curved: false })).toEqual([]);
  });

  it('fits the bands beyond the middle two curved once one of those read a curved label, and not before', async () => {
    // A label of 1.2 px modules on a can, which no band reads flat.
    const can = await curvedCanView();
    expect(readEanProfiles(can.view, can.source, context, { curved: false, stopWhen: () => false })).toEqual([]);
    // Every band fitted: a middle one reads the label curved, and the other bands then read it too.
    expect(readEanProfiles(can.view, can.source, context, { stopWhen: () => false })).toEqual([
      expect.objectContaining({ text: '036000291452', lineCount: 6 }),
    ]);
    // Grey across the middle of the bars, where the two middle bands lie: the bands above and below
    // would read the label curved (3 of them, measured with every band bent), but curved fits cost
    // too much to try on every band of every view that reads nothing flat — they are not tried.
    const spoiled = await curvedCanView({ greyFrom: 0.4, greyTo: 0.6 });
    expect(readEanProfiles(spoiled.view, spoiled.source, context, { bands: 2 })).toEqual([]);
    expect(readEanProfiles(spoiled.view, spoiled.source, context, { stopWhen: () => false })).toEqual([]);
  });
});
