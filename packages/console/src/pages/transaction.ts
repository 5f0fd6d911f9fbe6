import { html, nothing } from 'lit';
import { ApiFailure, type TransactionRecord, type VerificationStatus } from '../api.ts';
import { ConsoleElement, errorBox, messageOf } from '../base.ts';
import { entriesInOrder, isBlobRef, reviewOf } from '../transaction/review.ts';
import { describePredicate, stepsOf } from '../workflow/describe.ts';
import { notFound } from './not-found.ts';
import { rawState } from './raw-state.ts';
import { statusLog } from './status-log.ts';
import { reviewCard } from './transaction-review.ts';
import { lastListHash } from './transactions.ts';

const statuses: VerificationStatus[] = ['Accept', 'Reject', 'Review'];

/**
 * One transaction, in the order an operator reviewing it asks: who is this and why was it
 * decided (transaction-review.ts), the workflow's progress, the actions (override, delete), the
 * status log, and the raw state of every step behind a disclosure.
 */
export class IdlTransaction extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    transactionId: { attribute: false },
    record: { state: true },
    definition: { state: true },
    clientNames: { state: true },
    error: { state: true },
    missing: { state: true },
    actionError: { state: true },
    actionMessage: { state: true },
    images: { state: true },
    confirmDelete: { state: true },
    deleted: { state: true },
    busy: { state: true },
  };
  declare transactionId: string;
  declare record: TransactionRecord | null;
  /** The definition of the record's workflow version, for the conditions in words (loaded once, best effort). */
  declare definition: unknown;
  declare clientNames: Map<string, string>;
  declare error: string | null;
  /** The organization has no such transaction (never had, or it was deleted). */
  declare missing: boolean;
  declare actionError: string | null;
  declare actionMessage: string | null;
  /** blob id → object URL (or null while loading; absent after a failure). */
  declare images: Map<string, string | null>;
  /** The id whose deletion the operator is asked to confirm (the one on screen), or null. */
  declare confirmDelete: string | null;
  declare deleted: boolean;
  declare busy: boolean;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Blob ids asked for, so each image is fetched once (a failed one is not asked again). */
  #requested = new Set<string>();

  constructor() {
    super();
    this.record = null;
    this.definition = null;
    this.clientNames = new Map();
    this.error = null;
    this.missing = false;
    this.actionError = null;
    this.actionMessage = null;
    this.images = new Map();
    this.confirmDelete = null;
    this.deleted = false;
    this.busy = false;
  }

  override connectedCallback() {
    super.connectedCallback();
    void this.load().then(() => this.focusHeading());
    // While the workflow runs, the record follows it.
    this.#timer = setInterval(() => {
      if (this.record?.processingStatus === 'InProgress' && document.visibilityState === 'visible') void this.load();
    }, 3000);
  }

  override disconnectedCallback() {
    clearInterval(this.#timer);
    for (const url of this.images.values()) if (url) URL.revokeObjectURL(url);
    super.disconnectedCallback();
  }

  async load() {
    const id = this.transactionId;
    try {
      const record = await this.api.getTransaction(id);
      if (id !== this.transactionId || record.id !== id) return; // an answer for another page
      const first = this.record === null;
      this.record = record;
      this.error = null;
      void this.#loadImages();
      if (first) void this.#loadContext(record);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) this.missing = true;
      else this.error = messageOf(error);
    }
  }

  /** The workflow's definition (conditions in words) and the clients' names (the status log): nice to have, so failures are quiet. */
  async #loadContext(record: TransactionRecord) {
    const [version, clients] = await Promise.allSettled([this.api.getVersion(record.workflowId, record.workflowVersionId), this.api.listClients()]);
    if (version.status === 'fulfilled') this.definition = version.value.definition;
    if (clients.status === 'fulfilled') this.clientNames = new Map(clients.value.map((c) => [c.clientId, c.name]));
  }

  async #loadImages() {
    const record = this.record;
    if (!record) return;
    const ids = new Set(
      Object.values(record.state).flatMap((e) => [...Object.values(e.input ?? {}), ...Object.values(e.extraction ?? {})].filter(isBlobRef).map((b) => b.id)),
    );
    for (const id of ids) {
      if (this.#requested.has(id)) continue;
      this.#requested.add(id);
      this.images = new Map(this.images).set(id, null);
      try {
        const url = await this.api.blobUrl(record.id, id);
        this.images = new Map(this.images).set(id, url);
      } catch {
        const images = new Map(this.images);
        images.delete(id);
        this.images = images;
      }
    }
  }

  async #override(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const id = this.record?.id;
    if (!id) return;
    this.busy = true;
    this.actionError = null;
    this.actionMessage = null;
    try {
      const status = String(data.get('verificationStatus')) as VerificationStatus;
      await this.api.setVerificationStatus(id, status, String(data.get('comment') ?? '').trim());
      (event.target as HTMLFormElement).reset();
      this.actionMessage = `Verification status set to ${status}.`;
      await this.load();
    } catch (error) {
      this.actionError = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  /** Deletes the transaction the confirmation named, and only while that is the one on screen. */
  async #delete(id: string) {
    if (id !== this.record?.id) {
      this.confirmDelete = null;
      this.actionError = 'The transaction on screen changed; nothing was deleted.';
      return;
    }
    this.busy = true;
    this.actionError = null;
    try {
      await this.api.deleteTransaction(id);
      this.deleted = true;
      this.record = null;
    } catch (error) {
      this.actionError = messageOf(error);
    } finally {
      this.busy = false;
      this.confirmDelete = null;
    }
  }

  #conditionText = (stepId: number): string | null => {
    const step = stepsOf(this.definition).find((s) => s.id === stepId);
    return step?.type === 'Condition' ? describePredicate(step.settings?.if) : null;
  };

  override render() {
    const back = html`<p><a href=${lastListHash}>← Transactions</a></p>`;
    if (this.deleted)
      return html`<h1 tabindex="-1">Transaction deleted</h1>
        <p role="status">Transaction <code>${this.transactionId}</code> was deleted with its images; it is no longer listed.</p>
        <a class="btn" href="#/transactions">Back to transactions</a>`;
    if (this.missing) return notFound('transaction', this.transactionId);
    if (!this.record)
      return html`${back}<h1 tabindex="-1">Transaction <span class="mono">${this.transactionId.slice(0, 8)}…</span></h1>
        ${this.error ? errorBox(this.error) : html`<p role="status">Loading…</p>`}`;
    const t = this.record;
    const entries = entriesInOrder(t);
    const review = reviewOf(t, { today: new Date().toISOString().slice(0, 10), conditionText: this.#conditionText });
    const url = (id: string) => this.images.get(id);
    return html`${back}
      <h1 tabindex="-1">Transaction <span class="mono">${t.id.slice(0, 8)}…</span></h1>
      ${errorBox(this.error)}
      ${reviewCard(t, review, url)}
      ${this.#progress(t)}
      ${this.#actions(t)}
      ${statusLog(t.statusLog, (id) => this.clientNames.get(id) ?? null)}
      ${rawState(entries, url)}`;
  }

  #progress(t: TransactionRecord) {
    const closed = t.processingStatus !== 'InProgress';
    return html`<section class="card" aria-labelledby="progress-title">
      <h2 id="progress-title">Workflow progress</h2>
      <p>Current step: <strong>${t.workflowInfo.currentStep}</strong></p>
      <ol class="progress">
        ${t.workflowInfo.steps.map((s) => {
          const done = t.workflowInfo.completedStepIds.includes(s.id);
          const current = !closed && s.id === t.workflowInfo.currentStepId;
          const state = current ? 'current' : done ? 'done' : t.workflowInfo.pendingStepIds.includes(s.id) ? 'pending' : 'skipped';
          const label = { current: 'current', done: 'done', pending: 'pending', skipped: 'not run' }[state];
          return html`<li class=${state} aria-current=${current ? 'step' : nothing}>${s.name}${s.name !== s.type ? ` (${s.type})` : ''} — ${label}</li>`;
        })}
      </ol>
    </section>`;
  }

  #actions(t: TransactionRecord) {
    const closed = t.processingStatus !== 'InProgress';
    const complete = t.processingStatus === 'Complete';
    return html`<section class="card" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      ${this.actionMessage ? html`<p class="ok" role="status">${this.actionMessage}</p>` : nothing}
      ${errorBox(this.actionError)}
      <div class="two">
        <form @submit=${this.#override} aria-labelledby="override-title">
          <h3 id="override-title">Override the verification status</h3>
          ${complete ? nothing : html`<p class="hint" id="override-hint">Possible once the transaction is Complete.</p>`}
          <div class="rows">
            <label class="field"><span>New verification status</span>
              <select name="verificationStatus" ?disabled=${!complete}>${statuses.map((s) => html`<option ?selected=${s === t.verificationStatus}>${s}</option>`)}</select></label>
            <label class="field"><span>Comment (the reason, kept in the status log)</span>
              <input name="comment" maxlength="2000" ?disabled=${!complete}></label>
            <div class="actions"><button class="btn" type="submit" ?disabled=${!complete || this.busy}>Save status</button></div>
          </div>
        </form>
        <div>
          <h3>Delete</h3>
          <p class="hint">Deletes the transaction, its state, status log and images. Possible once it is no longer in progress.</p>
          ${
            this.confirmDelete === t.id
              ? html`<div class="confirm" role="group" aria-labelledby="confirm-delete">
                <p id="confirm-delete">Delete transaction <code>${t.id}</code> permanently? This cannot be undone.</p>
                <div class="actions">
                <button class="btn danger" type="button" ?disabled=${this.busy} @click=${() => this.#delete(t.id)}>Delete permanently</button>
                <button class="btn secondary" type="button" @click=${() => {
                  this.confirmDelete = null;
                }}>Cancel</button></div></div>`
              : html`<button class="btn danger" type="button" ?disabled=${!closed} @click=${() => {
                  this.confirmDelete = t.id;
                }}>Delete transaction…</button>`
          }
        </div>
      </div>
    </section>`;
  }
}
