import { describe, expect, it } from 'vitest';
import type { Frame } from '../../core/frame.ts';
import type { BarcodeOptions } from '../../api/barcode.ts';
import { composeScene, renderBarcode, type SceneOptions } from '@idlens/test-support/engine/barcode-scenes.ts';
import { fakeZxing, type FakeCall, type FakeRead } from '@idlens/test-support/engine/fake-zxing.ts';
import { passBudget, passPlan } from './pass-plan.ts';
import { readBarcode, type PassTrace } from './read-barcode.ts';

/**
 * A frame with vertical stripes, so the bar localizer finds a region and every pass runs; white
 * paper (255: clipped) unless said; with `highlight`, a highlight adds up to that many levels round
 * the middle, lifting the bars under it to grey (what the unlifted round takes away).
 */
function stripedFrame(width = 320, height = 200, paper = 255, highlight = 0): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = highlight * Math.exp(-((x - width / 2) ** 2 + (y - height / 2) ** 2) / (2 * (0.2 * width) ** 2));
      const inStripes = x > 0.19 * width && x < 0.81 * width && y > 0.2 * height && y < 0.8 * height;
      const v = inStripes && Math.floor(x / 3) % 3 === 0 ? Math.min(255, light) : paper;
      data.fill(v, (y * width + x) * 4, (y * width + x) * 4 + 3);
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { width, height, data };
}

async function run(
  options: Parameters<typeof readBarcode>[2],
  script?: (call: number, seen: FakeCall) => FakeRead[],
  frame = stripedFrame(),
  effort: 'plan' | 'glance' = 'plan',
) {
  const zxing = fakeZxing(script);
  const passes: PassTrace[] = [];
  const data = await readBarcode(zxing, frame, options, (t) => passes.push(t), effort);
  // The names of the passes that called zxing, call by call (the engine's own EAN decoders do not).
  const names = passes.filter((p) => p.method === 'zxing').map((p) => p.pass);
  return { data, calls: zxing.calls, names };
}

describe('readBarcode: matrix reads that spent their error correction', () => {
  const qr = (extra: string): FakeRead => ({ format: 'QRCode', text: 'https://idlens.example', extra });

  it('settles on a QR decode with error correction to spare at once', async () => {
    const { data, calls } = await run({ scanQrCode: true }, () => [qr('{"UEC":0.25,"ECLevel":"M"}')]);
    expect(data).toMatchObject({ stringData: 'https://idlens.example', recognitionStatus: 'VALID' });
    expect(calls).toHaveLength(1);
  });

  it("wants a second pass to decode alike when the first spent it all, and reads zxing's extra leniently", async () => {
    const once = await run({ scanQrCode: true, scanUncertain: false }, (call) => (call === 0 ? [qr('{"UEC":0}')] : []));
    expect(once.data).toMatchObject({ recognitionStatus: 'EMPTY' });
    const twice = await run({ scanQrCode: true }, (call) => (call < 2 ? [qr('{"UEC":0.0,"ECLevel":"L"}')] : []));
    expect(twice.data).toMatchObject({ stringData: 'https://idlens.example', recognitionStatus: 'VALID' });
    expect(twice.calls).toHaveLength(2);
    // Without the field (an older zxing, malformed JSON) a decode is trusted as before.
    for (const extra of ['', '{not json', '{"UEC":"none"}']) {
      const { data, calls } = await run({ scanQrCode: true }, () => [qr(extra)]);
      expect(data).toMatchObject({ recognitionStatus: 'VALID' });
      expect(calls).toHaveLength(1);
    }
  });
});

