import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { decodeFrame } from '../support/document-scene.ts';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { renderLicenceBack, renderLicenceFront, sampleLicenceHolder } from '../support/licence-render.ts';
import { renderMrzPage } from '../support/mrz-render.ts';

// The caller's per-class options (documentFilter, customDocumentRules, customDocumentAnonymizationSettings)
// applied to documents read end to end: an MRZ passport page and a two-sided US licence.
const now = () => new Date(Date.UTC(2026, 5, 15));
let engine: Engine;

beforeAll(async () => {
  engine = createEngine({ ...(await loadEngineRuntimes({ threads: 2 })), now });
});

const holder = sampleLicenceHolder;

describe('documents: per-class options', () => {
  it('returns a document of another class than documentFilter names as CLASS_FILTERED with its class and nothing read', async () => {
    const page = await renderMrzPage(specimens.TD3);
    const passports = await engine.document({ first: page }, { documentFilter: { type: 'TYPE_PASSPORT' } });
    expect(passports.recognitionStatus).toBe('VALID');
    expect(passports.lastName?.latin).toBe('ERIKSSON');

    const licencesOnly = await engine.document({ first: page }, { documentFilter: { type: 'TYPE_DL' }, returnFullDocumentImage: true });
    expect(licencesOnly.processingStatus).toBe('CLASS_FILTERED');
    expect(licencesOnly.recognitionStatus).toBe('EMPTY');
    expect(licencesOnly.documentClassInfo?.type).toBe('TYPE_PASSPORT');
    expect(licencesOnly.lastName).toBeNull();
    expect(licencesOnly.mrzData).toBeNull();
    expect(licencesOnly.fullDocumentFirstSideImage).toBeNull();
  });

  it('makes a document UNCERTAIN (MANDATORY_FIELD_MISSING) when a field its class’s rule requires is missing', async () => {
    const page = await renderMrzPage(specimens.TD3);
    const rule = (fieldType: string, alphabetType?: 'CYRILLIC') => ({
      customDocumentRules: [{ documentFilter: { type: 'TYPE_PASSPORT' }, fields: [{ fieldType: 'DOCUMENT_NUMBER' }, { fieldType, alphabetType }] }],
    });
    const met = await engine.document({ first: page }, rule('dateOfBirth'));
    expect(met.recognitionStatus).toBe('VALID');
    const unmet = await engine.document({ first: page }, rule('ADDRESS'));
    expect(unmet.recognitionStatus).toBe('UNCERTAIN');
    expect(unmet.processingStatus).toBe('MANDATORY_FIELD_MISSING');
    expect(unmet.additionalProcessingInfo?.missingMandatoryFields).toEqual(['address']);
    expect(unmet.documentNumber?.latin).toBe('L898902C3');
    const cyrillic = await engine.document({ first: page }, rule('lastName', 'CYRILLIC'));
    expect(cyrillic.additionalProcessingInfo?.missingMandatoryFields).toEqual(['lastName']);
  });

  it('anonymizes the fields a class’s settings name in the result and the MRZ, keeping the number’s visible ends', async () => {
    const data = await engine.document(
      { first: await renderMrzPage(specimens.TD3) },
      {
        anonymizationMode: 'RESULT_FIELDS_ONLY',
        customDocumentAnonymizationSettings: [
          { documentFilter: { type: 'TYPE_ID' }, fields: ['FIRST_NAME'] },
          {
            documentFilter: { type: 'TYPE_PASSPORT' },
            fields: ['DATE_OF_BIRTH', 'LAST_NAME'],
            documentNumberAnonymizationSettings: { prefixDigitsVisible: 2, suffixDigitsVisible: 1 },
          },
        ],
      },
    );
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.documentNumber?.latin).toBe('L8******3');
    expect(data.lastName).toBeNull();
    expect(data.fullName).toBeNull();
    expect(data.dateOfBirth).toBeNull();
    expect(data.firstName?.latin).toBe('ANNA MARIA');
    // The settings replace the default list: the personal number stays.
    expect(data.personalIdNumber?.latin).toBe('ZE184226B');
    expect(data.mrzData).toMatchObject({ documentNumber: 'L8******3', primaryId: '', secondaryId: 'ANNA MARIA', dateOfBirth: null });
    for (const secret of ['ERIKSSON', 'L898902C3', '740812']) expect(JSON.stringify(data)).not.toContain(secret);
  });

  it('anonymizes a licence read from barcode and print: barcodeData, its payload text, and the printed values painted out of the image', async () => {
    const sides = { first: await renderLicenceFront(holder), second: await renderLicenceBack(holder) };
    const data = await engine.document(sides, {
      anonymizationMode: 'FULL_RESULT',
      returnFullDocumentImage: true,
      customDocumentAnonymizationSettings: [
        {
          documentFilter: { country: 'COUNTRY_USA', type: 'TYPE_DL' },
          fields: ['lastName', 'dateOfBirth'],
          documentNumberAnonymizationSettings: { prefixDigitsVisible: 2, suffixDigitsVisible: 2 },
        },
      ],
    });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.documentNumber?.latin).toBe('T6*****35');
    expect(data.barcodeData?.documentNumber).toBe('T6*****35');
    expect(data.barcodeData?.extendedElements.find((e) => e.key === 'BARCODE_ELEMENT_KEY_CUSTOMER_ID_NUMBER')?.value).toBe('T6*****35');
    expect(data.barcodeData?.lastName).toBeNull();
    expect(data.barcodeData?.rawDataBase64).toBeNull();
    expect(data.barcodeData?.stringData).toContain('DAQT6*****35');
    expect(data.firstName?.latin).toBe('ANDREW JASON');
    for (const secret of ['SAMPLE', 'T64271935', '07141986', '1986'])
      expect(JSON.stringify({ ...data, fullDocumentFirstSideImage: null, fullDocumentSecondSideImage: null })).not.toContain(secret);
    // Read back, the returned front shows the first name but neither surname, birth date nor the hidden digits.
    const front = await decodeFrame(Buffer.from(data.fullDocumentFirstSideImage!.image, 'base64'));
    const reread = await engine.document({ first: front }, { scanCroppedDocumentImage: true });
    expect(reread.firstName?.latin).toBe('ANDREW JASON');
    expect(reread.lastName?.latin ?? '').not.toContain('SAMPLE');
    expect(reread.dateOfBirth).toBeNull();
    expect(reread.documentNumber?.latin ?? '').not.toContain('4271');
  });
});
