/** ISO 3166-1 alpha-3 codes of the countries whose licences carry AAMVA barcodes. */
export type AamvaCountry = 'USA' | 'CAN' | 'MEX';

/** An issuing jurisdiction and the Issuer Identification Number (IIN) AAMVA assigned to it. */
export interface AamvaJurisdiction {
  iin: string;
  /** Postal abbreviation as printed on the card and used in DAJ; null where none exists. */
  code: string | null;
  name: string;
  country: AamvaCountry;
}

/**
 * AAMVA's Issuer Identification Number list (aamva.org, "IIN and RID"). 990876 is the non-ISO number
 * Alberta used on older cards.
 */
export const aamvaJurisdictions: readonly AamvaJurisdiction[] = [
  { iin: '636033', code: 'AL', name: 'Alabama', country: 'USA' },
  { iin: '636059', code: 'AK', name: 'Alaska', country: 'USA' },
  { iin: '604427', code: 'AS', name: 'American Samoa', country: 'USA' },
  { iin: '636026', code: 'AZ', name: 'Arizona', country: 'USA' },
  { iin: '636021', code: 'AR', name: 'Arkansas', country: 'USA' },
  { iin: '636014', code: 'CA', name: 'California', country: 'USA' },
  { iin: '636020', code: 'CO', name: 'Colorado', country: 'USA' },
  { iin: '636006', code: 'CT', name: 'Connecticut', country: 'USA' },
  { iin: '636011', code: 'DE', name: 'Delaware', country: 'USA' },
  { iin: '636043', code: 'DC', name: 'District of Columbia', country: 'USA' },
  { iin: '636010', code: 'FL', name: 'Florida', country: 'USA' },
  { iin: '636055', code: 'GA', name: 'Georgia', country: 'USA' },
  { iin: '636019', code: 'GU', name: 'Guam', country: 'USA' },
  { iin: '636047', code: 'HI', name: 'Hawaii', country: 'USA' },
  { iin: '636050', code: 'ID', name: 'Idaho', country: 'USA' },
  { iin: '636035', code: 'IL', name: 'Illinois', country: 'USA' },
  { iin: '636037', code: 'IN', name: 'Indiana', country: 'USA' },
  { iin: '636018', code: 'IA', name: 'Iowa', country: 'USA' },
  { iin: '636022', code: 'KS', name: 'Kansas', country: 'USA' },
  { iin: '636046', code: 'KY', name: 'Kentucky', country: 'USA' },
  { iin: '636007', code: 'LA', name: 'Louisiana', country: 'USA' },
  { iin: '636041', code: 'ME', name: 'Maine', country: 'USA' },
  { iin: '636003', code: 'MD', name: 'Maryland', country: 'USA' },
  { iin: '636002', code: 'MA', name: 'Massachusetts', country: 'USA' },
  { iin: '636032', code: 'MI', name: 'Michigan', country: 'USA' },
  { iin: '636038', code: 'MN', name: 'Minnesota', country: 'USA' },
  { iin: '636051', code: 'MS', name: 'Mississippi', country: 'USA' },
  { iin: '636030', code: 'MO', name: 'Missouri', country: 'USA' },
  { iin: '636008', code: 'MT', name: 'Montana', country: 'USA' },
  { iin: '636054', code: 'NE', name: 'Nebraska', country: 'USA' },
  { iin: '636049', code: 'NV', name: 'Nevada', country: 'USA' },
  { iin: '636039', code: 'NH', name: 'New Hampshire', country: 'USA' },
  { iin: '636036', code: 'NJ', name: 'New Jersey', country: 'USA' },
  { iin: '636009', code: 'NM', name: 'New Mexico', country: 'USA' },
  { iin: '636001', code: 'NY', name: 'New York', country: 'USA' },
  { iin: '636004', code: 'NC', name: 'North Carolina', country: 'USA' },
  { iin: '636034', code: 'ND', name: 'North Dakota', country: 'USA' },
  { iin: '604430', code: 'MP', name: 'Northern Mariana Islands', country: 'USA' },
  { iin: '636023', code: 'OH', name: 'Ohio', country: 'USA' },
  { iin: '636058', code: 'OK', name: 'Oklahoma', country: 'USA' },
  { iin: '636029', code: 'OR', name: 'Oregon', country: 'USA' },
  { iin: '636025', code: 'PA', name: 'Pennsylvania', country: 'USA' },
  { iin: '604431', code: 'PR', name: 'Puerto Rico', country: 'USA' },
  { iin: '636052', code: 'RI', name: 'Rhode Island', country: 'USA' },
  { iin: '636005', code: 'SC', name: 'South Carolina', country: 'USA' },
  { iin: '636042', code: 'SD', name: 'South Dakota', country: 'USA' },
  { iin: '636053', code: 'TN', name: 'Tennessee', country: 'USA' },
  { iin: '636015', code: 'TX', name: 'Texas', country: 'USA' },
  { iin: '636027', code: null, name: 'U.S. Department of State', country: 'USA' },
  { iin: '636062', code: 'VI', name: 'U.S. Virgin Islands', country: 'USA' },
  { iin: '636040', code: 'UT', name: 'Utah', country: 'USA' },
  { iin: '636024', code: 'VT', name: 'Vermont', country: 'USA' },
  { iin: '636000', code: 'VA', name: 'Virginia', country: 'USA' },
  { iin: '636045', code: 'WA', name: 'Washington', country: 'USA' },
  { iin: '636061', code: 'WV', name: 'West Virginia', country: 'USA' },
  { iin: '636031', code: 'WI', name: 'Wisconsin', country: 'USA' },
  { iin: '636060', code: 'WY', name: 'Wyoming', country: 'USA' },

  { iin: '604432', code: 'AB', name: 'Alberta', country: 'CAN' },
  { iin: '990876', code: 'AB', name: 'Alberta', country: 'CAN' },
  { iin: '636028', code: 'BC', name: 'British Columbia', country: 'CAN' },
  { iin: '636048', code: 'MB', name: 'Manitoba', country: 'CAN' },
  { iin: '636017', code: 'NB', name: 'New Brunswick', country: 'CAN' },
  { iin: '636016', code: 'NL', name: 'Newfoundland and Labrador', country: 'CAN' },
  { iin: '604434', code: 'NT', name: 'Northwest Territories', country: 'CAN' },
  { iin: '636013', code: 'NS', name: 'Nova Scotia', country: 'CAN' },
  { iin: '604433', code: 'NU', name: 'Nunavut', country: 'CAN' },
  { iin: '636012', code: 'ON', name: 'Ontario', country: 'CAN' },
  { iin: '604426', code: 'PE', name: 'Prince Edward Island', country: 'CAN' },
  { iin: '604428', code: 'QC', name: 'Quebec', country: 'CAN' },
  { iin: '636044', code: 'SK', name: 'Saskatchewan', country: 'CAN' },
  { iin: '604429', code: 'YT', name: 'Yukon', country: 'CAN' },

  { iin: '636056', code: 'COA', name: 'Coahuila', country: 'MEX' },
  { iin: '636057', code: 'HID', name: 'Hidalgo', country: 'MEX' },
];

/** The jurisdiction an IIN was assigned to. */
export function jurisdictionByIin(iin: string | null): AamvaJurisdiction | undefined {
  return iin === null ? undefined : aamvaJurisdictions.find((j) => j.iin === iin);
}

/** The jurisdiction with a postal abbreviation (e.g. from DAJ when the IIN is unknown). */
export function jurisdictionByCode(code: string | null): AamvaJurisdiction | undefined {
  if (code === null) return undefined;
  const wanted = code.trim().toUpperCase();
  return aamvaJurisdictions.find((j) => j.code === wanted);
}
