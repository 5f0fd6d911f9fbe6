import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { specimens } from '../../packages/sdk/src/engine/mrz/mrz-specimens.fixture.ts';
import { renderMrzPage } from '../support/mrz-render.ts';

// Rendered pages in OCR-B (Debian fonts-ocr-b) read end to end by the engine with onnxruntime-node.
const now = () => new Date(Date.UTC(2026, 5, 15));
let engine: Engine;

beforeAll(async () => {
  engine = createEngine({ ...(await loadEngineRuntimes({ threads: 2 })), now });
});

describe('document reading through the MRZ (rendered pages)', () => {
  it('reads a TD3 passport page: every field, dates, class info, mrzData', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD3) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.processingStatus).toBe('SUCCESS');
    expect(data.mrzData).toMatchObject({ mrzType: 'TD3', verified: true, documentCode: 'P', issuer: 'UTO', documentNumber: 'L898902C3', primaryId: 'ERIKSSON', secondaryId: 'ANNA MARIA', gender: 'F', opt1: 'ZE184226B' });
    expect(data.mrzData!.rawMrzString).toBe(specimens.TD3.join('\n'));
    expect(data.lastName?.latin).toBe('ERIKSSON');
    expect(data.firstName?.latin).toBe('ANNA MARIA');
    expect(data.fullName?.latin).toBe('ANNA MARIA ERIKSSON');
    expect(data.documentNumber?.latin).toBe('L898902C3');
    expect(data.personalIdNumber?.latin).toBe('ZE184226B');
    expect(data.nationality?.latin).toBe('UTO');
    expect(data.sex?.latin).toBe('F');
    expect(data.dateOfBirth).toMatchObject({ year: 1974, month: 8, day: 12, successfullyParsed: true });
    expect(data.dateOfBirth!.originalString!.latin).toBe('740812');
    expect(data.dateOfExpiry).toMatchObject({ year: 2012, month: 4, day: 15 });
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_UTOPIA', region: 'REGION_NONE', type: 'TYPE_PASSPORT' });
    expect(data.documentNumber!.latinLocation!.dimensions.width).toBeGreaterThan(0);
    expect(data.age).toBe(51);
  });

  it('finds a TD1 zone on a card turned by 12°', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD1, { rotate: 12, width: 800 }) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'D23145890', issuer: 'UTO' });
    expect(data.documentClassInfo?.type).toBe('TYPE_ID');
  });

  it('reads a TD2 zone seen in perspective', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD2, { perspective: 0.1 }) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.mrzData).toMatchObject({ mrzType: 'TD2', documentNumber: 'D23145890' });
  });

  it('reads the MRZ from the back side of a two-sided card and compares both sides', async () => {
    const front = await renderMrzPage(['ERIKSSON  ANNA MARIA'], { width: 800 }); // no MRZ-like lines
    const back = await renderMrzPage(specimens.TD1, { width: 800 });
    const data = await engine.document({ first: front, second: back }, { returnFullDocumentImage: true });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.documentNumber?.latinLocation?.side).toBe('SECOND');
    expect(data.fullDocumentSecondSideImage?.image).toBeTruthy();
    const meta = await sharp(Buffer.from(data.fullDocumentSecondSideImage!.image, 'base64')).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width! / meta.height!).toBeCloseTo(85.6 / 53.98, 1);
  });

  it('honours anonymization, age limit and character validation', async () => {
    const page = await renderMrzPage(specimens.TD3);
    const anonymized = await engine.document({ first: page }, { anonymizationMode: 'RESULT_FIELDS_ONLY', ageLimit: 60 });
    expect(anonymized.documentNumber).toBeNull();
    expect(anonymized.personalIdNumber).toBeNull();
    expect(anonymized.mrzData!.documentNumber).toBe('');
    expect(anonymized.mrzData!.rawMrzString).not.toContain('L898902C3');
    expect(anonymized.lastName?.latin).toBe('ERIKSSON');
    expect(anonymized.isBelowAgeLimit).toBe(true);

    // A misprinted birth-date check digit: the date is withheld, the rest stays, status UNCERTAIN.
    const misprinted = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408125')];
    const uncertain = await engine.document({ first: await renderMrzPage(misprinted) });
    expect(uncertain.recognitionStatus).toBe('UNCERTAIN');
    expect(uncertain.mrzData!.verified).toBe(false);
    expect(uncertain.dateOfBirth).toBeNull();
    expect(uncertain.additionalProcessingInfo!.invalidCharacterFields).toContain('dateOfBirth');
    expect(uncertain.documentNumber?.latin).toBe('L898902C3');
    const unvalidated = await engine.document({ first: await renderMrzPage(misprinted) }, { enableCharacterValidation: false });
    expect(unvalidated.dateOfBirth?.originalString?.latin).toBe('740812');
  });

  it('answers EMPTY for a page without an MRZ', async () => {
    const data = await engine.document({ first: await renderMrzPage(['HELLO WORLD'], { viz: ['Nothing to see'] }) });
    expect(data.recognitionStatus).toBe('EMPTY');
    expect(data.mrzData).toBeNull();
  });
});
