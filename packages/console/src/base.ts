import { html, LitElement, nothing, type TemplateResult } from 'lit';
import type { AgentApi } from './api.ts';

/**
 * Base of the console's elements: rendered into the light DOM so that the page's one stylesheet
 * (console.css, the idlens theme's custom properties) styles them and labels, landmarks and
 * headings form one accessible document.
 */
export class ConsoleElement extends LitElement {
  static override properties = { api: { attribute: false } };
  declare api: AgentApi;

  protected override createRenderRoot() {
    return this;
  }

  /** Moves focus to the page's heading after navigation (screen readers announce the new page). */
  protected focusHeading() {
    this.updateComplete.then(() => this.querySelector<HTMLElement>('h1')?.focus({ preventScroll: false }));
  }
}

export const badge = (value: string | null | undefined): TemplateResult =>
  value ? html`<span class="badge ${value}">${value}</span>` : html`<span class="badge none">—</span>`;

/** `2024-05-01 12:30:05 UTC`: ISO text the operator can compare with logs. */
export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—');

export const errorBox = (message: string | null, id?: string) =>
  message ? html`<div class="error-box" role="alert" id=${id ?? nothing}>${message}</div>` : nothing;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A dotted path (`state.DocumentVerification.output.passed`) that may wrap after its dots on a phone, not mid-word. */
export const breakable = (text: string): TemplateResult => html`${text.split('.').map((part, i) => (i ? html`.<wbr>${part}` : part))}`;
