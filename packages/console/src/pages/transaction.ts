import { html, nothing } from 'lit';
import type { StateEntry, TransactionRecord, VerificationStatus } from '../api.ts';
import { badge, ConsoleElement, errorBox, messageOf, when } from '../base.ts';

interface BlobRef {
  id: string;
  contentType: string;
  size: number;
}

const isBlobRef = (v: unknown): v is BlobRef =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as BlobRef).id === 'string' &&
  typeof (v as BlobRef).contentType === 'string' &&
  typeof (v as BlobRef).size === 'number';

/** Every image a state entry references, with where (`extraction.fullDocumentFrontImage`). */
export function blobRefs(entry: StateEntry): Array<{ where: string; ref: BlobRef }> {
  const found: Array<{ where: string; ref: BlobRef }> = [];
  for (const part of ['input', 'extraction'] as const) {
    for (const [key, value] of Object.entries(entry[part] ?? {})) if (isBlobRef(value)) found.push({ where: `${part}.${key}`, ref: value });
  }
  return found;
}

/** Leaf values of an object as `path → value` rows, images left out (they are shown beside). */
export function flatten(value: unknown, prefix = '', rows: Array<[string, string]> = [], depth = 0): Array<[string, string]> {
  if (rows.length >= 300) return rows;
  if (isBlobRef(value)) return rows;
  if (value === null || typeof value !== 'object') {
    rows.push([prefix || '(value)', value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value)]);
    return rows;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return rows;
  if (depth >= 5) {
    rows.push([prefix, JSON.stringify(value)]);
    return rows;
  }
  for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, rows, depth + 1);
  return rows;
}

const statuses: VerificationStatus[] = ['Accept', 'Reject', 'Review'];

