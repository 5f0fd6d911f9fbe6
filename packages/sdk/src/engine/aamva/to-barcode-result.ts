import type { DateResult } from '../../api/common.ts';
import type {
  AddressDetailedInfo,
  BarcodeDriverLicenseDetailedInfo,
  BarcodeElementKey,
  BarcodeElementKeyName,
  BarcodeResult,
  BarcodeVehicleClassInfo,
} from '../../api/id-barcode.ts';
import { dateOrderFor, parseAamvaDate, type AamvaDateOrder } from './aamva-dates.ts';
import { findElementSpec } from './aamva-elements.ts';
import { jurisdictionByCode, jurisdictionByIin, type AamvaCountry, type AamvaJurisdiction } from './aamva-jurisdictions.ts';
import { fullNameOf, parseName, type PersonName } from './aamva-names.ts';
import { meaningfulText, normalizePostalCode, parseHeight, sexOf, weightKeyOf } from './aamva-values.ts';
import { emptyBarcodeResult } from './empty-barcode-result.ts';
import type { AamvaDocument } from './read-aamva-document.ts';

type TextField = 'documentNumber' | 'race' | 'placeOfBirth';
type DateField = 'dateOfBirth' | 'dateOfIssue' | 'dateOfExpiry';
type LicenceField = 'vehicleClass' | 'restrictions' | 'endorsements';
type AddressPart = 'street' | 'street2' | 'city' | 'jurisdiction' | 'postalCode';

/** Result fields copied from the element carrying a key (trimmed, otherwise as encoded). */
const textFieldSources: ReadonlyArray<readonly [TextField, BarcodeElementKeyName]> = [
  ['documentNumber', 'CUSTOMER_ID_NUMBER'],
  ['race', 'RACE_ETHNICITY'],
  ['placeOfBirth', 'PLACE_OF_BIRTH'],
];

const dateFieldSources: ReadonlyArray<readonly [DateField, BarcodeElementKeyName]> = [
  ['dateOfBirth', 'DATE_OF_BIRTH'],
  ['dateOfIssue', 'DOCUMENT_ISSUE_DATE'],
  ['dateOfExpiry', 'DOCUMENT_EXPIRATION_DATE'],
];

/** The jurisdiction's own codes (DCA/DCB/DCD, DAR/DAS/DAT in version 1), as printed on the card. */
const licenceFieldSources: ReadonlyArray<readonly [LicenceField, BarcodeElementKeyName]> = [
  ['vehicleClass', 'JURISDICTION_VEHICLE_CLASS'],
  ['restrictions', 'JURISDICTION_RESTRICTION_CODES'],
  ['endorsements', 'JURISDICTION_ENDORSEMENT_CODES'],
];

/** Address parts: the mailing address, or the residence address (version 1) where a mailing part is empty. */
const addressPartSources: ReadonlyArray<readonly [AddressPart, readonly BarcodeElementKeyName[]]> = [
  ['street', ['ADDRESS_STREET', 'RESIDENCE_STREET_ADDRESS']],
  ['street2', ['ADDRESS_STREET_2', 'RESIDENCE_STREET_ADDRESS_2']],
  ['city', ['ADDRESS_CITY', 'RESIDENCE_CITY']],
  ['jurisdiction', ['ADDRESS_JURISDICTION_CODE', 'RESIDENCE_JURISDICTION_CODE']],
  ['postalCode', ['ADDRESS_POSTAL_CODE', 'RESIDENCE_POSTAL_CODE']],
];

/** Standard (not jurisdiction-specific) class codes that become `vehicleClassesInfo` entries. */
const vehicleClassSources: readonly BarcodeElementKeyName[] = ['STANDARD_VEHICLE_CLASSIFICATION', 'FEDERAL_COMMERCIAL_VEHICLE_CODES'];

/**
 * Builds the result from a read AAMVA document; `parsed` is true when a DL/ID subfile had elements
 * the standard defines.
 * `rawDataBase64` and `stringData` are left for the caller, who has the bytes.
 */
export function toBarcodeResult(document: AamvaDocument): BarcodeResult {
  const { header, documentElements } = document;
  const valueOfId = firstValues(documentElements.map((e) => [e.id, e.value] as const));
  const valueOfKey = firstValues(
    documentElements.flatMap((e) => {
      const key = findElementSpec(e.id, header.aamvaVersion)?.key;
      return key ? [[key, e.value] as const] : [];
    }),
  );
  const key = (name: BarcodeElementKeyName) => valueOfKey.get(name) ?? null;

  const jurisdiction = jurisdictionByIin(header.iin) ?? jurisdictionByCode(key('ADDRESS_JURISDICTION_CODE'));
  const declaredCountry = countryCodeOf(key('COUNTRY_IDENTIFICATION'));
  const country = jurisdiction?.country ?? (declaredCountry === 'USA' || declaredCountry === 'CAN' ? declaredCountry : null);
  const dateOrder = dateOrderFor(country, header.aamvaVersion);
  const name = parseName((id) => valueOfId.get(id) ?? null);
  const address = readAddress(key, country);

  return {
    ...emptyBarcodeResult(),
    firstName: name.first,
    lastName: name.last,
    middleName: name.middle,
    fullName: fullNameOf(name),
    address: address.oneLine,
    nationality: declaredCountry ?? country,
    sex: sexOf(key('SEX')),
    issuingAuthority: jurisdiction?.name ?? null,
    ...copyTextFields(key), // documentNumber, race, placeOfBirth
    ...readDates(key, dateOrder),
    addressDetailedInfo: address.detailed,
    driverLicenseDetailedInfo: readLicence(key),
    extendedElements: extendedElementsOf(document, jurisdiction, name),
    // Elements the standard does not define (e.g. garbage that happened to start with three letters) do not count.
    parsed: documentElements.some((e) => findElementSpec(e.id, header.aamvaVersion) !== undefined),
  };
}

