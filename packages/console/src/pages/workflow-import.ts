import { html, nothing } from 'lit';
import { ConsoleElement, messageOf } from '../base.ts';
import { ApiFailure } from '../api.ts';
import { drawSteps } from '../drawing.ts';
import { describeDefinitionPath } from '../workflow/describe.ts';
import { type ExistingWorkflow, existingWorkflow, replaceConfirmation } from './replace-confirmation.ts';

/** Where a JSON.parse error points: `line 3, column 7`, when the engine says. */
function parseErrorText(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (!position) return `Not valid JSON: ${error.message}`;
  const before = text.slice(0, Number(position)).split('\n');
  return `Not valid JSON at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}: ${error.message}`;
}

/**
 * Import a workflow definition (JSON) as a new version: the server validates it and its message
 * names the field (`steps.1.settings.verificationStatus: …`), shown right under the editor with
 * the step named as the drawing numbers it (`step #2 (Decision), settings.verificationStatus`) and
 * linked to the editor (aria-describedby / aria-invalid). A definition whose id is an existing workflow's —
 * other than the one whose page this is (`workflowId`) — is saved only once the operator confirms.
 */
export class IdlWorkflowImport extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    initial: { attribute: false },
    error: { state: true },
    errorPath: { state: true },
    success: { state: true },
    busy: { state: true },
    preview: { state: true },
    workflowId: { attribute: false },
    replacing: { state: true },
  };
  declare initial: string;
  /** The workflow whose page this import is on: new versions of it need no confirmation. */
  declare workflowId: string | null;
  declare replacing: ExistingWorkflow | null;
  #pending: unknown = null;
  declare error: string | null;
  declare errorPath: string | null;
  declare success: string | null;
  declare busy: boolean;
  declare preview: unknown;
  /** The definition the last error is about (its steps name the server's `steps.N`). */
  #sent: unknown = null;

  constructor() {
    super();
    this.initial = '';
    this.error = null;
    this.errorPath = null;
    this.success = null;
    this.busy = false;
    this.preview = null;
    this.workflowId = null;
    this.replacing = null;
  }

  get #textarea() {
    return this.querySelector<HTMLTextAreaElement>('textarea')!;
  }

  async #file(event: Event) {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    this.#textarea.value = await file.text();
    this.#changed();
  }

  #changed() {
    this.replacing = null;
    try {
      this.preview = JSON.parse(this.#textarea.value);
    } catch {
      this.preview = null;
    }
  }

  async #submit(event: SubmitEvent) {
    event.preventDefault();
    const text = this.#textarea.value;
    this.error = null;
    this.errorPath = null;
    this.success = null;
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (error) {
      this.error = parseErrorText(text, error as Error);
      this.#textarea.focus();
      return;
    }
    await this.#save(definition, false);
  }

  async #save(definition: unknown, confirmed: boolean) {
    this.replacing = null;
    this.#sent = definition;
    this.busy = true;
    try {
      const id = (definition as { workflowId?: unknown } | null)?.workflowId;
      if (!confirmed && typeof id === 'string' && id !== this.workflowId) {
        const existing = await existingWorkflow(this.api, id);
        if (existing) {
          this.#pending = definition;
          this.replacing = existing;
          return;
        }
      }
      const imported = await this.api.importWorkflow(definition);
      this.success = `Imported ${imported.workflowId} as version ${imported.version}.`;
      this.dispatchEvent(new CustomEvent('imported', { detail: imported, bubbles: true }));
    } catch (error) {
      this.error = error instanceof ApiFailure ? error.message : messageOf(error);
      this.errorPath = /^([\w.]+): /.exec(this.error)?.[1] ?? null;
      this.#textarea.focus();
    } finally {
      this.busy = false;
    }
  }

  /** Where the error is, in the drawing's numbering: `step #2 (Decision), settings.verificationStatus`. */
  #where(path: string) {
    const { step, field } = describeDefinitionPath(path, this.#sent);
    return html`${step ?? nothing}${step && field ? ', ' : nothing}${field ? html`<code>${field}</code>` : nothing}`;
  }

  override render() {
    return html`<form @submit=${this.#submit} class="rows" aria-label="Import a workflow version">
      <label class="field"><span>Workflow definition (JSON)</span>
        <textarea name="definition" spellcheck="false" .value=${this.initial} @input=${() => this.#changed()} aria-invalid=${this.error ? 'true' : 'false'}
          aria-describedby="import-help ${this.error ? 'import-error' : ''}"></textarea></label>
      <p class="hint" id="import-help">The format is described in docs/transaction-platform.md ("Workflows"). A new version becomes the one new transactions run.</p>
      ${
        this.error
          ? html`<div class="error-box" role="alert" id="import-error"><strong>Not imported.</strong> ${
              this.errorPath ? html`At ${this.#where(this.errorPath)}: ${this.error.slice(this.errorPath.length + 2)}` : this.error
            }</div>`
          : nothing
      }
      ${
        this.replacing
          ? replaceConfirmation(
              this.replacing,
              () => void this.#save(this.#pending, true),
              () => {
                this.replacing = null;
                this.#textarea.focus();
              },
            )
          : nothing
      }
      ${this.success ? html`<p class="ok" role="status">${this.success}</p>` : nothing}
      <div class="actions">
        <button class="btn" type="submit" ?disabled=${this.busy}>Import as new version</button>
        <label class="btn secondary">Load a file…<input class="sr-only" type="file" accept="application/json,.json" @change=${this.#file}></label>
      </div>
      ${this.preview ? html`<details><summary>Preview of the steps</summary>${drawSteps(this.preview, 'Preview of the steps')}</details>` : nothing}
    </form>`;
  }
}
