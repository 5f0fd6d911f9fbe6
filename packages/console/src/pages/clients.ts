import { html, nothing } from 'lit';
import type { OwnClient } from '../api.ts';
import { ConsoleElement, errorBox, messageOf, when } from '../base.ts';

/** A secret shown once: a new client's, or a rotated one. */
interface ShownSecret {
  clientId: string;
  clientSecret: string;
  name: string;
  /** What happened, e.g. `Client "x" created.` */
  title: string;
  /** The secret of the client signed in was rotated: the session ended with the old secret. */
  self: boolean;
}

/**
 * The organization's clients: create one (its secret is shown once, here), list them, rotate a
 * secret (the new one shown once, the old one stops), revoke one. The client signed in cannot
 * revoke itself (the server refuses too); rotating its own secret ends this session, so the new
 * secret is shown first and the sign-in comes when the operator has stored it.
 */
export class IdlClients extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    clients: { state: true },
    error: { state: true },
    created: { state: true },
    confirming: { state: true },
    message: { state: true },
    busy: { state: true },
  };
  declare clients: OwnClient[] | null;
  declare error: string | null;
  declare created: ShownSecret | null;
  /** The question on screen: which client, for which action. */
  declare confirming: { clientId: string; action: 'revoke' | 'rotate' } | null;
  declare message: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.clients = null;
    this.error = null;
    this.created = null;
    this.confirming = null;
    this.message = null;
    this.busy = false;
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
      this.clients = await this.api.listClients();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  async #create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    this.busy = true;
    this.error = null;
    this.message = null;
    try {
      const created = await this.api.createClient(String(new FormData(form).get('name') ?? '').trim());
      this.created = { ...created, title: `Client "${created.name}" created.`, self: false };
      form.reset();
      await this.load();
      await this.updateComplete;
      this.querySelector<HTMLElement>('.secret')?.focus();
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  async #revoke(client: OwnClient) {
    this.busy = true;
    this.error = null;
    try {
      await this.api.revokeClient(client.clientId);
      this.message = `Client "${client.name}" revoked: its secret and tokens no longer work.`;
      if (this.created?.clientId === client.clientId) this.created = null;
      await this.load();
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.confirming = null;
      this.busy = false;
    }
  }

  async #rotate(client: OwnClient) {
    this.busy = true;
    this.error = null;
    this.message = null;
    try {
      const rotated = await this.api.rotateClientSecret(client.clientId);
      this.created = { ...rotated, name: client.name, title: `New secret of "${client.name}".`, self: client.isCaller };
      await this.updateComplete;
      this.querySelector<HTMLElement>('.secret')?.focus();
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.confirming = null;
      this.busy = false;
    }
  }

  /** The secret was stored: hide it; after rotating its own secret the session has ended, so the sign-in comes next. */
  #stored() {
    const self = this.created?.self;
    this.created = null;
    if (self) {
      this.api.forget();
      this.api.onSignedOut?.();
    }
  }

  async #copy() {
    if (this.created) await navigator.clipboard?.writeText(this.created.clientSecret).catch(() => {});
    this.message = 'Secret copied to the clipboard.';
  }

  #secret(shown: ShownSecret) {
    return html`<div class="secret" tabindex="-1" role="region" aria-label="New client credentials">
      <p><strong>${shown.title}</strong> Copy the secret now: it is shown only this once (the server keeps only its hash).${
        shown.self ? ' This was the client you signed in with: your session has ended, sign in again with the new secret.' : ''
      }</p>
      <span class="label">Client ID</span><code>${shown.clientId}</code>
      <span class="label">Client secret</span><code id="new-secret">${shown.clientSecret}</code>
      <div class="actions"><button class="btn secondary small" type="button" @click=${() => this.#copy()}>Copy secret</button>
        <button class="btn secondary small" type="button" @click=${() => this.#stored()}>${shown.self ? 'I have stored it — sign in again' : 'I have stored it — hide'}</button></div>
    </div>`;
  }

  /** Rotate (any client) and revoke (another client), each after a question naming the client. */
  #actions(c: OwnClient) {
    const cancel = html`<button class="btn secondary small" type="button" @click=${() => {
      this.confirming = null;
    }}>Cancel</button>`;
    if (this.confirming?.clientId === c.clientId && this.confirming.action === 'revoke')
      return html`<div class="actions" role="group" aria-label="Confirm revoking ${c.name}">
        <button class="btn danger small" type="button" ?disabled=${this.busy} @click=${() => this.#revoke(c)}>Revoke ${c.name}</button>${cancel}</div>`;
    if (this.confirming?.clientId === c.clientId && this.confirming.action === 'rotate')
      return html`<div class="actions" role="group" aria-label="Confirm rotating the secret of ${c.name}">
        <p class="hint">The current secret stops working at once${c.isCaller ? ' and you will be signed out' : ''}.</p>
        <button class="btn small" type="button" ?disabled=${this.busy} @click=${() => this.#rotate(c)}>Rotate the secret of ${c.name}</button>${cancel}</div>`;
    const ask = (action: 'revoke' | 'rotate') => () => {
      this.confirming = { clientId: c.clientId, action };
    };
    return html`<div class="actions">
      <button class="btn secondary small" type="button" @click=${ask('rotate')}>Rotate secret…<span class="sr-only"> ${c.name}</span></button>
      ${
        c.isCaller
          ? html`<span class="hint">signed in</span>`
          : html`<button class="btn secondary small" type="button" @click=${ask('revoke')}>Revoke…<span class="sr-only"> ${c.name}</span></button>`
      }
    </div>`;
  }

  override render() {
    return html`<h1 tabindex="-1">Clients</h1>
      <p class="hint">Clients hold the agent credentials of this organization (your backend, its proxy, this console). Any client may create
        clients, rotate their secrets and revoke the others; the one you signed in with cannot revoke itself.</p>
      ${errorBox(this.error)}
      ${this.message ? html`<p class="ok" role="status">${this.message}</p>` : nothing}
      <section class="card" aria-labelledby="new-client">
        <h2 id="new-client">New client</h2>
        <form class="actions" @submit=${this.#create}>
          <label class="field"><span>Name</span><input name="name" required maxlength="100"></label>
          <button class="btn" type="submit" ?disabled=${this.busy}>Create client</button>
        </form>
        ${this.created ? this.#secret(this.created) : nothing}
      </section>
      <section class="card" aria-labelledby="client-list">
        <h2 id="client-list">Clients of this organization</h2>
        ${
          this.clients === null
            ? html`<p role="status">Loading…</p>`
            : html`<div class="table-wrap"><table class="responsive">
              <thead><tr><th scope="col">Name</th><th scope="col">Client ID</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
              <tbody>${this.clients.map(
                (c) => html`<tr>
                  <td data-label="Name">${c.name}${c.isCaller ? html` <span class="badge Complete">you</span>` : nothing}</td>
                  <td data-label="Client ID"><code>${c.clientId}</code></td>
                  <td data-label="Created">${when(c.createdOn)}</td>
                  <td data-label="Actions">${this.#actions(c)}</td>
                </tr>`,
              )}</tbody></table></div>`
        }
      </section>`;
  }
}