/** First non-empty value per name. */
function firstValues(pairs: ReadonlyArray<readonly [string, string]>): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (value !== '' && !values.has(name)) values.set(name, value);
  }
  return values;
}

type KeyLookup = (name: BarcodeElementKeyName) => string | null;

function copyTextFields(key: KeyLookup): Record<TextField, string | null> {
  return Object.fromEntries(textFieldSources.map(([field, source]) => [field, key(source)])) as Record<TextField, string | null>;
}

function readDates(key: KeyLookup, order: AamvaDateOrder): Record<DateField, DateResult | null> {
  return Object.fromEntries(
    dateFieldSources.map(([field, source]) => {
      const value = key(source);
      return [field, value === null ? null : parseAamvaDate(value, order)];
    }),
  ) as Record<DateField, DateResult | null>;
}

function readAddress(key: KeyLookup, country: AamvaCountry | null): { detailed: AddressDetailedInfo | null; oneLine: string | null } {
  const part = Object.fromEntries(
    addressPartSources.map(([field, sources]) => [field, sources.map((s) => meaningfulText(key(s))).find((v) => v != null) ?? null]),
  ) as Record<AddressPart, string | null>;
  const street2 = repeatsCityLine(part.street2, part) ? null : part.street2;
  const street = [part.street, street2].filter((p) => p !== null).join(', ') || null;
  const postalCode = normalizePostalCode(part.postalCode, country);
  if (street === null && part.city === null && part.jurisdiction === null && postalCode === null) {
    return { detailed: null, oneLine: null };
  }
  const region = [part.jurisdiction, postalCode].filter((p) => p !== null).join(' ') || null;
  return {
    detailed: { street, postalCode, city: part.city, jurisdiction: part.jurisdiction },
    oneLine: [street, part.city, region].filter((p) => p !== null).join(', '),
  };
}

/** Some issuers (Wyoming) fill street line 2 with the city, jurisdiction and ZIP again. */
function repeatsCityLine(street2: string | null, part: Record<AddressPart, string | null>): boolean {
  const squash = (v: string | null) => (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return street2 !== null && part.city !== null && squash(street2).startsWith(squash(part.city) + squash(part.jurisdiction));
}

function readLicence(key: KeyLookup): BarcodeDriverLicenseDetailedInfo | null {
  const fields = Object.fromEntries(licenceFieldSources.map(([field, source]) => [field, key(source)])) as Record<LicenceField, string | null>;
  const vehicleClassesInfo: BarcodeVehicleClassInfo[] = vehicleClassSources
    .flatMap((source) => (key(source) ?? '').split(/[\s,]+/))
    .filter((code) => code !== '' && code.toUpperCase() !== 'NONE')
    .map((vehicleClass) => ({ vehicleClass, licenceType: null, effectiveDate: null, expiryDate: null }));
  if (Object.values(fields).every((v) => v === null) && vehicleClassesInfo.length === 0) return null;
  return { ...fields, conditions: null, vehicleClassesInfo };
}

/** ISO alpha-3 country from DCG (`USA`, `CAN`); null when absent or malformed. */
function countryCodeOf(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

function prefixed(name: BarcodeElementKeyName): BarcodeElementKey {
  return `BARCODE_ELEMENT_KEY_${name}`;
}

/**
 * The header's facts, then every DL/ID element that has a key — empty ones too: an empty element
 * is present in the payload and says something (e.g. DAD empty: no middle name) — then values derived from composite elements where the payload has no element of their
 * own: name parts read from a full name (DAA) or given names (DCT), and the height under its unit's
 * key. Jurisdiction-specific (Z) elements have no key in the spec; they remain in `stringData`.
 */
function extendedElementsOf(document: AamvaDocument, jurisdiction: AamvaJurisdiction | undefined, name: PersonName): BarcodeResult['extendedElements'] {
  const { header, documentElements } = document;
  const entries: Array<[BarcodeElementKeyName, string | null]> = [
    ['DOCUMENT_TYPE', 'AAMVA'],
    ['STANDARD_VERSION_NUMBER', header.aamvaVersion === null ? null : String(header.aamvaVersion)],
    ['JURISDICTION_VERSION_NUMBER', header.jurisdictionVersion === null ? null : String(header.jurisdictionVersion)],
    ['ISSUER_IDENTIFICATION_NUMBER', header.iin],
    ['ISSUING_JURISDICTION', jurisdiction?.code ?? null],
    ['ISSUING_JURISDICTION_NAME', jurisdiction?.name ?? null],
  ];

  for (const element of documentElements) {
    const spec = findElementSpec(element.id, header.aamvaVersion);
    if (!spec?.key) continue;
    entries.push([spec.kind === 'weight' ? weightKeyOf(element.value, spec.key) : spec.key, element.value]);
  }

  const height = parseHeight(documentElements.find((e) => e.id === 'DAU')?.value ?? null);
  const derived: Array<[BarcodeElementKeyName, string | null]> = [
    ['CUSTOMER_FAMILY_NAME', name.last],
    ['CUSTOMER_FIRST_NAME', name.first],
    ['CUSTOMER_MIDDLE_NAME', name.middle],
    ['NAME_SUFFIX', name.suffix],
    ['HEIGHT_IN', height && 'inches' in height ? String(height.inches) : null],
    ['HEIGHT_CM', height && 'centimetres' in height ? String(height.centimetres) : null],
  ];
  const present = new Set(entries.map(([k]) => k));
  entries.push(...derived.filter(([k]) => !present.has(k)));

  return entries.filter((e): e is [BarcodeElementKeyName, string] => e[1] !== null).map(([k, value]) => ({ key: prefixed(k), value }));
}
