/**
 * Labels printed before the expiry date, in the languages cards commonly use (upper case, as OCR
 * reads card text). A date after one of these is the expiry even when the card also shows a
 * "valid from" or "member since" date. Labels that mark the *other* dates are listed too, so that
 * those dates are never taken for the expiry.
 */
export const expiryLabels: readonly string[] = [
  'VALID THRU',
  'VALID THROUGH',
  'VALID TO',
  'VALID UNTIL',
  'GOOD THRU',
  'GOOD THROUGH',
  'EXPIRES',
  'EXPIRY',
  'EXPIRATION',
  'EXP DATE',
  'EXP',
  'GÜLTIG BIS',
  'GULTIG BIS',
  'GILTIG TILL',
  'GYLDIG TIL',
  'GELDIG TOT',
  'VALABLE JUSQU',
  'VALABLE',
  'FIN VALIDITE',
  'EXPIRE',
  "DATE D'EXPIRATION",
  'VÁLIDO HASTA',
  'VALIDO HASTA',
  'VENCE',
  'VENCIMIENTO',
  'VÁLIDO ATÉ',
  'VALIDO ATE',
  'VALIDADE',
  'VALIDA FINO',
  'VALIDO FINO',
  'SCADENZA',
  'WAŻNA DO',
  'WAZNA DO',
  'PLATNOST DO',
  'PLATÍ DO',
  'ERVÉNYES',
  'VOIMASSA',
  'ГОДЕН ДО',
  'SON KULLANMA',
  'GEÇERLİLİK',
];

/** Labels of dates that are not the expiry (valid from, member since). */
export const otherDateLabels: readonly string[] = [
  'VALID FROM',
  'MEMBER SINCE',
  'MEMBER',
  'SINCE',
  'GÜLTIG AB',
  'GULTIG AB',
  'VALABLE DES',
  'VALABLE DÈS',
  'DESDE',
  'FROM',
  'ISSUED',
];
