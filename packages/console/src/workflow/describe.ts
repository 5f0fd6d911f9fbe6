/** Workflow definitions (docs/transaction-platform.md, "Workflows") in words. */

export interface StepLike {
  id: number;
  name?: string;
  type: string;
  next?: number;
  settings?: Record<string, unknown>;
}

export const interactiveTypes = new Set(['ScanDocument', 'ScanCard', 'ScanBarcode']);

const ops: Record<string, string> = { eq: '=', ne: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤', in: 'is one of', exists: 'is given', notExists: 'is not given' };

/** A Condition's predicate: `state.DocumentVerification.output.passed = true and …`. */
export function describePredicate(p: unknown): string {
  if (!p || typeof p !== 'object') return String(p);
  const o = p as Record<string, unknown>;
  if (Array.isArray(o.all)) return o.all.map(describePredicate).join(' and ');
  if (Array.isArray(o.any)) return o.any.map(describePredicate).join(' or ');
  if ('not' in o) return `not (${describePredicate(o.not)})`;
  const op = ops[String(o.op)] ?? String(o.op);
  return `${String(o.path)} ${op}${'value' in o ? ` ${JSON.stringify(o.value)}` : ''}`;
}

/** What a step's settings say, in a line. */
export function describeSettings(step: StepLike): string {
  const s = step.settings ?? {};
  switch (step.type) {
    case 'Start': {
      const fields = (s.formFields as Array<{ name: string; type: string; required?: boolean }> | undefined) ?? [];
      return fields.length ? `fields: ${fields.map((f) => `${f.name} (${f.type}${f.required === false ? ', optional' : ''})`).join(', ')}` : 'no form fields';
    }
    case 'ScanDocument':
      return `back ${s.requireBack ? 'required' : 'optional'}, face ${s.requireFace ? 'required' : 'optional'}`;
    case 'ScanCard':
      return `back ${s.requireBack ? 'required' : 'optional'}, images ${s.storeImages ? 'stored' : 'not stored'}`;
    case 'DocumentVerification':
      return `age limit: ${s.ageLimit ?? 'none'}`;
    case 'Condition':
      return `if ${describePredicate(s.if)}`;
    case 'Decision':
    case 'End':
      return s.verificationStatus ? `verification status: ${String(s.verificationStatus)}` : '';
    default:
      return '';
  }
}

/** `Accept (#5)`, or the type when the step has no name of its own. */
export const stepTitle = (step: StepLike) => `${step.name ?? step.type} (#${step.id})`;

/** The steps of a definition, whatever was passed (a definition being edited may be anything). */
export function stepsOf(definition: unknown): StepLike[] {
  const steps = (definition as { steps?: unknown } | null)?.steps;
  return Array.isArray(steps) ? steps.filter((s): s is StepLike => !!s && typeof s === 'object' && typeof (s as StepLike).type === 'string') : [];
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * A field path of the server's validation message in the definition as the console numbers steps:
 * the server counts the JSON's `steps` array from 0 (`steps.1.settings.verificationStatus`), the
 * drawing and the builder show each step's id (`#20`) — so step `step #20 (Decision)`, field
 * `settings.verificationStatus`. A path outside the steps is the field alone.
 */
export function describeDefinitionPath(path: string, definition: unknown): { step: string | null; field: string | null } {
  const match = /^steps\.(\d+)(?:\.(.+))?$/.exec(path);
  if (!match) return { step: null, field: path };
  const index = Number(match[1]);
  const raw = (definition as { steps?: unknown } | null)?.steps;
  const step = Array.isArray(raw) ? (raw[index] as Partial<StepLike> | undefined) : undefined;
  const name = step && typeof step === 'object' ? (step.name ?? step.type) : undefined;
  const which =
    step && typeof step === 'object' && (typeof step.id === 'number' || typeof step.id === 'string')
      ? `step #${step.id}${typeof name === 'string' ? ` (${name})` : ''}`
      : `the ${ordinal(index + 1)} step`;
  return { step: which, field: match[2] ?? null };
}
