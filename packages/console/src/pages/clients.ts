import { html, nothing } from 'lit';
import type { NewClient, OwnClient } from '../api.ts';
import { ConsoleElement, errorBox, messageOf, when } from '../base.ts';

/**
 * The organization's clients: create one (its secret is shown once, here), list them, revoke one.
 * The client signed in cannot revoke itself (the server refuses too).
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
  declare created: NewClient | null;
  declare confirming: string | null;
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
      this.created = await this.api.createClient(String(new FormData(form).get('name') ?? '').trim());
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

  async #copy() {
    if (this.created) await navigator.clipboard?.writeText(this.created.clientSecret).catch(() => {});
    this.message = 'Secret copied to the clipboard.';
  }

  override render() {
    return html`<h1 tabindex="-1">Clients</h1>
      <p class="hint">Clients hold the agent credentials of this organization (your backend, its proxy, this console). Any client may create
        clients and revoke the others; the one you signed in with cannot revoke itself.</p>
      ${errorBox(this.error)}
      ${this.message ? html`<p class="ok" role="status">${this.message}</p>` : nothing}
      <section class="card" aria-labelledby="new-client">
        <h2 id="new-client">New client</h2>
        <form class="actions" @submit=${this.#create}>
          <label class="field"><span>Name</span><input name="name" required maxlength="100"></label>
          <button class="btn" type="submit" ?disabled=${this.busy}>Create client</button>
        </form>
        ${
          this.created
            ? html`<div class="secret" tabindex="-1" role="region" aria-label="New client credentials">
              <p><strong>Client "${this.created.name}" created.</strong> Copy the secret now: it is shown only this once (the server keeps only its hash).</p>
              <span class="label">Client ID</span><code>${this.created.clientId}</code>
              <span class="label">Client secret</span><code id="new-secret">${this.created.clientSecret}</code>
              <div class="actions"><button class="btn secondary small" type="button" @click=${() => this.#copy()}>Copy secret</button>
                <button class="btn secondary small" type="button" @click=${() => {
                  this.created = null;
                }}>I have stored it — hide</button></div>
            </div>`
            : nothing
        }
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
                  <td data-label="Actions">${
                    c.isCaller
                      ? html`<span class="hint">signed in</span>`
                      : this.confirming === c.clientId
                        ? html`<div class="actions" role="group" aria-label="Confirm revoking ${c.name}">
                            <button class="btn danger small" type="button" ?disabled=${this.busy} @click=${() => this.#revoke(c)}>Revoke ${c.name}</button>
                            <button class="btn secondary small" type="button" @click=${() => {
                              this.confirming = null;
                            }}>Cancel</button></div>`
                        : html`<button class="btn secondary small" type="button" @click=${() => {
                            this.confirming = c.clientId;
                          }}>Revoke…<span class="sr-only"> ${c.name}</span></button>`
                  }</td>
                </tr>`,
              )}</tbody></table></div>`
        }
      </section>`;
  }
}
