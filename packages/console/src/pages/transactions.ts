import { html, nothing } from 'lit';
import type { TransactionSummary, WorkflowSummary } from '../api.ts';
import { badge, ConsoleElement, errorBox, messageOf, when } from '../base.ts';
import { type FormFilters, filterNames, filtersFromQuery, listHash, toListFilters } from '../transaction/list-filters.ts';

const pageSize = 20;

/** The last list the operator looked at, so "← Transactions" on a transaction goes back to it. */
export let lastListHash = '#/transactions';

/**
 * The organization's transactions, newest first, with search, filters, paging and auto-refresh.
 * The filters are the URL's (`query`): applying them changes the URL, so Back and Forward step
 * through earlier searches and the URL can be shared.
 */
export class IdlTransactions extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    items: { state: true },
    workflows: { state: true },
    error: { state: true },
    loading: { state: true },
    cursors: { state: true },
    nextCursor: { state: true },
    autoRefresh: { state: true },
    updatedAt: { state: true },
    query: { attribute: false },
  };
  /** The URL's query (after `?`): the filters shown. */
  declare query: string;
  declare items: TransactionSummary[];
  declare workflows: WorkflowSummary[];
  declare error: string | null;
  declare loading: boolean;
  /** Cursors of the pages before the current one ('' = the first page), for "Previous". */
  declare cursors: string[];
  declare nextCursor: string | null;
  declare autoRefresh: boolean;
  declare updatedAt: string | null;
  filters: FormFilters = filtersFromQuery('');
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Counts loads: an answer for an earlier list (other filters, another page) is dropped. */
  #loads = 0;

  constructor() {
    super();
    this.items = [];
    this.workflows = [];
    this.error = null;
    this.loading = false;
    this.cursors = [''];
    this.nextCursor = null;
    this.autoRefresh = true;
    this.updatedAt = null;
    this.query = '';
  }

  /** A new URL (applied filters, Back, Forward, a shared link) is a new list from its first page. */
  override willUpdate(changed: Map<string, unknown>) {
    if (!changed.has('query')) return;
    this.filters = filtersFromQuery(this.query);
    lastListHash = listHash(this.filters);
    this.cursors = [''];
    // The form shows the URL's filters, also when the element (and its form) is kept.
    this.querySelector('form')?.reset();
    if (this.isConnected && changed.get('query') !== undefined) void this.load();
  }

  override connectedCallback() {
    super.connectedCallback();
    this.filters = filtersFromQuery(this.query);
    this.focusHeading();
    this.api.listWorkflows().then(
      (w) => {
        this.workflows = w;
      },
      () => {},
    );
    void this.load();
    this.#timer = setInterval(() => {
      // Only the first page refreshes by itself: later pages would shift under the reader.
      if (this.autoRefresh && this.cursors.length === 1 && !this.loading && document.visibilityState === 'visible') void this.load(true);
    }, 5000);
  }

  override disconnectedCallback() {
    clearInterval(this.#timer);
    super.disconnectedCallback();
  }

  get #cursor() {
    return this.cursors.at(-1) ?? '';
  }

  async load(quiet = false) {
    const load = ++this.#loads;
    if (!quiet) this.loading = true;
    try {
      const page = await this.api.listTransactions({ ...toListFilters(this.filters), limit: pageSize, cursor: this.#cursor || undefined });
      if (load !== this.#loads) return;
      this.items = page.items;
      this.nextCursor = page.nextCursor;
      this.error = null;
      this.updatedAt = new Date().toISOString();
    } catch (error) {
      if (load === this.#loads) this.error = messageOf(error);
    } finally {
      if (load === this.#loads) this.loading = false;
    }
  }

  #apply(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const filters = Object.fromEntries(filterNames.map((name) => [name, String(data.get(name) ?? '').trim()])) as unknown as FormFilters;
    if (filters.from && filters.to && filters.from > filters.to) {
      this.error = 'The "from" date is after the "to" date.';
      return;
    }
    this.#go(filters);
  }

  #reset() {
    this.#go(filtersFromQuery(''));
  }

  /** Shows the list of these filters by its URL; the same URL again is a reload of the first page. */
  #go(filters: FormFilters) {
    const hash = listHash(filters);
    if (hash !== location.hash) {
      location.hash = hash;
      return;
    }
    this.cursors = [''];
    void this.load();
  }

  #page(direction: 1 | -1) {
    if (direction === 1 && this.nextCursor) this.cursors = [...this.cursors, this.nextCursor];
    if (direction === -1 && this.cursors.length > 1) this.cursors = this.cursors.slice(0, -1);
    void this.load();
  }

  override render() {
    const f = this.filters;
    const option = (value: string, label: string, current: string) => html`<option value=${value} ?selected=${value === current}>${label}</option>`;
    return html`<h1 tabindex="-1">Transactions</h1>
      <form class="card" @submit=${this.#apply} aria-label="Filters">
        <div class="grid search">
          <label class="field"><span>Transaction ID</span><input name="transactionId" .defaultValue=${f.transactionId} maxlength="200"
            spellcheck="false" autocapitalize="off" autocomplete="off" aria-describedby="search-hint"></label>
          <label class="field"><span>User ID</span><input name="userId" .defaultValue=${f.userId} maxlength="256" spellcheck="false"
            autocapitalize="off" autocomplete="off" aria-describedby="search-hint"></label>
        </div>
        <p class="hint" id="search-hint">The full transaction id, or the customer's user id (<code>consent.userId</code>); both must match exactly.</p>
        <div class="grid">
          <label class="field"><span>Processing status</span>
            <select name="processingStatus">${option('', 'Any', f.processingStatus)}${['InProgress', 'Complete', 'Error'].map((s) => option(s, s, f.processingStatus))}</select></label>
          <label class="field"><span>Verification status</span>
            <select name="verificationStatus">${option('', 'Any', f.verificationStatus)}${['Accept', 'Reject', 'Review'].map((s) => option(s, s, f.verificationStatus))}</select></label>
          <label class="field"><span>Workflow</span>
            <select name="workflowId">${option('', 'Any', f.workflowId)}${this.workflows.map((w) => option(w.workflowId, `${w.name} (${w.workflowId})`, f.workflowId))}</select></label>
          <label class="field"><span>Created from</span><input type="date" name="from" .defaultValue=${f.from}></label>
          <label class="field"><span>Created until</span><input type="date" name="to" .defaultValue=${f.to}></label>
        </div>
        <p class="hint">Dates are UTC days; both ends are included.</p>
        <div class="actions">
          <button class="btn" type="submit">Apply filters</button>
          <button class="btn secondary" type="button" @click=${() => this.#reset()}>Reset</button>
        </div>
      </form>
      <section class="card" aria-labelledby="list-title">
        <div class="toolbar">
          <h2 id="list-title">${this.loading ? 'Loading…' : `${this.items.length} transaction${this.items.length === 1 ? '' : 's'} on this page`}</h2>
          <div class="actions">
            <label class="check"><input type="checkbox" .checked=${this.autoRefresh} @change=${(e: Event) => {
              this.autoRefresh = (e.target as HTMLInputElement).checked;
            }}> Auto-refresh</label>
            <button class="btn secondary small" type="button" @click=${() => this.load()}>Refresh</button>
          </div>
        </div>
        ${errorBox(this.error)}
        ${
          this.items.length === 0 && !this.loading
            ? html`<p>No transactions match.</p>`
            : html`<div class="table-wrap"><table class="responsive">
              <thead><tr><th scope="col">Created</th><th scope="col">Transaction</th><th scope="col">Workflow</th><th scope="col">Processing</th><th scope="col">Verification</th></tr></thead>
              <tbody>${this.items.map(
                (t) => html`<tr>
                  <td data-label="Created">${when(t.createdOn)}</td>
                  <td data-label="Transaction"><a href="#/transactions/${encodeURIComponent(t.id)}" class="mono">${t.id.slice(0, 8)}…</a><span class="sr-only"> ${t.id}</span></td>
                  <td data-label="Workflow">${t.workflowId}</td>
                  <td data-label="Processing">${badge(t.processingStatus)}</td>
                  <td data-label="Verification">${badge(t.verificationStatus)}</td>
                </tr>`,
              )}</tbody></table></div>`
        }
        <nav class="pager" aria-label="Pages">
          <button class="btn secondary small" type="button" ?disabled=${this.cursors.length <= 1} @click=${() => this.#page(-1)}>Previous page</button>
          <span class="hint">Page ${this.cursors.length}${this.updatedAt ? html` · updated ${when(this.updatedAt)}` : nothing}</span>
          <button class="btn secondary small" type="button" ?disabled=${!this.nextCursor} @click=${() => this.#page(1)}>Next page</button>
        </nav>
      </section>`;
  }
}