/** One transaction: progress, every state entry (fields beside the images), status log, override and delete. */
export class IdlTransaction extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    transactionId: { attribute: false },
    record: { state: true },
    error: { state: true },
    actionError: { state: true },
    actionMessage: { state: true },
    images: { state: true },
    confirmDelete: { state: true },
    deleted: { state: true },
    busy: { state: true },
  };
  declare transactionId: string;
  declare record: TransactionRecord | null;
  declare error: string | null;
  declare actionError: string | null;
  declare actionMessage: string | null;
  /** blob id → object URL (or null while loading / on failure). */
  declare images: Map<string, string | null>;
  /** The id whose deletion the operator is asked to confirm (the one on screen), or null. */
  declare confirmDelete: string | null;
  declare deleted: boolean;
  declare busy: boolean;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.record = null;
    this.error = null;
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
      this.record = record;
      this.error = null;
      void this.#loadImages();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  async #loadImages() {
    const record = this.record;
    if (!record) return;
    const ids = new Set(Object.values(record.state).flatMap((e) => blobRefs(e).map((b) => b.ref.id)));
    for (const id of ids) {
      if (this.images.has(id)) continue;
      this.images = new Map(this.images).set(id, null);
      try {
        const url = await this.api.blobUrl(record.id, id);
        this.images = new Map(this.images).set(id, url);
      } catch {
        // Shown as "could not be loaded".
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

  override render() {
    if (this.deleted)
      return html`<h1 tabindex="-1">Transaction deleted</h1>
        <p role="status">Transaction <code>${this.transactionId}</code> was deleted with its images; it is no longer listed.</p>
        <a class="btn" href="#/transactions">Back to transactions</a>`;
    if (!this.record)
      return html`<h1 tabindex="-1">Transaction</h1>
        ${this.error ? errorBox(this.error) : html`<p role="status">Loading…</p>`}<a href="#/transactions">Back to transactions</a>`;
    const t = this.record;
    const entries = Object.entries(t.state).sort(([, a], [, b]) => (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0));
    const closed = t.processingStatus !== 'InProgress';
    return html`<p><a href="#/transactions">← Transactions</a></p>
      <h1 tabindex="-1">Transaction <span class="mono">${t.id.slice(0, 8)}…</span></h1>
      ${errorBox(this.error)}
      <section class="card" aria-labelledby="summary-title">
        <h2 id="summary-title" class="sr-only">Summary</h2>
        <dl class="summary">
          <div><dt>Transaction ID</dt><dd><code>${t.id}</code></dd></div>
          <div><dt>Processing status</dt><dd>${badge(t.processingStatus)}</dd></div>
          <div><dt>Verification status</dt><dd>${badge(t.verificationStatus)}</dd></div>
          <div><dt>Original verification status</dt><dd>${badge(t.originalVerificationStatus)}</dd></div>
          <div><dt>Workflow</dt><dd><a href="#/workflows/${encodeURIComponent(t.workflowId)}">${t.workflowId}</a></dd></div>
          <div><dt>Workflow version</dt><dd><code>${t.workflowVersionId}</code></dd></div>
          <div><dt>Created</dt><dd>${when(t.createdOn)}</dd></div>
          <div><dt>Modified</dt><dd>${when(t.modifiedOn)}</dd></div>
          <div><dt>Platform / SDK</dt><dd>${t.platform} ${t.sdkVersion?.version ?? ''}</dd></div>
          <div><dt>End user</dt><dd><code>${t.consent.userId}</code></dd></div>
          <div><dt>Images may be stored</dt><dd>${t.consent.isProcessingStoringAllowed ? 'yes' : 'no'}</dd></div>
          ${t.tags.length ? html`<div><dt>Tags</dt><dd>${t.tags.join(', ')}</dd></div>` : nothing}
        </dl>
      </section>
      <section class="card" aria-labelledby="progress-title">
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
      </section>
      <section class="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        ${this.actionMessage ? html`<p class="ok" role="status">${this.actionMessage}</p>` : nothing}
        ${errorBox(this.actionError)}
        <div class="two">
          <form @submit=${this.#override} aria-labelledby="override-title">
            <h3 id="override-title">Override the verification status</h3>
            ${t.processingStatus === 'Complete' ? nothing : html`<p class="hint" id="override-hint">Possible once the transaction is Complete.</p>`}
            <div class="rows">
              <label class="field"><span>New verification status</span>
                <select name="verificationStatus" ?disabled=${t.processingStatus !== 'Complete'}>${statuses.map((s) => html`<option ?selected=${s === t.verificationStatus}>${s}</option>`)}</select></label>
              <label class="field"><span>Comment (the reason, kept in the status log)</span>
                <input name="comment" maxlength="2000" ?disabled=${t.processingStatus !== 'Complete'}></label>
              <div class="actions"><button class="btn" type="submit" ?disabled=${t.processingStatus !== 'Complete' || this.busy}>Save status</button></div>
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
      </section>
      <section class="card" aria-labelledby="state-title">
        <h2 id="state-title">State entries (${entries.length})</h2>
        ${entries.map(([key, entry]) => this.#entry(key, entry))}
      </section>
      <section class="card" aria-labelledby="log-title">
        <h2 id="log-title">Status log</h2>
        <div class="table-wrap"><table class="responsive">
          <thead><tr><th scope="col">When</th><th scope="col">By</th><th scope="col">Field</th><th scope="col">Change</th><th scope="col">Comment</th></tr></thead>
          <tbody>${t.statusLog.map(
            (
              l,
            ) => html`<tr><td data-label="When">${when(l.changedOn)}</td><td data-label="By"><code>${l.changedBy}</code></td><td data-label="Field">${l.field}</td>
              <td data-label="Change">${l.oldValue ?? '—'} → ${l.newValue ?? '—'}</td><td data-label="Comment">${l.comment ?? ''}</td></tr>`,
          )}</tbody>
        </table></div>
      </section>`;
  }

  #entry(key: string, entry: StateEntry) {
    const images = blobRefs(entry);
    const fields = flatten({ extraction: entry.extraction, output: entry.output, input: entry.input });
    return html`<article class="entry" aria-labelledby="entry-${key}">
      <h3 id="entry-${key}"><code>${key}</code> · ${entry.stepType} <span class="hint">(step #${entry.stepId}, ${when(entry.createdOn)})</span></h3>
      <div class="entry-body">
        <div>${
          fields.length
            ? html`<table class="kv"><caption class="sr-only">Fields of ${key}</caption><tbody>${fields.map(([k, v]) => html`<tr><th scope="row">${k}</th><td>${v}</td></tr>`)}</tbody></table>`
            : html`<p class="hint">No fields.</p>`
        }</div>
        <div class="images">${
          images.length === 0
            ? html`<p class="hint">No images.</p>`
            : images.map(({ where, ref }) => {
                const url = this.images.get(ref.id);
                return html`<figure>
                  ${url ? html`<img src=${url} alt="${where} of ${key}">` : html`<p class="hint">${this.images.has(ref.id) ? 'Loading image…' : 'The image could not be loaded.'}</p>`}
                  <figcaption>${where} · ${ref.contentType} · ${Math.round(ref.size / 1024)} KiB</figcaption>
                </figure>`;
              })
        }</div>
      </div>
    </article>`;
  }
}
