import { html, LitElement, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { AgentApi } from './api.ts';
import { notFound } from './pages/not-found.ts';

export type Route = {
  page: 'transactions' | 'transaction' | 'workflows' | 'workflow' | 'builder' | 'clients' | 'webhooks' | 'links' | 'not-found';
  id?: string;
  /** The part after `?` (the list's filters), as written in the URL. */
  query: string;
};

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const [section = '', id, ...rest] = path.split('/').map((p) => decodeURIComponent(p));
  if (rest.length > 0) return { page: 'not-found', query: '' };
  if (section === 'transactions' && id) return { page: 'transaction', id, query: '' };
  if (section === 'workflows' && id) return { page: 'workflow', id, query: '' };
  if (id) return { page: 'not-found', query: '' };
  if (section === 'workflows' || section === 'builder' || section === 'clients' || section === 'webhooks' || section === 'links')
    return { page: section, query: '' };
  if (section === 'transactions' || section === '') return { page: 'transactions', query };
  return { page: 'not-found', query: '' };
}

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const maxDelay = 2 ** 31 - 1;

/**
 * The console: sign-in, then Transactions, Workflows (with the builder), Clients, Webhooks and Links by `#/…` route.
 * The session survives a reload (an HttpOnly cookie the server set); a reloaded page asks the
 * server whether it is still signed in before showing anything.
 */
export class IdlConsole extends LitElement {
  static override properties = { route: { state: true }, signedIn: { state: true }, checking: { state: true }, notice: { state: true } };
  declare route: Route;
  declare signedIn: boolean;
  /** True until the server said whether the cookie names a session. */
  declare checking: boolean;
  declare notice: string | null;
  readonly api = new AgentApi();
  #expiry: ReturnType<typeof setTimeout> | undefined;
  readonly #onHash = () => {
    this.route = parseRoute(location.hash);
  };

  constructor() {
    super();
    this.route = parseRoute(location.hash);
    this.signedIn = false;
    this.checking = true;
    this.notice = null;
    this.api.onSignedOut = () => this.#ended('Your session ended (signed out, expired, or the client was revoked or its secret rotated). Sign in again.');
  }

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback() {
    super.connectedCallback();
    addEventListener('hashchange', this.#onHash);
    void this.api.restore().then((signedIn) => {
      this.checking = false;
      if (signedIn) this.#started();
    });
  }

  override disconnectedCallback() {
    removeEventListener('hashchange', this.#onHash);
    clearTimeout(this.#expiry);
    super.disconnectedCallback();
  }

  /** Signed in (now or by a kept session): the sign-in returns by itself when the session expires. */
  #started() {
    this.signedIn = true;
    this.notice = null;
    clearTimeout(this.#expiry);
    const check = () => {
      const left = Date.parse(this.api.expiresOn ?? '') - Date.now();
      if (!(left > 0)) {
        this.api.forget();
        this.#ended('Your session expired. Sign in again.');
      } else this.#expiry = setTimeout(check, Math.min(left, maxDelay));
    };
    check();
  }

  #ended(notice: string) {
    clearTimeout(this.#expiry);
    this.signedIn = false;
    this.notice = notice;
  }

  async #signOut() {
    await this.api.signOut();
    this.#ended('Signed out.');
  }

  override render() {
    if (this.checking) return html`<main id="main"><p role="status">Loading…</p></main>`;
    if (!this.signedIn) {
      return html`<main id="main"><idl-sign-in .api=${this.api} .notice=${this.notice} @signed-in=${() => this.#started()}></idl-sign-in></main>`;
    }
    const r = this.route;
    const section = r.page === 'transaction' ? 'transactions' : r.page === 'workflow' || r.page === 'builder' ? 'workflows' : r.page;
    const link = (href: string, name: string, label: string) => html`<a href=${href} aria-current=${section === name ? 'page' : nothing}>${label}</a>`;
    return html`<header class="top">
        <a class="brand" href="#/transactions"><img src="./favicon.svg" alt="" width="28" height="28"> idlens console</a>
        <nav aria-label="Console">${link('#/transactions', 'transactions', 'Transactions')} ${link('#/workflows', 'workflows', 'Workflows')}
          ${link('#/clients', 'clients', 'Clients')} ${link('#/webhooks', 'webhooks', 'Webhooks')} ${link('#/links', 'links', 'Links')}</nav>
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
      case 'webhooks':
        return html`<idl-webhooks .api=${this.api}></idl-webhooks>`;
      case 'links':
        return html`<idl-links .api=${this.api}></idl-links>`;
      case 'not-found':
        return notFound('page', location.hash);
      default:
        return html`<idl-transactions .api=${this.api} .query=${r.query}></idl-transactions>`;
    }
  }
}