describe('readBarcode option mapping', () => {
  it('asks zxing for the formats of the enabled flags only, as Plain text, without inversion', async () => {
    const { calls } = await run({ scanCode39: true, scanQrCode: true });
    expect(calls.length).toBeGreaterThan(0);
    for (const { options } of calls) {
      expect(options.formats!.every((f) => f === 'Code39Std' || f === 'QRCode')).toBe(true);
      expect(options.textMode).toBe('Plain');
      expect(options.tryInvert).toBe(false);
    }
  });

  it('maps readCode39AsExtendedData to zxing’s full-ASCII Code39 and scanInverse to tryInvert', async () => {
    const { calls } = await run({ scanCode39: true, readCode39AsExtendedData: true, scanInverse: true });
    for (const { options } of calls) {
      expect(options.formats).toEqual(['Code39']);
      expect(options.tryInvert).toBe(true);
    }
  });

  it('runs the thorough passes only with slowerThoroughScan and the quiet-zone passes only with nullQuietZoneAllowed', async () => {
    const plain = await run({ scanEan13: true });
    expect(plain.names).toContain('frame');
    expect(plain.names).toContain('region');
    expect(plain.names).not.toContain('rotated+30');
    expect(plain.names).not.toContain('padded');

    const thorough = await run({ scanEan13: true, slowerThoroughScan: true });
    expect(thorough.names).toEqual(expect.arrayContaining(['rotated+30', 'rotated-45', 'stretched']));
    expect(thorough.calls.length).toBeGreaterThan(plain.calls.length);

    const quiet = await run({ scanEan13: true, nullQuietZoneAllowed: true });
    expect(quiet.names).toEqual(expect.arrayContaining(['padded', 'region-quiet-zone-bars']));
  });

  it('glances with the frame as captured and its bar regions only, in the first round, thorough or not', async () => {
    const glance = await run({ scanPdf417: true, scanEan13: true, slowerThoroughScan: true }, undefined, stripedFrame(320, 200, 255, 120), 'glance');
    expect(new Set(glance.names)).toEqual(new Set(['frame', 'region']));
    expect(passPlan.filter((p) => p.glance).map((p) => p.name)).toEqual(['frame', 'region']);
    // The same frame, the whole plan: more passes and later rounds (the highlight asks for the unlifted one).
    const plan = await run({ scanPdf417: true, scanEan13: true, slowerThoroughScan: true }, undefined, stripedFrame(320, 200, 255, 120));
    expect(plan.names.some((n) => n.startsWith('restored:') || n.startsWith('unlifted:'))).toBe(true);
    expect(plan.calls.length).toBeGreaterThan(glance.calls.length);
    // What a glance reads, it reports.
    const found = await run({ scanPdf417: true }, () => [{ format: 'PDF417', text: 'ANSI 636000' }], stripedFrame(), 'glance');
    expect(found.data.stringData).toBe('ANSI 636000');
  });

  it('keeps Code 39 and Code 128 out of rescaled passes when autoScaleDetection is off', async () => {
    const lit = stripedFrame(320, 200, 255, 120);
    const on = await run({ scanCode128: true, scanEan13: true }, undefined, lit);
    const off = await run({ scanCode128: true, scanEan13: true, autoScaleDetection: false }, undefined, lit);
    // The calls of passes that rescale the image (turned frames change size without being rescaled).
    const rescaling = new Set(passPlan.filter((p) => p.rescales).map((p) => p.name));
    // And every pass of the later rounds, whose images are the frame upscaled with its detail restored
    // (the paper is clipped and the bars lifted, so the unlifted round runs too).
    const later = (name: string) => name.startsWith('restored:') || name.startsWith('unlifted:');
    expect(on.names.some((name) => name.startsWith('unlifted:'))).toBe(true);
    const rescaled = (r: typeof on) => r.calls.filter((_, i) => rescaling.has(r.names[i]!) || later(r.names[i]!));
    expect(rescaled(on).some((c) => c.options.formats!.includes('Code128'))).toBe(true);
    expect(rescaled(off).length).toBeGreaterThan(0);
    expect(rescaled(off).every((c) => !c.options.formats!.includes('Code128'))).toBe(true);
    // At the native scale it is still read.
    expect(off.calls[0]!.options.formats).toContain('Code128');
  });

  it('leaves UPC-E out of the edge-binarized and coverage-redrawn passes (where a missed faint bar spells one) and nowhere else', async () => {
    const { calls, names } = await run({ scanUpce: true, scanEan13: true }, undefined, stripedFrame(320, 200, 255, 120));
    const formatsOf = (pass: string) => calls.filter((_, i) => names[i] === pass).map((c) => c.options.formats);
    // In each round: the frame's, the one on the frame with its detail restored, and (the frame's
    // paper is clipped, its bars lifted) the one with the highlight's light taken away.
    expect(formatsOf('edge-binarized-vertical')).toEqual([['EAN13']]);
    expect(formatsOf('restored:edge-binarized-vertical')).toEqual([['EAN13']]);
    expect(formatsOf('unlifted:edge-binarized-vertical')).toEqual([['EAN13']]);
    expect(formatsOf('edge-binarized-horizontal')).toEqual([['EAN13']]);
    // The coverage redraws, in the first round only.
    expect(formatsOf('coverage-redrawn-vertical')).toEqual([['EAN13']]);
    expect(formatsOf('coverage-redrawn-wide-horizontal')).toEqual([['EAN13']]);
    expect(names.some((name) => name.endsWith(':coverage-redrawn-vertical'))).toBe(false);
    const others = calls.filter((_, i) => !/^(edge-binarized|coverage-redrawn)/.test(names[i]!.replace(/^\w+:/, '')));
    expect(others.length).toBeGreaterThan(0);
    for (const { options } of others) expect(options.formats).toContain('UPCE');
  });

  it('cuts the local-contrast image at its mid-grey in the first round only (in the restored round it took budget from later passes)', async () => {
    const { calls, names } = await run({ scanQrCode: true, scanEan13: true });
    const binarizersOf = (pass: string) => calls.filter((_, i) => names[i] === pass).map((c) => c.options.binarizer);
    expect(binarizersOf('local-contrast-fixed-threshold')).toEqual(['FixedThreshold']);
    expect(binarizersOf('local-contrast')).toEqual([undefined]);
    // The restored round ran, without it.
    expect(binarizersOf('restored:local-contrast')).toEqual([undefined]);
    expect(names).not.toContain('restored:local-contrast-fixed-threshold');
  });

  it('restores the frame for a second round, but not for Code 128 alone without autoScaleDetection (no pass could read it)', async () => {
    expect((await run({ scanCode128: true })).names.some((name) => name.startsWith('restored:'))).toBe(true);
    expect((await run({ scanCode128: true, autoScaleDetection: false })).names.some((name) => name.startsWith('restored:'))).toBe(false);
    // With another symbology asked for, the round runs for that one.
    expect((await run({ scanCode128: true, scanEan13: true, autoScaleDetection: false })).names.some((name) => name.startsWith('restored:'))).toBe(true);
  });

  it('reads a third round, with the light taken away, only where a highlight clipped the frame and nothing is certain', async () => {
    const rounds = (names: string[]) => new Set(names.map((name) => /^(\w+):/.exec(name)?.[1] ?? 'first'));
    // Paper clipped at 255 and bars a highlight lifted to grey: after the restored round, the unlifted one.
    const clipped = await run({ scanEan13: true }, undefined, stripedFrame(320, 200, 255, 120));
    expect([...rounds(clipped.names)]).toEqual(['first', 'restored', 'unlifted']);
    expect(clipped.names.indexOf('unlifted:frame')).toBeGreaterThan(clipped.names.lastIndexOf('restored:local-contrast'));
    // Paper below the clip: nothing for it to take away.
    expect([...rounds((await run({ scanEan13: true }, undefined, stripedFrame(320, 200, 240))).names)]).toEqual(['first', 'restored']);
    // A clean print on paper at 255: clipped, but its black bars were lifted by nothing.
    expect([...rounds((await run({ scanEan13: true })).names)]).toEqual(['first', 'restored']);
    // A certain read ends the plan before either later round, or in the restored round before the unlifted one.
    const certainQr: FakeRead = { format: 'QRCode', text: 'https://idlens.example', extra: '{"UEC":0.25,"ECLevel":"M"}' };
    const certain = await run({ scanQrCode: true }, () => [certainQr]);
    expect(certain.names).toEqual(['frame']);
    const firstRoundCalls = (await run({ scanQrCode: true })).names.filter((name) => !name.includes(':')).length;
    const restoredCertain = await run({ scanQrCode: true }, (call) => (call === firstRoundCalls ? [certainQr] : []));
    expect(restoredCertain.names.at(-1)).toBe('restored:frame');
    expect([...rounds(restoredCertain.names)]).toEqual(['first', 'restored']);
  });

  it('never reads more pixels than the budget (and the unlifted round and the coverage redraws their allowances), even when nothing is found', async () => {
    const pixels = (calls: FakeCall[]) => calls.reduce((sum, c) => sum + c.width * c.height, 0);
    // Paper below the clip: two rounds, within the budget.
    const unclipped = await run(
      { scanEan13: true, scanQrCode: true, slowerThoroughScan: true, nullQuietZoneAllowed: true },
      undefined,
      stripedFrame(320, 200, 240),
    );
    expect(pixels(unclipped.calls)).toBeLessThanOrEqual(passBudget.thoroughPixels);
    // A clipped frame large enough for the first two rounds to spend most of the budget: the unlifted
    // round reads beyond it, with its own allowance, and no further.
    const clipped = await run({ scanEan13: true, scanQrCode: true }, undefined, stripedFrame(630, 630, 255, 120));
    expect(clipped.names.some((name) => name.startsWith('unlifted:'))).toBe(true);
    expect(pixels(clipped.calls)).toBeGreaterThan(passBudget.defaultPixels);
    expect(pixels(clipped.calls)).toBeLessThanOrEqual(passBudget.defaultPixels + passBudget.unliftedPixels + passBudget.coveragePixels);
    // The coverage redraws read within their own allowance, apart from the shared budget.
    const coverage = clipped.calls.filter((_, i) => clipped.names[i]!.startsWith('coverage-redrawn-'));
    expect(coverage.length).toBeGreaterThan(0);
    expect(pixels(coverage)).toBeLessThanOrEqual(passBudget.coveragePixels);
    expect(pixels(clipped.calls) - pixels(coverage)).toBeLessThanOrEqual(passBudget.defaultPixels + passBudget.unliftedPixels);
  });
});

