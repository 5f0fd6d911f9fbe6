// Development tool (not a test): how many fine EAN-13 and UPC-A labels wrapped round a bottle or can
// the engine reads, by arc, module at the label's middle and blur — generated 320×240 scenes (two
// codes of each, two seeds and angles, noise, JPEG 75), the figures in docs/barcode-options.md.
//
//   pnpm exec tsx test/support/curved-label-scenes.ts [ARC_DEGREES=0,30] [MODULES_PX=0.9,1,1.2] [BLURS_PX=0.5,0.8]
import { allSymbologies } from '@idlens/sdk/api';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import { readBarcode } from '../../packages/sdk/src/engine/barcode/read-barcode.ts';
import { composeScene, renderBarcode, wrapRoundCylinder } from './engine/barcode-scenes.ts';

const list = (arg: string | undefined, fallback: string) => (arg ?? fallback).split(',').map(Number);
const [arcs, modules, blurs] = [list(process.argv[2], '0,30'), list(process.argv[3], '0.9,1,1.2'), list(process.argv[4], '0.5,0.8')];
const codes = [
  ['EAN13', '400638133393', '4006381333931'],
  ['EAN13', '978080481663', '9780804816632'],
  ['UPCA', '03600029145', '036000291452'],
  ['UPCA', '88442100013', '884421000135'],
] as const;
const zxing = await loadZxingNode();
const renderScale = 4;
for (const arc of arcs) {
  for (const module of modules) {
    for (const blur of blurs) {
      let right = 0;
      let wrong = 0;
      let scenes = 0;
      for (const [format, data, expected] of codes) {
        const rendered = await renderBarcode(format, data, { moduleSize: renderScale });
        const label = arc > 0 ? wrapRoundCylinder(rendered, arc) : rendered;
        for (const seed of [1, 2]) {
          scenes++;
          const { frame } = await composeScene(label, {
            width: 320,
            height: 240,
            labelScale: module / renderScale,
            blur,
            noise: 3,
            jpegQuality: 75,
            angle: seed * 4 - 6,
            seed,
          });
          const read = await readBarcode(zxing, frame, allSymbologies);
          if (read.stringData === expected) right++;
          else if (read.stringData) wrong++;
        }
      }
      console.log(`label arc ±${arc}°, ${module} px a module at its middle, blur σ ${blur} px: ${right}/${scenes} read, ${wrong} wrong`);
    }
  }
}
