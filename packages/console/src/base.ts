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

/**
 * A page of actions (create, revoke, rotate…): one at a time (`busy` disables their buttons), each
 * ending with its message or its error above the page's sections.
 */
export class ActionPage extends ConsoleElement {
  static override properties = { ...ConsoleElement.properties, error: { state: true }, message: { state: true }, busy: { state: true } };
  declare error: string | null;
  declare message: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.error = null;
    this.message = null;
    this.busy = false;
  }

  /** Runs an action with the page busy; its message (or null), or its error, is shown after it; `after` runs either way. */
  protected async act(action: () => Promise<string | null>, after?: () => void): Promise<void> {
    this.busy = true;
    this.error = null;
    this.message = null;
    try {
      this.message = await action();
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
      after?.();
    }
  }

  /** Copies a credential to the clipboard (nothing happens where the browser has none) and says so. */
  protected async copy(text: string, what: string): Promise<void> {
    await navigator.clipboard?.writeText(text).catch(() => {});
    this.message = `${what} copied to the clipboard.`;
  }

  /** The page's error and message, in that order (an alert, a status). */
  protected outcome() {
    return html`${errorBox(this.error)}${this.message ? html`<p class="ok" role="status">${this.message}</p>` : nothing}`;
  }

  /** After an action that showed a credential: the credential's panel takes the focus. */
  protected async focusShownOnce(): Promise<void> {
    await this.updateComplete;
    this.querySelector<HTMLElement>('.secret')?.focus();
  }
}

/**
 * A credential shown once (a secret, a link's URL): the sentence saying so, the labelled values
 * (the last one is the credential, `#new-secret`), Copy and the button that hides it.
 */
export function shownOnce({
  label,
  intro,
  values,
  copyLabel,
  onCopy,
  hideLabel,
  onHide,
}: {
  label: string;
  intro: TemplateResult;
  values: Array<[string, string]>;
  copyLabel: string;
  onCopy: () => void;
  hideLabel: string;
  onHide: () => void;
}): TemplateResult {
  return html`<div class="secret" tabindex="-1" role="region" aria-label=${label}>
      <p>${intro}</p>
      ${values.map(([name, value], i) => html`<span class="label">${name}</span><code id=${i === values.length - 1 ? 'new-secret' : nothing}>${value}</code>`)}
      <div class="actions"><button class="btn secondary small" type="button" @click=${onCopy}>${copyLabel}</button>
        <button class="btn secondary small" type="button" @click=${onHide}>${hideLabel}</button></div>
    </div>`;
}
