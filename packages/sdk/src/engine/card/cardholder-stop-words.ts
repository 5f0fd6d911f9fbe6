/**
 * Words that appear on cards but are never part of a cardholder's name: networks, tiers, product
 * and bank words, labels and legal text. A line containing any of them is not the name.
 */
export const cardholderStopWords: ReadonlySet<string> = new Set([
  // networks and products
  'VISA', 'MASTERCARD', 'MASTER', 'MAESTRO', 'CIRRUS', 'ELECTRON', 'AMERICAN', 'EXPRESS', 'AMEX', 'DISCOVER', 'DINERS', 'CLUB', 'JCB',
  'UNIONPAY', 'UNION', 'PAY', 'RUPAY', 'ELO', 'INTERAC', 'VERVE', 'MIR', 'PAYPASS', 'PAYWAVE', 'CONTACTLESS', 'CHIP',
  // tiers
  'CLASSIC', 'STANDARD', 'GOLD', 'SILVER', 'PLATINUM', 'TITANIUM', 'BLACK', 'SIGNATURE', 'INFINITE', 'WORLD', 'ELITE', 'PREMIER',
  'PREMIUM', 'PLUS', 'PRESTIGE', 'CENTURION', 'RESERVE', 'SAPPHIRE', 'PREFERRED', 'REWARDS', 'CASHBACK', 'MILES', 'SELECT',
  // card kinds
  'CARD', 'CARTE', 'KARTE', 'TARJETA', 'CARTAO', 'CARTA', 'KARTA', 'DEBIT', 'DEBITO', 'DÉBITO', 'CREDIT', 'CREDITO', 'CRÉDITO',
  'PREPAID', 'GIFT', 'BUSINESS', 'CORPORATE', 'COMMERCIAL', 'PURCHASING', 'VIRTUAL', 'LOYALTY', 'MEMBER', 'MEMBERSHIP',
  // banks
  'BANK', 'BANCO', 'BANQUE', 'BANCA', 'BANKA', 'SPARKASSE', 'VOLKSBANK', 'RAIFFEISEN', 'SAVINGS', 'TRUST', 'FINANCIAL', 'FINANCE',
  'CAPITAL', 'FEDERAL', 'NATIONAL', 'CREDITUNION', 'BANKING', 'BANKCARD', 'PAYMENTS',
  // labels and legal text
  'VALID', 'THRU', 'THROUGH', 'GOOD', 'FROM', 'UNTIL', 'SINCE', 'EXPIRES', 'EXPIRY', 'EXP', 'DATE', 'MONTH', 'YEAR', 'NAME',
  'AUTHORIZED', 'AUTHORISED', 'SIGNATURE', 'NOT', 'UNLESS', 'SIGNED', 'TRANSFERABLE', 'CUSTOMER', 'SERVICE', 'CALL', 'PHONE',
  'ISSUED', 'ISSUER', 'PROPERTY', 'RETURN', 'ONLY', 'USE', 'WWW', 'COM', 'THE', 'OF', 'AND', 'FOR', 'IN', 'BY', 'TO',
  'GÜLTIG', 'GULTIG', 'BIS', 'VALABLE', 'HASTA', 'ATE', 'FINO', 'TILL', 'TIL', 'TOT', 'INTERNATIONAL', 'ONLINE', 'SECURE',
  'RECIPIENT', 'HOLDER', 'CARDHOLDER',
]);
