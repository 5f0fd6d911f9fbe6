import { beforeAll, describe, expect, it } from 'vitest';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { toBase64 } from '../support/fixtures.ts';
import { framePng, renderMrzPage } from '../support/mrz-render.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * Multi-side is the endpoint called, not the number of images: a /document-multi-side request with
 * only the first side follows the multi-side rule for an uncertain first side
 * (allowUncertainFirstSideScan), while /document-single-side answers with what it read.
 */
describe('document endpoints with one image', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let misprintedPage: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A date-of-birth check digit no correction can satisfy: the zone reads, but UNCERTAIN.
    const lines = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408125')];
    misprintedPage = toBase64(await framePng(await renderMrzPage(lines)));
  });

  it('withholds the fields of an uncertain first side on /document-multi-side unless allowUncertainFirstSideScan', async () => {
    const withheld = await t.post('/document-multi-side', { imageFirstSide: { imageBase64: misprintedPage } });
    expect(withheld.status).toBe(200);
    expect(withheld.json.data.recognitionStatus).toBe('UNCERTAIN');
    expect(withheld.json.data.mrzData.documentNumber).toBe('L898902C3');
    expect(withheld.json.data.lastName).toBeNull();

    const allowed = await t.post('/document-multi-side', { imageFirstSide: { imageBase64: misprintedPage }, allowUncertainFirstSideScan: true });
    expect(allowed.json.data.lastName.latin).toBe('ERIKSSON');
  });

  it('answers with the uncertain reading on /document-single-side', async () => {
    const single = await t.post('/document-single-side', { image: { imageBase64: misprintedPage } });
    expect(single.status).toBe(200);
    expect(single.json.data.recognitionStatus).toBe('UNCERTAIN');
    expect(single.json.data.lastName.latin).toBe('ERIKSSON');
  });
});
