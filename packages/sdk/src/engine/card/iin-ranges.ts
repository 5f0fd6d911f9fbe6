import type { CardIssuer } from '../../api/card.ts';

/**
 * Issuer identification number ranges of the networks idlens names, from the networks' public
 * documentation as collected on Wikipedia's "Payment card number" page. A range is two prefixes of
 * equal length; the most specific (longest) matching range wins, so co-branded sub-ranges (Elo and
 * Verve inside Visa/Discover space, RuPay inside Discover's 65) override the broad ones.
 * `lengths` are the number lengths the network issues.
 */
export interface IinRange {
  network: Exclude<CardIssuer, 'ISSUER_OTHER'>;
  from: string;
  to: string;
  lengths: readonly number[];
}

const r = (network: IinRange['network'], lengths: readonly number[], ...ranges: string[]): IinRange[] =>
  ranges.map((range) => {
    const [from, to = from] = range.split('-') as [string, string?];
    return { network, from, to, lengths };
  });

const len16to19 = [16, 17, 18, 19] as const;

export const iinRanges: readonly IinRange[] = [
  ...r('VISA', [13, 16, 19], '4'),
  ...r('MASTERCARD', [16], '51-55', '222100-272099'),
  ...r('AMERICAN_EXPRESS', [15], '34', '37'),
  ...r('DISCOVER', len16to19, '6011', '644-649', '65', '622126-622925'),
  ...r('DINERS', [14, 15, 16, 17, 18, 19], '300-305', '3095', '36', '38-39'),
  ...r('JCB', len16to19, '3528-3589'),
  ...r('CHINA_UNION_PAY', len16to19, '62', '81'),
  ...r('MAESTRO', [12, 13, 14, 15, 16, 17, 18, 19], '5018', '5020', '5038', '5893', '6304', '6759', '6761-6763'),
  ...r('RUPAY', [16], '508500-508999', '606985-607984', '608001-608500', '652150-653149'),
  ...r('INTERAC', len16to19, '636'),
  ...r('VERVE', [16, 18, 19], '506099-506198', '650002-650027', '507865-507964'),
  ...r(
    'ELO',
    [16],
    '401178-401179',
    '431274',
    '438935',
    '451416',
    '457393',
    '457631-457632',
    '504175',
    '506699-506778',
    '509000-509999',
    '627780',
    '636297',
    '636368',
    '650031-650033',
    '650035-650051',
    '650405-650439',
    '650485-650538',
    '650541-650598',
    '650700-650718',
    '650720-650727',
    '650901-650978',
    '651652-651679',
    '655000-655019',
    '655021-655058',
  ),
];

/** The range a number (or a prefix of at least the range's length) falls in, most specific first. */
export function matchIin(number: string): IinRange | null {
  let best: IinRange | null = null;
  for (const range of iinRanges) {
    const n = range.from.length;
    if (number.length < n) continue;
    const prefix = number.slice(0, n);
    if (prefix >= range.from && prefix <= range.to && (!best || n > best.from.length)) best = range;
  }
  return best;
}

/** The card network by IIN range; ISSUER_OTHER when no range matches. */
export function issuingNetwork(number: string | null): CardIssuer {
  return number ? (matchIin(number)?.network ?? 'ISSUER_OTHER') : 'ISSUER_OTHER';
}
