import { ageOn, readDocumentDate, readDocumentText } from './field-values.ts';
import { parseMrz } from '@idlens/sdk/engine';

export const checkOutcomes = ['PASS', 'FAIL', 'NOT_PERFORMED'] as const;
export type CheckOutcome = (typeof checkOutcomes)[number];

/** What the checks look at. */
export interface DocumentCheckInput {
  /** The server's recognition of the stored images (a DocumentData). */
  server: Record<string, unknown>;
  /** The browser's extraction submitted with the images (untrusted; may be partial or empty). */
  client: Record<string, unknown> | null;
  ageLimit: number | null;
  /** Today, `YYYY-MM-DD` (UTC). */
  today: string;
}

export interface CheckResult {
  outcome: CheckOutcome;
  /** Why, in words an operator understands (never personal data). */
  reason: string;
}

const pass = (reason: string): CheckResult => ({ outcome: 'PASS', reason });
const fail = (reason: string): CheckResult => ({ outcome: 'FAIL', reason });
const skip = (reason: string): CheckResult => ({ outcome: 'NOT_PERFORMED', reason });

/** Fields compared between the browser's and the server's reading. */
const matchedFields = [
  { name: 'documentNumber', read: readDocumentText },
  { name: 'dateOfBirth', read: readDocumentDate },
  { name: 'dateOfExpiry', read: readDocumentDate },
] as const;

/** The checks of a DocumentVerification step, by name (the names of the step's `checks` toggles). */
export const documentChecks = {
  recognized({ server }) {
    const status = server.recognitionStatus;
    return status && status !== 'EMPTY' ? pass(`recognition status ${String(status)}`) : fail('the server recognized no document on the stored images');
  },
  mrzCheckDigits({ server }) {
    const mrz = server.mrzData as { rawMrzString?: unknown } | null | undefined;
    if (!mrz || typeof mrz.rawMrzString !== 'string' || !mrz.rawMrzString) return skip('no MRZ read');
    // Recomputed here from the raw lines: the step does not trust the reported `verified` flag.
    const lines = mrz.rawMrzString
      .split(/\r?\n/)
      .map((l) => l.trim().toUpperCase())
      .filter(Boolean);
    const parsed = lines.every((l) => /^[A-Z0-9<]+$/.test(l)) ? parseMrz(lines) : null;
    if (!parsed) return fail('the MRZ is not in a known format');
    const wrong = parsed.checks.filter((c) => !c.ok).map((c) => c.name);
    return wrong.length ? fail(`wrong check digit: ${wrong.join(', ')}`) : pass(`${parsed.format.type}: all check digits correct`);
  },
  notExpired({ server, today }) {
    const expiry = readDocumentDate(server, 'dateOfExpiry');
    if (!expiry) return skip('no date of expiry read');
    return expiry >= today ? pass('not expired') : fail('the document has expired');
  },
  ageLimit({ server, ageLimit, today }) {
    if (ageLimit === null) return skip('no age limit configured');
    const birth = readDocumentDate(server, 'dateOfBirth');
    if (!birth) return fail('no date of birth read, the age limit cannot be confirmed');
    return ageOn(birth, today) >= ageLimit ? pass(`at least ${ageLimit} years old`) : fail(`younger than ${ageLimit}`);
  },
  frontBackMatch({ server }) {
    const overall = (server.dataMatch as { overall?: unknown } | null | undefined)?.overall;
    if (overall === 'MATCH') return pass('front and back agree');
    if (overall === 'MISMATCH') return fail('front and back disagree');
    return skip('front/back match not performed');
  },
  clientServerMatch({ server, client }) {
    if (!client) return skip('the browser sent no extraction');
    const compared: string[] = [];
    const mismatched: string[] = [];
    for (const { name, read } of matchedFields) {
      const ours = read(server, name);
      const theirs = read(client, name);
      if (ours === null || theirs === null) continue;
      compared.push(name);
      if (ours !== theirs) mismatched.push(name);
    }
    if (mismatched.length) return fail(`the browser's reading differs from the server's: ${mismatched.join(', ')}`);
    return compared.length ? pass(`agree on ${compared.join(', ')}`) : skip('no field read by both');
  },
} as const satisfies Record<string, (input: DocumentCheckInput) => CheckResult>;
export type DocumentCheckName = keyof typeof documentChecks;

/** Runs the enabled checks; `passed` = none failed. */
export function runDocumentChecks(input: DocumentCheckInput, enabled: Record<DocumentCheckName, boolean>) {
  const results = {} as Record<DocumentCheckName, CheckResult>;
  for (const name of Object.keys(documentChecks) as DocumentCheckName[]) {
    results[name] = enabled[name] ? documentChecks[name](input) : skip('disabled in the workflow');
  }
  const failedChecks = (Object.keys(results) as DocumentCheckName[]).filter((n) => results[n].outcome === 'FAIL');
  return { checks: results, failedChecks, passed: failedChecks.length === 0 };
}
