import { html, nothing } from 'lit';
import { ConsoleElement, errorBox, messageOf } from '../base.ts';

/** Sign-in with an organization's agent credentials (client id and secret → an OAuth2 access token). */
export class IdlSignIn extends ConsoleElement {
  static override properties = { ...ConsoleElement.properties, notice: { attribute: false }, error: { state: true }, busy: { state: true } };
  declare notice: string | null;
  declare error: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.notice = null;
    this.error = null;
    this.busy = false;
  }

  override firstUpdated() {
    this.querySelector<HTMLInputElement>('#client-id')?.focus();
  }

  async #submit(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    this.busy = true;
    this.error = null;
    try {
      await this.api.signIn(String(data.get('clientId') ?? '').trim(), String(data.get('clientSecret') ?? ''));
      form.reset();
      this.dispatchEvent(new Event('signed-in', { bubbles: true }));
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<section class="card signin" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in to the idlens console</h1>
      <p class="hint">Use the agent credentials of a client of your organization (<code>idlens-server client add</code> or an administrator
        creates them). The secret is sent once and not kept by the page; you stay signed in across reloads until you sign out or the
        session expires.</p>
      ${this.notice ? html`<p class="ok" role="status">${this.notice}</p>` : nothing}
      <form @submit=${this.#submit} class="rows">
        <label class="field"><span>Client ID</span><input id="client-id" name="clientId" required autocomplete="username" spellcheck="false" autocapitalize="off"></label>
        <label class="field"><span>Client secret</span><input name="clientSecret" type="password" required autocomplete="current-password"></label>
        ${errorBox(this.error)}
        <div class="actions"><button class="btn" type="submit" ?disabled=${this.busy}>${this.busy ? 'Signing in…' : 'Sign in'}</button></div>
      </form>
    </section>`;
  }
}
