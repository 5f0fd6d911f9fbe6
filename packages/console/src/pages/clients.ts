import { html, nothing } from 'lit';
import type { OwnClient } from '../api.ts';
import { ActionPage, messageOf, shownOnce, when } from '../base.ts';

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
export class IdlClients extends ActionPage {
  static override properties = {
    ...ActionPage.properties,
    clients: { state: true },
    created: { state: true },
    confirming: { state: true },
  };
  declare clients: OwnClient[] | null;
  declare created: ShownSecret | null;
  /** The question on screen: which client, for which action. */
  declare confirming: { clientId: string; action: 'revoke' | 'rotate' } | null;

  constructor() {
    super();
    this.clients = null;
    this.created = null;
    this.confirming = null;
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

  #create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    return this.act(async () => {
      const created = await this.api.createClient(String(new FormData(form).get('name') ?? '').trim());
      this.created = { ...created, title: `Client "${created.name}" created.`, self: false };
      form.reset();
      await this.load();
      await this.focusShownOnce();
      return null;
    });
  }

  /** A question's action; the question is over after it, whatever it was. */
  #answer(action: () => Promise<string | null>) {
    return this.act(action, () => {
      this.confirming = null;
    });
  }

  #revoke(client: OwnClient) {
    return this.#answer(async () => {
      await this.api.revokeClient(client.clientId);
      if (this.created?.clientId === client.clientId) this.created = null;
      await this.load();
      return `Client "${client.name}" revoked: its secret and tokens no longer work.`;
    });
  }

  #rotate(client: OwnClient) {
    return this.#answer(async () => {
      const rotated = await this.api.rotateClientSecret(client.clientId);
      this.created = { ...rotated, name: client.name, title: `New secret of "${client.name}".`, self: client.isCaller };
      await this.focusShownOnce();
      return null;
    });
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

  #secret(shown: ShownSecret) {
    return shownOnce({
      label: 'New client credentials',
      intro: html`<strong>${shown.title}</strong> Copy the secret now: it is shown only this once (the server keeps only its hash).${
        shown.self ? ' This was the client you signed in with: your session has ended, sign in again with the new secret.' : ''
      }`,
      values: [
        ['Client ID', shown.clientId],
        ['Client secret', shown.clientSecret],
      ],
      copyLabel: 'Copy secret',
      onCopy: () => this.copy(shown.clientSecret, 'Secret'),
      hideLabel: shown.self ? 'I have stored it — sign in again' : 'I have stored it — hide',
      onHide: () => this.#stored(),
    });
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
      ${this.outcome()}
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
