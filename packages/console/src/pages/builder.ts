import { html, nothing } from 'lit';
import { ConsoleElement, messageOf } from '../base.ts';
import {
  buildDefinition,
  emptyModel,
  ruleSubjects,
  verificationAvailable,
  type BuilderModel,
  type CaptureType,
  type FieldType,
  type RuleOp,
  type Status,
} from '../builder/build-definition.ts';
import { drawSteps } from '../drawing.ts';
import { type ExistingWorkflow, existingWorkflow, replaceConfirmation } from './replace-confirmation.ts';

const fieldTypes: FieldType[] = ['string', 'email', 'number', 'boolean', 'date'];
const captureTypes: Array<[CaptureType, string]> = [
  ['ScanDocument', 'Identity document'],
  ['ScanCard', 'Payment card'],
  ['ScanBarcode', 'Barcode'],
];
const ops: Array<[RuleOp, string]> = [
  ['eq', 'is'],
  ['ne', 'is not'],
  ['gt', 'is greater than'],
  ['gte', 'is at least'],
  ['lt', 'is less than'],
  ['lte', 'is at most'],
  ['exists', 'is given'],
  ['notExists', 'is not given'],
];
const statuses: Status[] = ['Accept', 'Review', 'Reject'];

/**
 * The form builder for the common shapes: Start fields, capture steps, document verification and
 * decision rules (first match decides, else the default). It produces the same JSON as an import,
 * shown live beside the form with its steps drawn, and imports it as a new version.
 */
