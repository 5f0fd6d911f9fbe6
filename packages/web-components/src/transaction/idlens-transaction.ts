import { css, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { Inference, Recognizer } from '@idlens/sdk/client';
import '../scanners/idlens-barcode-scanner.ts';
import '../scanners/idlens-card-scanner.ts';
import '../scanners/idlens-document-scanner.ts';
import { IdlensErrorEvent, IdlensResultEvent, IdlensStatusEvent, type TransactionOutcome } from '../events.ts';
import type { MessageKey } from '../i18n/translations.ts';
import { IdlensElement } from '../shared/idlens-element.ts';
import { sharedRecognizer, type RecognitionMode } from '../shared/recognizer-pool.ts';
import { baseStyles } from '../shared/styles.ts';
import { checkKey, outcomeKey, plainReason } from '../shared/display-names.ts';
import { fieldProblem, humanize, readFormValues, renderField, type FieldProblem, type FormField } from './form-fields.ts';
import { handoffCancelled, TransactionController } from './transaction-controller.ts';

const stepTitles: Record<string, MessageKey> = { ScanDocument: 'stepScanDocument', ScanCard: 'stepScanCard', ScanBarcode: 'stepScanBarcode' };
const verdicts: Record<string, MessageKey> = { Accept: 'verifyAccept', Reject: 'verifyReject', Review: 'verifyReview' };

/**
 * A whole verification workflow in the browser, through the customer's proxy: consent, the
 * workflow's Start form (checked with the component's own translated messages), each interactive
 * step with the matching scanner (document, card, barcode) and a review of the captured sides
 * (retake or send), then the final status and — when the proxy offers it — the checks that decided.
 *
 * The proxy (see `demo/proxy/proxy.ts`) must answer `POST {proxy-url}/transaction`; optionally
 * `GET {proxy-url}/workflow/{id}` (form fields) and `GET {proxy-url}/transaction/{id}/outcome`.
 *
 * @fires idlens-status - `start`, `running` (detail: processingStatus, step), `step` (detail: stepType), `review` (detail: stepType, sides), `done`
 * @fires idlens-result - `kind: 'transaction'`, `data`: TransactionOutcome
 * @fires idlens-error - `transaction-failed` with the platform's code
 * @slot title - heading above the flow
 * @slot intro - text above the consent
 * @csspart card - the framed box
 * @csspart form - the consent + details form
 * @csspart button - every button
 * @csspart step - the step header
 * @csspart review - the captured sides before they are sent (`button retake`, `button submit`)
 * @csspart status - the final verdict
 * @csspart error - the error text
 */
export class IdlensTransaction extends IdlensElement {
  static override properties: PropertyDeclarations = {
    ...IdlensElement.properties,
    proxyUrl: { type: String, attribute: 'proxy-url' },
    workflowId: { type: String, attribute: 'workflow-id' },
    userId: { type: String, attribute: 'user-id' },
    mode: { type: String },
    serverUrl: { type: String, attribute: 'server-url' },
    inference: { type: String },
    hideChecks: { type: Boolean, attribute: 'hide-checks' },
    handoff: { type: Boolean },
    joinUrl: { type: String, attribute: 'join-url' },
    fields: { attribute: false },
    fieldLabels: { attribute: false },
    recognizer: { attribute: false },
    consentError: { state: true },
    fieldErrors: { state: true },
  };

  static override styles = [
    baseStyles,
    css`
      .card {
        display: grid;
        gap: 1rem;
        padding: clamp(0.9rem, 3vw, 1.5rem);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_surface);
      }
      h2, h3 {
        margin: 0;
        font-size: 1.15rem;
      }
      form {
        display: grid;
        gap: 0.9rem;
      }
      fieldset {
        display: grid;
        gap: 0.6rem;
        margin: 0;
        padding: 0;
        border: 0;
        min-width: 0;
      }
      legend {
        padding: 0;
        margin-bottom: 0.4rem;
        font-weight: 700;
      }
      .field {
        display: grid;
        gap: 0.25rem;
      }
      .field input {
        min-height: 44px;
        padding: 0 0.7rem;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.6);
        background: var(--_surface);
        color: var(--_text);
        width: 100%;
      }
      .check {
        display: flex;
        gap: 0.6rem;
        align-items: flex-start;
      }
      .check input {
        width: 1.25rem;
        height: 1.25rem;
        margin-top: 0.1rem;
        flex: none;
        accent-color: var(--_accent);
      }
      .req {
        color: var(--_danger);
      }
      .step-head {
        display: grid;
        gap: 0.1rem;
      }
      .step-of {
        color: var(--_muted);
        font-size: 0.875rem;
        font-weight: 600;
      }
      .verdict {
        display: flex;
        gap: 0.75rem;
        align-items: center;
        font-size: 1.25rem;
        font-weight: 700;
      }
      .badge {
        display: inline-grid;
        place-items: center;
        width: 2.25rem;
        height: 2.25rem;
        border-radius: 50%;
        color: #fff;
        flex: none;
      }
      .Accept .badge { background: var(--_success); }
      .Review .badge { background: var(--_warning); }
      .Reject .badge, .Error .badge { background: var(--_danger); }
      ul {
        margin: 0;
        padding-left: 1.2rem;
      }
      .muted {
        color: var(--_muted);
        font-size: 0.875rem;
        overflow-wrap: anywhere;
      }
      .field input[aria-invalid='true'] {
        border-color: var(--_danger);
        border-width: 2px;
      }
      .field .message.error {
        font-size: 0.9rem;
      }
      .review {
        display: grid;
        gap: 0.75rem;
      }
      .review-sides {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
        gap: 0.75rem;
        margin: 0;
      }
      .review-sides figure {
        margin: 0;
        display: grid;
        gap: 0.3rem;
      }
      .review-sides img {
        width: 100%;
        aspect-ratio: 4 / 3;
        object-fit: contain;
        border-radius: calc(var(--_radius) * 0.6);
        background: var(--idlens-viewport-background, #0b1220);
      }
      .review-sides figcaption {
        color: var(--_muted);
        font-size: 0.875rem;
        font-weight: 600;
      }
      .handoff {
        display: grid;
        gap: 0.75rem;
        justify-items: start;
      }
      .qr {
        width: min(100%, 16rem);
        aspect-ratio: 1;
        background: #fff;
        image-rendering: pixelated;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      [tabindex='-1']:focus {
        outline: none;
      }
    `,
  ];

  /** The customer's proxy (adds the agent credentials); the flow POSTs to `{proxy-url}/transaction`. */
  declare proxyUrl: string;
  declare workflowId: string;
  /** `consent.userId`; a real proxy overrides it from the user's session. */
  declare userId: string;
  declare mode: RecognitionMode;
  declare serverUrl: string | null;
  /** The worker's inference runtime for the OCR models: `convnet` (default), `onnxruntime-web` or `auto` (see the SDK's `createRecognizer`). */
  declare inference: Inference;
  /** Do not ask the proxy for the checks that decided (a page that shows its own finish, such as the hosted run page). */
  declare hideChecks: boolean;
  /** Offer "Continue on your phone" at each capture step: a QR code hands the transaction off to another device, this one shows the progress and the outcome. */
  declare handoff: boolean;
  /** A hand-off's join URL: this device continues a transaction started on another one (no consent form: it was given there). */
  declare joinUrl: string;
  /** The Start step's form fields; fetched from `{proxy-url}/workflow/{id}` when not set. */
  declare fields: FormField[] | null;
  /** Labels for the form fields by name (default: the name, humanized). */
  declare fieldLabels: Record<string, string>;
  declare recognizer: Recognizer | null;
  declare protected consentError: boolean;
  /** The form's fields that fail, by name, with why (shown under each field). */
  declare protected fieldErrors: Record<string, FieldProblem>;
  /** Set when a step, review, verdict or error appears: its heading takes the focus once rendered. */
  #focusHeading = false;
  #fieldsFetched = false;
  /** The run itself (phase, step, review, outcome, problem); this element renders it and tells the page. */
  readonly #flow = new TransactionController(this, {
    settings: () => ({ proxyUrl: this.proxyUrl, workflowId: this.workflowId, hideChecks: this.hideChecks }),
    recognizer: () => this.recognizer ?? sharedRecognizer(this.mode, this.serverUrl, this.inference),
    onStatus: (status, detail) => {
      if (status !== 'start' && status !== 'running') this.#focusHeading = true;
      this.dispatchEvent(new IdlensStatusEvent(status, { component: 'transaction', ...detail }));
    },
    onResult: (outcome, mode) => this.dispatchEvent(new IdlensResultEvent('transaction', outcome, null, 0, mode, 'transaction')),
    onError: ({ code, message }) => this.dispatchEvent(new IdlensErrorEvent('transaction-failed', code, message)),
  });

  constructor() {
    super();
    this.proxyUrl = '';
    this.workflowId = '';
    this.userId = 'anonymous';
    this.mode = 'auto';
    this.serverUrl = null;
    this.inference = 'convnet';
    this.hideChecks = false;
    this.handoff = false;
    this.joinUrl = '';
    this.fields = null;
    this.fieldLabels = {};
    this.recognizer = null;
    this.consentError = false;
    this.fieldErrors = {};
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (this.#focusHeading) {
      this.#focusHeading = false;
      this.renderRoot.querySelector<HTMLElement>('.focus-heading')?.focus();
    }
    // Fields come from the proxy unless the page set them; refetch when the workflow or proxy changes.
    if ((changed.has('workflowId') || changed.has('proxyUrl')) && (this.fields === null || this.#fieldsFetched)) {
      this.fields = null;
      void this.#loadFields();
    }
  }

  /** Back to the consent screen (a new transaction). */
  restart(): void {
    this.#flow.restart();
  }

  async #loadFields(): Promise<void> {
    if (!this.proxyUrl || !this.workflowId || this.fields) return;
    this.#fieldsFetched = true;
    // No field list: the flow still runs, the server names a missing field.
    const loaded = await this.#flow.fetchFields();
    // The page may have set the fields meanwhile; its list wins.
    if (this.fields === null) this.fields = loaded;
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const agree = form.elements.namedItem('consent') as HTMLInputElement;
    this.consentError = !agree.checked;
    // The component's own messages (translated, under each field), never the browser's bubble.
    const errors: Record<string, FieldProblem> = {};
    for (const field of this.fields ?? []) {
      const input = form.elements.namedItem(field.name) as HTMLInputElement | null;
      const problem = input ? fieldProblem(field, input) : null;
      if (problem) errors[field.name] = problem;
    }
    this.fieldErrors = errors;
    const firstInvalid = !agree.checked
      ? agree
      : (this.fields ?? []).map((f) => form.elements.namedItem(f.name) as HTMLInputElement | null).find((i) => i && errors[i.name]);
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    const consent = {
      userId: this.userId,
      isProcessingStoringAllowed: (form.elements.namedItem('store') as HTMLInputElement).checked,
      isTrainingAllowed: (form.elements.namedItem('training') as HTMLInputElement).checked,
    };
    const formValues = readFormValues(form, this.fields ?? []);
    await this.run(formValues, consent);
  }

  /** Runs the workflow (what the Start button does after consent and form). */
  run(
    formValues: Record<string, unknown>,
    consent: { userId: string; isProcessingStoringAllowed: boolean; isTrainingAllowed: boolean },
  ): Promise<TransactionOutcome | null> {
    return this.#flow.run(formValues, consent);
  }

  /** A step's scanner has its sides: they are shown for review (retake or send). */
  #onScannerResult = (event: IdlensResultEvent): void => {
    event.stopPropagation();
    if (!event.images) return;
    const empty = (event.data as { recognitionStatus?: string } | null)?.recognitionStatus === 'EMPTY';
    this.#flow.showForReview(event.images, empty);
  };

  /** Retake: the step's scanner again, for a new capture. */
  #retake(): void {
    this.#flow.retake();
    this.#focusHeading = true;
  }

  #renderStart(): TemplateResult {
    return html`<form part="form" @submit=${this.#submit} novalidate>
      <fieldset>
        <legend>${this.t('consentTitle')}</legend>
        <slot name="intro"><p class="message">${this.t('consentText')}</p></slot>
        <label class="check"><input type="checkbox" name="consent" aria-describedby="consent-error" @change=${() => (this.consentError = false)} /> ${this.t('consentAgree')}</label>
        <label class="check"><input type="checkbox" name="store" /> ${this.t('consentStore')}</label>
        <label class="check"><input type="checkbox" name="training" /> ${this.t('consentTraining')}</label>
        <p id="consent-error" class="message error" role="alert" ?hidden=${!this.consentError}>${this.consentError ? this.t('consentRequired') : ''}</p>
      </fieldset>
      ${
        this.fields?.length
          ? html`<fieldset>
            <legend>${this.t('detailsTitle')}</legend>
            ${this.fields.map((f) => {
              const label = this.fieldLabels[f.name] ?? humanize(f.name);
              const problem = this.fieldErrors[f.name];
              return renderField(f, label, this.t('fieldRequired'), problem ? this.t(problem, { field: label }) : null, () => this.#clearFieldError(f.name));
            })}
          </fieldset>`
          : nothing
      }
      <div><button class="btn" part="button start" type="submit">${this.t('startVerification')}</button></div>
    </form>`;
  }

  #clearFieldError(name: string): void {
    if (!this.fieldErrors[name]) return;
    const { [name]: _gone, ...rest } = this.fieldErrors;
    this.fieldErrors = rest;
  }

  #renderReview(): TemplateResult {
    const { urls, empty } = this.#flow.review!;
    return html`<section class="review" part="review" aria-labelledby="review-title">
      <h3 id="review-title" class="focus-heading" tabindex="-1">${this.t('reviewTitle')}</h3>
      <p class="message">${this.t('reviewText')}</p>
      ${empty ? html`<p class="message error" part="review-empty" role="alert">${this.t('resultEmpty')}</p>` : nothing}
      <div class="review-sides">
        <figure><img src=${urls.front} alt=${this.t('sideFront')} /><figcaption>${this.t('sideFront')}</figcaption></figure>
        ${urls.back ? html`<figure><img src=${urls.back} alt=${this.t('sideBack')} /><figcaption>${this.t('sideBack')}</figcaption></figure>` : nothing}
      </div>
      <div class="actions">
        <button class="btn" part="button submit" @click=${() => this.#flow.send()}>${this.t('submit')}</button>
        <button class="btn secondary" part="button retake" @click=${() => this.#retake()}>${this.t('retake')}</button>
      </div>
    </section>`;
  }

  /** Continues here a transaction started on another device (the join URL's page). */
  #renderJoin(): TemplateResult {
    return html`<p class="message">${this.t('joinIntro')}</p>
      <div><button class="btn" part="button join" @click=${() => this.#flow.join(this.joinUrl)}>${this.t('joinContinue')}</button></div>`;
  }

  /** The hand-off under way: the QR code and link while waiting, then the progress on the other device. */
  #renderHandoff(): TemplateResult {
    const handoff = this.#flow.handoff!;
    const cancel = html`<button class="btn secondary" part="button handoff-cancel" @click=${() => this.#flow.cancelHandoff()}>${this.t('handoffCancel')}</button>`;
    if (handoff.status === 'joined')
      return html`<section class="handoff" part="handoff" aria-labelledby="handoff-title">
        <h3 id="handoff-title" class="focus-heading" tabindex="-1">${this.t('handoffJoined')}</h3>
        <p class="message" role="status">${this.t('handoffJoinedText')}</p>
        <div class="actions">${cancel}</div>
      </section>`;
    const expired = handoff.status === 'expired';
    return html`<section class="handoff" part="handoff" aria-labelledby="handoff-title">
      <h3 id="handoff-title" class="focus-heading" tabindex="-1">${this.t('handoffOffer')}</h3>
      ${
        expired
          ? html`<p class="message error" role="alert">${this.t('handoffExpired')}</p>`
          : handoff.qrUrl
            ? html`<p class="message">${this.t('handoffScan')}</p>
              <img class="qr" part="handoff-qr" src=${handoff.qrUrl} alt=${this.t('handoffQrAlt')} />
              <p class="muted"><a part="handoff-link" href=${handoff.joinUrl!} target="_blank" rel="noopener noreferrer">${handoff.joinUrl}</a></p>
              <p class="message" role="status">${this.t('handoffWaiting')}</p>`
            : html`<p class="message" role="status">${this.t('submitting')}</p>`
      }
      <div class="actions">
        ${expired ? html`<button class="btn" part="button handoff-new" @click=${() => this.#flow.startHandoff()}>${this.t('handoffNewCode')}</button>` : nothing}
        ${cancel}
      </div>
    </section>`;
  }

  #renderStep(): TemplateResult {
    const { step: current, stepIndex, stepCount, review } = this.#flow;
    const step = current!;
    const settings = step.settings as { requireBack?: boolean };
    const common = { lang: this.lang || '', mode: this.mode, serverUrl: this.serverUrl, inference: this.inference };
    const head = html`<div class="step-head" part="step">
      <span class="step-of">${this.t('stepOf', { n: stepIndex, total: stepCount })}</span>
      <h3 class=${review ? '' : 'focus-heading'} tabindex="-1">${this.t(stepTitles[step.type] ?? 'stepScanDocument')}</h3>
    </div>`;
    if (this.#flow.handoff) return html`${head}${this.#renderHandoff()}`;
    if (review) return html`${head}${this.#renderReview()}`;
    const scanner =
      step.type === 'ScanDocument'
        ? html`<idlens-document-scanner autostart .sides=${settings.requireBack ? 2 : 1} lang=${common.lang || nothing} theme=${this.theme || nothing} .translations=${this.translations} .mode=${common.mode} .serverUrl=${common.serverUrl} .inference=${common.inference} .recognizer=${this.recognizer} @idlens-result=${this.#onScannerResult}></idlens-document-scanner>`
        : step.type === 'ScanCard'
          ? html`<idlens-card-scanner autostart lang=${common.lang || nothing} theme=${this.theme || nothing} .translations=${this.translations} .mode=${common.mode} .serverUrl=${common.serverUrl} .inference=${common.inference} .recognizer=${this.recognizer} @idlens-result=${this.#onScannerResult}></idlens-card-scanner>`
          : html`<idlens-barcode-scanner autostart lang=${common.lang || nothing} theme=${this.theme || nothing} .translations=${this.translations} .mode=${common.mode} .serverUrl=${common.serverUrl} .inference=${common.inference} .recognizer=${this.recognizer} @idlens-result=${this.#onScannerResult}></idlens-barcode-scanner>`;
    const offer =
      this.handoff && this.#flow.canHandOff
        ? html`<div class="actions"><button class="btn secondary" part="button handoff" @click=${() => this.#startHandoff()}>${this.t('handoffOffer')}</button></div>`
        : nothing;
    const problem = this.#flow.problem ? html`<p class="message error" part="error" role="alert">${this.#errorText()}</p>` : nothing;
    return html`${head}${scanner}${problem}${offer}`;
  }

  #startHandoff(): void {
    this.#focusHeading = true;
    void this.#flow.startHandoff();
  }

  #renderDone(): TemplateResult {
    const o = this.#flow.outcome!;
    const verdict = o.verificationStatus ?? (o.processingStatus === 'Error' ? 'Error' : '');
    const failed = o.checks.filter((c) => c.outcome === 'FAIL');
    return html`<div class="verdict ${verdict}" part="status" role="status">
        <span class="badge" aria-hidden="true">${verdict === 'Accept' ? '✓' : verdict === 'Review' ? '!' : '✕'}</span>
        <h3 class="focus-heading" tabindex="-1">${this.t(verdicts[verdict] ?? 'verifyPending')}</h3>
      </div>
      ${
        failed.length
          ? html`<div><h3>${this.t('checksTitle')}</h3><ul>${failed.map((c) => html`<li><strong>${this.#checkName(c.name)}</strong> (${this.#outcomeText(c.outcome)}): ${plainReason(c.reason)}</li>`)}</ul></div>`
          : nothing
      }
      <p class="muted">${o.processingStatus} · ${o.transactionId}</p>
      <div><button class="btn secondary" part="button restart" @click=${() => this.restart()}>${this.t('restart')}</button></div>`;
  }

  /** A check's name as words (`mrzCheckDigits` → "Check digits of the machine-readable zone"). */
  #checkName(name: string): string {
    const key = checkKey(name);
    return key ? this.t(key) : humanize(name);
  }

  #outcomeText(outcome: string): string {
    const key = outcomeKey(outcome);
    return key ? this.t(key) : outcome;
  }

  #errorText(): string {
    const { code, message } = this.#flow.problem ?? { code: null, message: '' };
    if (code === handoffCancelled) return this.t('handoffTakenBack');
    return this.t('transactionError', { message: `${code ? `${code}: ` : ''}${message}` });
  }

  override render() {
    const { phase, step, outcome } = this.#flow;
    return html`<div class="card" part="card">
      <slot name="title"></slot>
      ${phase === 'start' ? (this.joinUrl ? this.#renderJoin() : this.#renderStart()) : nothing}
      ${phase === 'running' && step ? this.#renderStep() : nothing}
      ${phase === 'running' && !step ? html`<p class="message" role="status" aria-live="polite">${this.t('submitting')}</p>` : nothing}
      ${phase === 'done' && outcome ? this.#renderDone() : nothing}
      ${
        phase === 'error'
          ? html`<h3 class="focus-heading" tabindex="-1">${this.t('errorTitle')}</h3><p class="message error" part="error" role="alert">${this.#errorText()}</p>
            ${
              // Taken back by the other device: nothing is left to do here, starting again would only be refused.
              this.#flow.problem?.code === handoffCancelled
                ? nothing
                : html`<div><button class="btn secondary" part="button restart" @click=${() => this.restart()}>${this.t('restart')}</button></div>`
            }`
          : nothing
      }
    </div>`;
  }
}

if (!customElements.get('idlens-transaction')) customElements.define('idlens-transaction', IdlensTransaction);

declare global {
  interface HTMLElementTagNameMap {
    'idlens-transaction': IdlensTransaction;
  }
}
