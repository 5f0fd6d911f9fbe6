import { html } from 'lit';
import { ConsoleElement } from '../base.ts';

type Missing = 'transaction' | 'workflow' | 'page';

/** What was not found, said as such: the heading names it, the text names the id and what may have happened. */
export class IdlNotFound extends ConsoleElement {
  static override properties = { ...ConsoleElement.properties, kind: { attribute: false }, name: { attribute: false } };
  declare kind: Missing;
  /** The id (or, for a page, the URL's hash) that was asked for. */
  declare name: string;

  override connectedCallback() {
    super.connectedCallback();
    this.focusHeading();
  }

  override render() {
    switch (this.kind) {
      case 'transaction':
        return html`<h1 tabindex="-1">Transaction not found</h1>
          <p>There is no transaction <code>${this.name}</code> in your organization: it may have been deleted, or the link or id is wrong.</p>
          <p><a href="#/transactions">Search the transactions</a></p>`;
      case 'workflow':
        return html`<h1 tabindex="-1">Workflow not found</h1>
          <p>There is no workflow <code>${this.name}</code> in your organization: the link or id may be wrong.</p>
          <p><a href="#/workflows">All workflows</a></p>`;
      default:
        return html`<h1 tabindex="-1">Page not found</h1>
          <p>The console has no page at <code>${this.name}</code>.</p>
          <ul><li><a href="#/transactions">Transactions</a></li><li><a href="#/workflows">Workflows</a></li><li><a href="#/clients">Clients</a></li></ul>`;
    }
  }
}

export const notFound = (kind: Missing, name: string) => html`<idl-not-found .kind=${kind} .name=${name}></idl-not-found>`;