describe('readBarcode evidence', () => {
  const weak: FakeRead = { format: 'Code128', text: 'WEAK', lineCount: 2 };

  it('stops after the first pass when the read is conclusive', async () => {
    const { data, calls } = await run({ scanCode128: true }, () => [{ format: 'Code128', text: 'STRONG', lineCount: 30 }]);
    expect(calls).toHaveLength(1);
    expect(data).toMatchObject({ stringData: 'STRONG', recognitionStatus: 'VALID', uncertain: false });
  });

  it('reports a read seen on too few scan lines as UNCERTAIN, and drops it with scanUncertain false', async () => {
    const once = (call: number) => (call === 0 ? [weak] : []);
    expect((await run({ scanCode128: true }, once)).data).toMatchObject({ stringData: 'WEAK', uncertain: true, recognitionStatus: 'UNCERTAIN' });
    expect((await run({ scanCode128: true, scanUncertain: false }, once)).data.recognitionStatus).toBe('EMPTY');
  });

  it('prefers the read with more evidence over a rival at the same place', async () => {
    const right = { format: 'Code128', text: 'RIGHT', lineCount: 8 };
    const { data } = await run({ scanCode128: true }, (call) => (call === 0 ? [{ ...weak, lineCount: 3 }] : [right]));
    expect(data).toMatchObject({ stringData: 'RIGHT', recognitionStatus: 'VALID' });
  });

  it('maps points from a rescaled view back to the frame', async () => {
    // Only the 1.5× upscaled frame (480 px wide) shows the symbol.
    const qr = { format: 'QRCode', text: 'Q', box: { x: 150, y: 60, width: 90, height: 90 } };
    const { data, calls } = await run({ scanQrCode: true }, (_, seen) => (seen.width === 480 ? [qr] : []));
    expect(calls.some((c) => c.width === 480)).toBe(true);
    expect(data.detectionPoints!.points[0]).toEqual({ x: 100, y: 40 });
    expect(data.detectionPoints!.points[2]).toEqual({ x: 160, y: 100 });
  });

  it('reports UPC-E with its 8 digits and binary payloads without text', async () => {
    const upce = await run({ scanUpce: true }, () => [{ format: 'UPCE', text: '0012345000065', lineCount: 30, extra: '{"UPCE":"01234565"}' }]);
    expect(upce.data).toMatchObject({ barcodeType: 'UPC_E', stringData: '01234565', rawData: btoa('01234565') });
    const binary = await run({ scanPdf417: true }, () => [{ format: 'PDF417', text: '\u0001\u0002\u0085', contentType: 'Binary' }]);
    expect(binary.data).toMatchObject({ barcodeType: 'PDF417_BARCODE', stringData: null });
  });

  it('does not report a payload under an ECI designator zxing does not know (a misdecode)', async () => {
    const garbage = await run({ scanPdf417: true }, () => [{ format: 'PDF417', text: 'A VFAOFER PGP 416.', contentType: 'UnknownECI' }]);
    expect(garbage.data.recognitionStatus).toBe('EMPTY');
  });
});