export class IdlBuilder extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    model: { state: true },
    error: { state: true },
    success: { state: true },
    busy: { state: true },
    replacing: { state: true },
  };
  declare model: BuilderModel;
  /** The existing workflow the operator is asked about before saving over its id. */
  declare replacing: ExistingWorkflow | null;
  declare error: string | null;
  declare success: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.model = emptyModel();
    this.error = null;
    this.success = null;
    this.busy = false;
    this.replacing = null;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.focusHeading();
  }

  #update(change: (m: BuilderModel) => void) {
    const next = structuredClone(this.model);
    change(next);
    this.model = next;
    this.success = null;
    this.replacing = null;
  }

  async #import(event: SubmitEvent) {
    event.preventDefault();
    await this.#save(false);
  }

  /** Imports the definition; over an existing workflow id only once the operator confirmed it. */
  async #save(confirmed: boolean) {
    const definition = buildDefinition(this.model);
    this.error = null;
    this.success = null;
    this.replacing = null;
    this.busy = true;
    try {
      if (!confirmed) {
        const existing = await existingWorkflow(this.api, String(definition.workflowId ?? ''));
        if (existing) {
          this.replacing = existing;
          return;
        }
      }
      const imported = await this.api.importWorkflow(definition);
      this.success = `Imported ${imported.workflowId} as version ${imported.version}.`;
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    const m = this.model;
    const definition = buildDefinition(m);
    const subjects = ruleSubjects(m);
    const value = (e: Event) => (e.target as HTMLInputElement).value;
    const checked = (e: Event) => (e.target as HTMLInputElement).checked;
    return html`<p><a href="#/workflows">← Workflows</a></p>
      <h1 tabindex="-1">Build a workflow</h1>
      <div class="two">
        <form class="card" @submit=${this.#import} aria-label="Workflow builder">
          <fieldset><legend>Workflow</legend>
            <div class="grid">
              <label class="field"><span>Workflow ID</span><input name="workflowId" required pattern="[A-Za-z0-9][A-Za-z0-9._\\-]{0,63}" .value=${m.workflowId}
                aria-describedby="wfid-hint" @input=${(e: Event) => this.#update((x) => (x.workflowId = value(e)))}></label>
              <label class="field"><span>Name</span><input name="name" required maxlength="200" .value=${m.name} @input=${(e: Event) => this.#update((x) => (x.name = value(e)))}></label>
            </div>
            <p class="hint" id="wfid-hint">Letters, digits, <code>.</code> <code>_</code> <code>-</code>. An existing ID gets a new version.</p>
          </fieldset>

          <fieldset><legend>Start: form fields</legend>
            <div class="rows">${m.fields.map(
              (f, i) => html`<div class="row" role="group" aria-label="Field ${i + 1}">
                <label class="field"><span>Field name</span><input .value=${f.name} required pattern="[A-Za-z_][A-Za-z0-9_]{0,63}" @input=${(e: Event) => this.#update((x) => (x.fields[i]!.name = value(e)))}></label>
                <label class="field"><span>Type</span><select @change=${(e: Event) => this.#update((x) => (x.fields[i]!.type = value(e) as FieldType))}>
                  ${fieldTypes.map((t) => html`<option ?selected=${t === f.type}>${t}</option>`)}</select></label>
                <label class="check"><input type="checkbox" .checked=${f.required} @change=${(e: Event) => this.#update((x) => (x.fields[i]!.required = checked(e)))}> Required</label>
                <button class="btn secondary small" type="button" @click=${() => this.#update((x) => x.fields.splice(i, 1))}>Remove field ${i + 1}</button>
              </div>`,
            )}</div>
            <button class="btn secondary small" type="button" @click=${() => this.#update((x) => x.fields.push({ name: '', type: 'string', required: true }))}>Add a field</button>
          </fieldset>

          <fieldset><legend>Capture steps (in order)</legend>
            <div class="rows">${m.captures.map(
              (c, i) => html`<div class="row" role="group" aria-label="Capture step ${i + 1}">
                <label class="field"><span>Capture</span><select @change=${(e: Event) => this.#update((x) => (x.captures[i]!.type = value(e) as CaptureType))}>
                  ${captureTypes.map(([t, label]) => html`<option value=${t} ?selected=${t === c.type}>${label}</option>`)}</select></label>
                ${
                  c.type === 'ScanBarcode'
                    ? nothing
                    : html`<label class="check"><input type="checkbox" .checked=${c.requireBack} @change=${(e: Event) => this.#update((x) => (x.captures[i]!.requireBack = checked(e)))}> Back side required</label>`
                }
                ${c.type === 'ScanDocument' ? html`<label class="check"><input type="checkbox" .checked=${c.requireFace} @change=${(e: Event) => this.#update((x) => (x.captures[i]!.requireFace = checked(e)))}> Face image required</label>` : nothing}
                ${c.type === 'ScanCard' ? html`<label class="check"><input type="checkbox" .checked=${c.storeImages} @change=${(e: Event) => this.#update((x) => (x.captures[i]!.storeImages = checked(e)))}> Store card images (they show the full number)</label>` : nothing}
                <button class="btn secondary small" type="button" @click=${() => this.#update((x) => x.captures.splice(i, 1))}>Remove capture ${i + 1}</button>
              </div>`,
            )}</div>
            <button class="btn secondary small" type="button" @click=${() => this.#update((x) => x.captures.push({ type: 'ScanDocument', requireBack: false, requireFace: false, storeImages: false }))}>Add a capture step</button>
          </fieldset>

          <fieldset><legend>Verification</legend>
            ${
              verificationAvailable(m)
                ? html`<label class="check"><input type="checkbox" .checked=${m.verification.enabled} @change=${(e: Event) => this.#update((x) => (x.verification.enabled = checked(e)))}>
                    Verify the document on the server (MRZ check digits, expiry, front/back and browser/server match)</label>
                  ${
                    m.verification.enabled
                      ? html`<label class="field"><span>Minimum age (years, empty = none)</span><input type="number" min="0" max="150" .value=${m.verification.ageLimit}
                          @input=${(e: Event) => this.#update((x) => (x.verification.ageLimit = value(e)))}></label>`
                      : nothing
                  }`
                : html`<p class="hint">Add an identity-document capture to verify it.</p>`
            }
          </fieldset>

          <fieldset><legend>Decision rules (the first that matches decides)</legend>
            <div class="rows">${m.rules.map(
              (r, i) => html`<div class="row" role="group" aria-label="Rule ${i + 1}">
                <label class="field"><span>When</span><select @change=${(e: Event) => this.#update((x) => (x.rules[i]!.subject = value(e)))}>
                  <option value="" ?selected=${!r.subject}>Choose…</option>
                  ${subjects.map((s) => html`<option value=${s.value} ?selected=${s.value === r.subject}>${s.label}</option>`)}</select></label>
                <label class="field"><span>Test</span><select @change=${(e: Event) => this.#update((x) => (x.rules[i]!.op = value(e) as RuleOp))}>
                  ${ops.map(([op, label]) => html`<option value=${op} ?selected=${op === r.op}>${label}</option>`)}</select></label>
                ${
                  r.op === 'exists' || r.op === 'notExists'
                    ? nothing
                    : html`<label class="field"><span>Value</span><input .value=${r.value} placeholder=${subjects.find((s) => s.value === r.subject)?.type === 'boolean' ? 'true or false' : ''}
                        @input=${(e: Event) => this.#update((x) => (x.rules[i]!.value = value(e)))}></label>`
                }
                <label class="field"><span>Then</span><select @change=${(e: Event) => this.#update((x) => (x.rules[i]!.status = value(e) as Status))}>
                  ${statuses.map((s) => html`<option ?selected=${s === r.status}>${s}</option>`)}</select></label>
                <button class="btn secondary small" type="button" @click=${() => this.#update((x) => x.rules.splice(i, 1))}>Remove rule ${i + 1}</button>
              </div>`,
            )}</div>
            <button class="btn secondary small" type="button" ?disabled=${subjects.length === 0}
              @click=${() => this.#update((x) => x.rules.push({ subject: subjects[0]?.value ?? '', op: 'eq', value: subjects[0]?.type === 'boolean' ? 'true' : '', status: 'Accept' }))}>Add a rule</button>
            ${subjects.length === 0 ? html`<p class="hint">Rules test Start fields or the verification result: add one of those first.</p>` : nothing}
            <label class="field"><span>Otherwise (no rule matched)</span><select name="defaultStatus" @change=${(e: Event) => this.#update((x) => (x.defaultStatus = value(e) as Status))}>
              ${statuses.map((s) => html`<option ?selected=${s === m.defaultStatus}>${s}</option>`)}</select></label>
          </fieldset>

          ${this.error ? html`<div class="error-box" role="alert"><strong>Not imported.</strong> ${this.error}</div>` : nothing}
          ${
            this.replacing
              ? replaceConfirmation(
                  this.replacing,
                  () => void this.#save(true),
                  () => {
                    this.replacing = null;
                    this.querySelector<HTMLInputElement>('input[name=workflowId]')?.focus();
                  },
                )
              : nothing
          }
          ${this.success ? html`<p class="ok" role="status">${this.success} <a href="#/workflows/${encodeURIComponent(m.workflowId.trim())}">Open it</a></p>` : nothing}
          <div class="actions"><button class="btn" type="submit" ?disabled=${this.busy}>Import this workflow</button></div>
        </form>
        <section class="card" aria-labelledby="preview-title">
          <h2 id="preview-title">Result</h2>
          ${drawSteps(definition, 'Steps of the built workflow')}
          <details open><summary>Definition (JSON)</summary><pre id="builder-json">${JSON.stringify(definition, null, 2)}</pre></details>
        </section>
      </div>`;
  }
}
