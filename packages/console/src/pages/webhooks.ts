import { html, nothing } from 'lit';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../api.ts';
import { ActionPage, messageOf, shownOnce, when } from '../base.ts';

/**
 * The event types in the SDK's order. Written out here because the console takes only types from
 * the SDK (a value import bundles the wire module's other tables); the check below fails the build
 * when the SDK has a type this list lacks.
 */
const webhookEventTypes = [
  'transaction.created',
  'transaction.completed',
  'transaction.failed',
  'transaction.verificationStatusOverridden',
  'transaction.deleted',
] as const satisfies readonly WebhookEventType[];
const everyEventTypeListed: Exclude<WebhookEventType, (typeof webhookEventTypes)[number]> extends never ? true : never = true;
void everyEventTypeListed;

/** The status of a delivery as a badge, in the colours of the transaction statuses. */
const deliveryBadge = (status: WebhookDelivery['status']) =>
  html`<span class="badge ${status === 'delivered' ? 'Complete' : status === 'failed' ? 'Error' : 'InProgress'}">${status}</span>`;

/** `transaction.verificationStatusOverridden` → `verification status overridden`. */
const eventLabel = (type: WebhookEventType) =>
  type
    .replace(/^transaction\./, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();

/**
 * The organization's webhook endpoints (docs/webhooks.md): register one (its signing secret shown
 * once, here), switch endpoints on and off, delete one, and read an endpoint's delivery log with
 * the last attempt of each event — and send an event again.
 */
export class IdlWebhooks extends ActionPage {
  static override properties = {
    ...ActionPage.properties,
    endpoints: { state: true },
    created: { state: true },
    confirmingDelete: { state: true },
    logOf: { state: true },
    deliveries: { state: true },
  };
  declare endpoints: WebhookEndpoint[] | null;
  declare created: (WebhookEndpoint & { secret: string }) | null;
  declare confirmingDelete: string | null;
  /** The endpoint whose delivery log is open. */
  declare logOf: WebhookEndpoint | null;
  declare deliveries: WebhookDelivery[] | null;

  constructor() {
    super();
    this.endpoints = null;
    this.created = null;
    this.confirmingDelete = null;
    this.logOf = null;
    this.deliveries = null;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.focusHeading();
    void this.load();
  }

  override disconnectedCallback() {
    // The secret is not kept once the page is left.
    this.created = null;
    super.disconnectedCallback();
  }

  async load() {
    try {
      this.endpoints = await this.api.listWebhookEndpoints();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  /** An action of the page; a question about deleting is over after it, whatever it was. */
  #act(action: () => Promise<string | null>) {
    return this.act(action, () => {
      this.confirmingDelete = null;
    });
  }

  #create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const eventTypes = data.getAll('eventTypes').map(String) as WebhookEventType[];
    if (!eventTypes.length) {
      this.error = 'Choose at least one event.';
      return;
    }
    return this.#act(async () => {
      this.created = await this.api.createWebhookEndpoint({
        url: String(data.get('url') ?? '').trim(),
        description: String(data.get('description') ?? '').trim(),
        eventTypes,
      });
      form.reset();
      await this.load();
      await this.focusShownOnce();
      return null;
    });
  }

  #setEnabled(endpoint: WebhookEndpoint, enabled: boolean) {
    return this.#act(async () => {
      await this.api.setWebhookEndpointEnabled(endpoint.id, enabled);
      await this.load();
      return enabled ? `${endpoint.url} receives events again.` : `${endpoint.url} is disabled: it gets no new events.`;
    });
  }

  #delete(endpoint: WebhookEndpoint) {
    return this.#act(async () => {
      await this.api.deleteWebhookEndpoint(endpoint.id);
      if (this.logOf?.id === endpoint.id) this.#closeLog();
      if (this.created?.id === endpoint.id) this.created = null;
      await this.load();
      return `${endpoint.url} deleted with its delivery log.`;
    });
  }

  async #openLog(endpoint: WebhookEndpoint) {
    this.logOf = endpoint;
    this.deliveries = null;
    await this.#act(async () => {
      this.deliveries = (await this.api.listWebhookDeliveries(endpoint.id)).items;
      return null;
    });
    await this.updateComplete;
    this.querySelector<HTMLElement>('#delivery-log')?.focus();
  }

  #closeLog() {
    this.logOf = null;
    this.deliveries = null;
  }

  #redeliver(delivery: WebhookDelivery) {
    const endpoint = this.logOf;
    if (!endpoint) return;
    return this.#act(async () => {
      await this.api.redeliverWebhook(endpoint.id, delivery.eventId);
      this.deliveries = (await this.api.listWebhookDeliveries(endpoint.id)).items;
      return `The ${eventLabel(delivery.type)} event of ${delivery.transactionId.slice(0, 8)}… will be sent again.`;
    });
  }

  #secret(shown: WebhookEndpoint & { secret: string }) {
    return shownOnce({
      label: 'Signing secret of the new endpoint',
      intro: html`<strong>Endpoint registered.</strong> Copy its signing secret now: it is shown only this once. Your receiver verifies every
        message with it (docs/webhooks.md).`,
      values: [
        ['URL', shown.url],
        ['Signing secret', shown.secret],
      ],
      copyLabel: 'Copy secret',
      onCopy: () => this.copy(shown.secret, 'Secret'),
      hideLabel: 'I have stored it — hide',
      onHide: () => {
        this.created = null;
      },
    });
  }

  #actions(e: WebhookEndpoint) {
    if (this.confirmingDelete === e.id)
      return html`<div class="actions" role="group" aria-label="Confirm deleting ${e.url}">
        <p class="hint">Its delivery log goes too, and events not yet sent are never sent.</p>
        <button class="btn danger small" type="button" ?disabled=${this.busy} @click=${() => this.#delete(e)}>Delete endpoint</button>
        <button class="btn secondary small" type="button" @click=${() => {
          this.confirmingDelete = null;
        }}>Cancel</button></div>`;
    return html`<div class="actions">
      <button class="btn secondary small" type="button" @click=${() => this.#openLog(e)}>Deliveries<span class="sr-only"> of ${e.url}</span></button>
      <button class="btn secondary small" type="button" ?disabled=${this.busy} @click=${() => this.#setEnabled(e, !e.enabled)}>${e.enabled ? 'Disable' : 'Enable'}<span
        class="sr-only"> ${e.url}</span></button>
      <button class="btn secondary small" type="button" @click=${() => {
        this.confirmingDelete = e.id;
      }}>Delete…<span class="sr-only"> ${e.url}</span></button>
    </div>`;
  }

  #log(endpoint: WebhookEndpoint) {
    const rows = this.deliveries;
    return html`<section class="card" aria-labelledby="delivery-log">
      <h2 id="delivery-log" tabindex="-1">Deliveries to ${endpoint.url}</h2>
      <div class="actions"><button class="btn secondary small" type="button" @click=${() => this.#openLog(endpoint)}>Refresh</button>
        <button class="btn secondary small" type="button" @click=${() => this.#closeLog()}>Close</button></div>
      ${
        rows === null
          ? html`<p role="status">Loading…</p>`
          : rows.length === 0
            ? html`<p>No events yet.</p>`
            : html`<div class="table-wrap"><table class="responsive">
          <thead><tr><th scope="col">Event</th><th scope="col">Happened</th><th scope="col">Transaction</th><th scope="col">Status</th><th scope="col">Attempts</th>
            <th scope="col">Last attempt</th><th scope="col">Answer</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${rows.map(
            (d) => html`<tr>
              <td data-label="Event">${eventLabel(d.type)}</td>
              <td data-label="Happened">${when(d.createdOn)}</td>
              <td data-label="Transaction">${
                d.type === 'transaction.deleted'
                  ? html`<code>${d.transactionId.slice(0, 8)}…</code>`
                  : html`<a href="#/transactions/${encodeURIComponent(d.transactionId)}"><code>${d.transactionId.slice(0, 8)}…</code></a>`
              }</td>
              <td data-label="Status">${deliveryBadge(d.status)}${d.nextAttemptOn ? html`<br><span class="hint">next ${when(d.nextAttemptOn)}</span>` : nothing}</td>
              <td data-label="Attempts">${d.attempts}</td>
              <td data-label="Last attempt">${when(d.lastAttemptOn)}</td>
              <td data-label="Answer">${
                d.lastAttemptOn ? `${d.lastError ?? `HTTP ${d.lastStatusCode}`}${d.lastLatencyMs === null ? '' : ` · ${d.lastLatencyMs} ms`}` : '—'
              }</td>
              <td data-label="Actions"><button class="btn secondary small" type="button" ?disabled=${this.busy} @click=${() => this.#redeliver(d)}>Send again<span
                class="sr-only"> ${eventLabel(d.type)} of ${d.transactionId}</span></button></td>
            </tr>`,
          )}</tbody></table></div>`
      }
    </section>`;
  }

  override render() {
    return html`<h1 tabindex="-1">Webhooks</h1>
      <p class="hint">Your endpoints are told when this organization's transactions are created, complete, fail, are overridden or deleted —
        ids and statuses only, signed with the endpoint's secret (Standard Webhooks).</p>
      ${this.outcome()}
      <section class="card" aria-labelledby="new-endpoint">
        <h2 id="new-endpoint">New endpoint</h2>
        <form @submit=${this.#create}>
          <label class="field"><span>URL</span><input name="url" type="url" required maxlength="2000" placeholder="https://example.com/idlens-events"></label>
          <label class="field"><span>Description (optional)</span><input name="description" maxlength="200"></label>
          <fieldset class="field"><legend>Events</legend>
            ${webhookEventTypes.map((type) => html`<label class="check"><input type="checkbox" name="eventTypes" value=${type} checked> ${eventLabel(type)}</label>`)}
          </fieldset>
          <div class="actions"><button class="btn" type="submit" ?disabled=${this.busy}>Register endpoint</button></div>
        </form>
        ${this.created ? this.#secret(this.created) : nothing}
      </section>
      <section class="card" aria-labelledby="endpoint-list">
        <h2 id="endpoint-list">Endpoints of this organization</h2>
        ${
          this.endpoints === null
            ? html`<p role="status">Loading…</p>`
            : this.endpoints.length === 0
              ? html`<p>No endpoints yet.</p>`
              : html`<div class="table-wrap"><table class="responsive">
              <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
              <tbody>${this.endpoints.map(
                (e) => html`<tr>
                  <td data-label="URL"><code>${e.url}</code>${e.description ? html`<br><span class="hint">${e.description}</span>` : nothing}</td>
                  <td data-label="Events">${e.eventTypes.map(eventLabel).join(', ')}</td>
                  <td data-label="State"><span class="badge ${e.enabled ? 'Complete' : 'none'}">${e.enabled ? 'enabled' : 'disabled'}</span></td>
                  <td data-label="Actions">${this.#actions(e)}</td>
                </tr>`,
              )}</tbody></table></div>`
        }
      </section>
      ${this.logOf ? this.#log(this.logOf) : nothing}`;
  }
}
