import { html, LitElement, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { AgentApi } from './api.ts';

type Route = { page: 'transactions' | 'transaction' | 'workflows' | 'workflow' | 'builder' | 'clients'; id?: string };

export function parseRoute(hash: string): Route {
  const [path = ''] = hash.replace(/^#\/?/, '').split('?');
  const [section, id] = path.split('/').map((p) => decodeURIComponent(p));
  if (section === 'transactions' && id) return { page: 'transaction', id };
  if (section === 'workflows' && id) return { page: 'workflow', id };
  if (section === 'workflows' || section === 'builder' || section === 'clients') return { page: section };
  return { page: 'transactions' };
}

/** The console: sign-in, then Transactions, Workflows (with the builder) and Clients by `#/…` route. */
export class IdlConsole extends LitElement {
  static override properties = { route: { state: true }, signedIn: { state: true }, notice: { state: true } };
  declare route: Route;
  declare signedIn: boolean;
  declare notice: string | null;
  readonly api = new AgentApi();
  readonly #onHash = () => {
    this.route = parseRoute(location.hash);
  };

  constructor() {
    super();
    this.route = parseRoute(location.hash);
    this.signedIn = false;
    this.notice = null;
    this.api.onSignedOut = () => {
      this.signedIn = false;
      this.notice = 'Your session ended (the access token expired or the client was revoked). Sign in again.';
    };
  }

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback() {
    super.connectedCallback();
    addEventListener('hashchange', this.#onHash);
  }

  override disconnectedCallback() {
    removeEventListener('hashchange', this.#onHash);
    super.disconnectedCallback();
  }

  #signOut() {
    this.api.signOut();
    this.signedIn = false;
    this.notice = 'Signed out.';
  }

  override render() {
    if (!this.signedIn) {
      return html`<main id="main"><idl-sign-in .api=${this.api} .notice=${this.notice} @signed-in=${() => {
        this.signedIn = true;
        this.notice = null;
      }}></idl-sign-in></main>`;
    }
    const r = this.route;
    const section = r.page === 'transaction' ? 'transactions' : r.page === 'workflow' || r.page === 'builder' ? 'workflows' : r.page;
    const link = (href: string, name: string, label: string) => html`<a href=${href} aria-current=${section === name ? 'page' : nothing}>${label}</a>`;
    return html`<header class="top">
        <a class="brand" href="#/transactions"><img src="./favicon.svg" alt="" width="28" height="28"> idlens console</a>
        <nav aria-label="Console">${link('#/transactions', 'transactions', 'Transactions')} ${link('#/workflows', 'workflows', 'Workflows')}
          ${link('#/clients', 'clients', 'Clients')}</nav>
        <div class="who"><span>client <code>${this.api.clientId?.slice(0, 8)}…</code></span>
          <button class="btn secondary small" type="button" @click=${() => this.#signOut()}>Sign out</button></div>
      </header>
      <main id="main">${this.#page(r)}</main>`;
  }

  #page(r: Route) {
    switch (r.page) {
      // Keyed by the id: a new id in the URL is a new page, with none of the last record's state
      // (a kept element showed record A while its actions went to the id B of the URL).
      case 'transaction':
        return keyed(r.id, html`<idl-transaction .api=${this.api} .transactionId=${r.id!}></idl-transaction>`);
      case 'workflows':
        return html`<idl-workflows .api=${this.api}></idl-workflows>`;
      case 'workflow':
        return keyed(r.id, html`<idl-workflow .api=${this.api} .workflowId=${r.id!}></idl-workflow>`);
      case 'builder':
        return html`<idl-builder .api=${this.api}></idl-builder>`;
      case 'clients':
        return html`<idl-clients .api=${this.api}></idl-clients>`;
      default:
        return html`<idl-transactions .api=${this.api}></idl-transactions>`;
    }
  }
}
