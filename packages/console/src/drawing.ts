import { html, nothing, type TemplateResult } from 'lit';
import { breakable } from './base.ts';
import { describePredicate, describeSettings, interactiveTypes, type StepLike, stepsOf, stepTitle } from './workflow/describe.ts';
import { type FlowItem, layoutFlow } from './workflow/flow-layout.ts';

const box = (step: StepLike) => {
  const settings = step.type === 'Condition' ? '' : describeSettings(step);
  const interactive = interactiveTypes.has(step.type);
  return html`<div class="step ${step.type} ${interactive ? 'interactive' : ''}">
    <span class="step-type">${step.name && step.name !== step.type ? `${step.name} · ${step.type}` : step.type}</span>
    <span class="step-id">#${step.id}${interactive ? ' · interactive' : ''}</span>
    ${step.type === 'Condition' ? html`<p class="settings">if ${breakable(describePredicate(step.settings?.if))}</p>` : nothing}
    ${settings ? html`<p class="settings">${settings}</p>` : nothing}
  </div>`;
};

function branch(which: 'then' | 'else', step: StepLike, items: FlowItem[]): TemplateResult {
  // Named without the words of the builder's fields (When, Then, Value…): a label is also found by its words.
  const label = `Branch where condition #${step.id} ${which === 'then' ? 'holds' : 'does not hold'}`;
  return html`<div class="branch ${which}" role="group" aria-label=${label}>
    <p class="branch-label">${which === 'then' ? 'then' : 'else'}</p>
    ${items.length ? list(items) : html`<p class="hint">straight on</p>`}
  </div>`;
}

function item(entry: FlowItem): TemplateResult {
  switch (entry.kind) {
    case 'step':
      return html`<li>${box(entry.step)}</li>`;
    case 'condition':
      return html`<li class="forks">${box(entry.step)}<div class="branches">${branch('then', entry.step, entry.then)}${branch('else', entry.step, entry.else)}</div></li>`;
    case 'jump':
      return html`<li class="jump">${entry.step ? `↩ continues at ${stepTitle(entry.step)}` : `→ step #${entry.to}, which does not exist`}</li>`;
    default:
      return html`<li class="jump">no next step</li>`;
  }
}

const list = (items: FlowItem[], label?: string) => html`<ol class="flow" aria-label=${label ?? nothing}>${items.map(item)}</ol>`;

/**
 * A workflow definition drawn as its flow: one box per step from the first, each Condition
 * forking into its then and else branches side by side (stacked on a phone) that join again
 * where both lead; loops are arrows back. Interactive steps are outlined in the accent,
 * Conditions dashed.
 */
export function drawSteps(definition: unknown, label = 'Workflow steps') {
  const { items, unreachable } = layoutFlow(stepsOf(definition));
  return html`<div class="flow-drawing">${list(items, label)}${
    unreachable.length ? html`<p class="hint">Not reached from the first step:</p>${list(unreachable, `${label}: not reached`)}` : nothing
  }</div>`;
}
