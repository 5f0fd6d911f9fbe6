import { html, nothing } from 'lit';

interface StepLike {
  id: number;
  name?: string;
  type: string;
  next?: number;
  settings?: Record<string, unknown>;
}

const interactive = new Set(['ScanDocument', 'ScanCard', 'ScanBarcode']);

function describePredicate(p: unknown): string {
  if (!p || typeof p !== 'object') return String(p);
  const o = p as Record<string, unknown>;
  if (Array.isArray(o.all)) return o.all.map(describePredicate).join(' and ');
  if (Array.isArray(o.any)) return o.any.map(describePredicate).join(' or ');
  if ('not' in o) return `not (${describePredicate(o.not)})`;
  return `${String(o.path)} ${String(o.op)}${'value' in o ? ` ${JSON.stringify(o.value)}` : ''}`;
}

function describeSettings(step: StepLike): string {
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

/**
 * A workflow definition drawn as its steps: one box per step, in order, with where each one
 * continues (Condition branches, explicit `next`). Interactive steps are outlined in the accent.
 */
export function drawSteps(definition: unknown, label = 'Workflow steps') {
  const steps = ((definition as { steps?: StepLike[] } | null)?.steps ?? []).filter((s) => s && typeof s === 'object');
  const nameOf = (id: unknown) => {
    const step = steps.find((s) => s.id === id);
    return step ? `${step.name ?? step.type} (#${step.id})` : `#${String(id)} (missing)`;
  };
  return html`<ol class="flow" aria-label=${label}>
    ${steps.map((step, i) => {
      const settings = describeSettings(step);
      let jumps: string | null = null;
      if (step.type === 'Condition') jumps = `then → ${nameOf(step.settings?.then)}; else → ${nameOf(step.settings?.else)}`;
      else if (step.next !== undefined) jumps = `next → ${nameOf(step.next)}`;
      else if (step.type !== 'End' && i === steps.length - 1) jumps = 'no next step';
      return html`<li class="${step.type} ${interactive.has(step.type) ? 'interactive' : ''}">
        <span class="step-type">${step.name && step.name !== step.type ? `${step.name} · ${step.type}` : step.type}</span>
        <span class="step-id">#${step.id}${interactive.has(step.type) ? ' · interactive' : ''}</span>
        ${settings ? html`<p class="settings">${settings}</p>` : nothing}
        ${jumps ? html`<p class="jumps">${jumps}</p>` : nothing}
      </li>`;
    })}
  </ol>`;
}