describe('readBarcode decoding EAN and UPC from edges', () => {
  /**
   * The scene's frame read by a zxing that finds nothing anywhere: what is read comes from the engine's
   * own decoders (`reading`: the passes that read it, not the profile fit's second opinion).
   */
  async function readBlind(format: Parameters<typeof renderBarcode>[0], text: string, options: Parameters<typeof readBarcode>[2], scene: SceneOptions = {}) {
    const { frame, corners } = await composeScene(await renderBarcode(format, text, { moduleSize: 2 }), { width: 400, height: 300, seed: 4, ...scene });
    const passes: PassTrace[] = [];
    const data = await readBarcode(fakeZxing(), frame, options, (t) => passes.push(t));
    return { data, corners, reading: passes.filter((p) => p.reads.length > 0 && p.method !== 'fit-check').map((p) => p.pass) };
  }

  it('reads EAN-13, UPC-A, UPC-E and EAN-8 zxing missed, certain, with points on the symbol', async () => {
    const cases: Array<[Parameters<typeof renderBarcode>[0], string, BarcodeOptions, string, string]> = [
      ['EAN13', '9780804816632', { scanEan13: true }, 'EAN_13', '9780804816632'],
      ['UPCA', '036000291452', { scanUpca: true, scanEan13: true }, 'UPC_A', '036000291452'],
      ['UPCE', '01234565', { scanUpce: true }, 'UPC_E', '01234565'],
      ['EAN8', '96385074', { scanEan8: true }, 'EAN_8', '96385074'],
    ];
    for (const [format, text, options, type, reported] of cases) {
      const { data, corners, reading } = await readBlind(format, text, options, { angle: 4, noise: 3 });
      expect(data, format).toMatchObject({ barcodeType: type, stringData: reported, recognitionStatus: 'VALID', uncertain: false });
      expect(reading, format).toEqual(['ean-edges-vertical']);
      const xs = corners.map((c) => c.x);
      for (const p of data.detectionPoints!.points) expect(p.x).toBeGreaterThan(Math.min(...xs) - 4);
      for (const p of data.detectionPoints!.points) expect(p.x).toBeLessThan(Math.max(...xs) + 4);
    }
    // Bars horizontal: read along columns.
    const turned = await readBlind('EAN13', '9780804816632', { scanEan13: true }, { angle: 90 });
    expect(turned.data.stringData).toBe('9780804816632');
    expect(turned.reading).toEqual(['ean-edges-horizontal']);
  });

  it('does not report a symbology the client did not ask for', async () => {
    expect((await readBlind('UPCE', '01234565', { scanEan13: true, scanUpca: true })).data.recognitionStatus).toBe('EMPTY');
    expect((await readBlind('EAN8', '96385074', { scanEan13: true })).data.recognitionStatus).toBe('EMPTY');
    expect((await readBlind('UPCA', '036000291452', { scanEan13: true })).data).toMatchObject({ barcodeType: 'EAN_13', stringData: '0036000291452' });
  });
});
