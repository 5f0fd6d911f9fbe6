import { html, nothing } from 'lit';
import type { Branding, CreatedVerificationLink, VerificationLink, VerificationLinkDetail, WorkflowSummary } from '../api.ts';
import { ActionPage, badge, shownOnce, when } from '../base.ts';

/** How long a new link stays usable (the server allows 30 days at most). */
const lifetimes = [
  ['1 hour', 3600],
  ['1 day', 86_400],
  ['7 days', 7 * 86_400],
  ['30 days', 30 * 86_400],
] as const;

/** 30 days less five minutes: the server counts its 30 days by its own clock, which may be behind this browser's. */
const longestLifetime = 30 * 86_400 - 300;

/** A link's status as a badge, in the colours of the transaction statuses. */
const statusBadge = (status: VerificationLink['status']) =>
  html`<span class="badge ${status === 'active' ? 'Complete' : status === 'revoked' ? 'Error' : 'none'}">${status}</span>`;

type FormField = WorkflowSummary['formFields'][number];

/** A Start form field's value as the form holds it (empty: not fixed by the link). */
function fieldValue(field: FormField, data: FormData): unknown {
  const raw = data.get(`field:${field.name}`);
  if (field.type === 'boolean') return raw === 'on' ? true : undefined;
  const text = String(raw ?? '').trim();
  if (!text) return undefined;
  return field.type === 'number' ? Number(text) : text;
}

/**
 * Verification links (docs/verification-links.md): create one for an end user (its URL shown once,
 * here), list the organization's links with their status, open the transactions a link started,
 * revoke one — and set what the hosted run page shows of the organization (name, colour, logo).
 */
export class IdlLinks extends ActionPage {
  static override properties = {
    ...ActionPage.properties,
    links: { state: true },
    nextCursor: { state: true },
    workflows: { state: true },
    workflowId: { state: true },
    created: { state: true },
    confirmingRevoke: { state: true },
    detail: { state: true },
    branding: { state: true },
    logoUrl: { state: true },
  };
  declare links: VerificationLink[] | null;
  declare nextCursor: string | null;
  declare workflows: WorkflowSummary[] | null;
  /** The workflow chosen in the form (its Start fields are offered). */
  declare workflowId: string;
  declare created: CreatedVerificationLink | null;
  declare confirmingRevoke: string | null;
  /** The link whose transactions are open. */
  declare detail: VerificationLinkDetail | null;
  declare branding: Branding | null;
  declare logoUrl: string | null;

  constructor() {
    super();
    this.links = null;
    this.nextCursor = null;
    this.workflows = null;
    this.workflowId = '';
    this.created = null;
    this.confirmingRevoke = null;
    this.detail = null;
    this.branding = null;
    this.logoUrl = null;
  }

  override connectedCallback() {
    super.connectedCallback();
    this.focusHeading();
    void this.#load();
  }

  override disconnectedCallback() {
    // The URL is a credential: not kept once the page is left.
    this.created = null;
    this.#setLogoUrl(null);
    super.disconnectedCallback();
  }

  async #load() {
    await this.act(async () => {
      const [links, workflows, branding] = await Promise.all([this.api.listVerificationLinks(), this.api.listWorkflows(), this.api.getBranding()]);
      this.links = links.items;
      this.nextCursor = links.nextCursor;
      this.workflows = workflows;
      this.workflowId ||= workflows[0]?.workflowId ?? '';
      await this.#showBranding(branding);
      return null;
    });
  }

  async #reloadLinks() {
    const page = await this.api.listVerificationLinks();
    this.links = page.items;
    this.nextCursor = page.nextCursor;
  }

  #more() {
    const cursor = this.nextCursor;
    if (!cursor) return;
    return this.act(async () => {
      const page = await this.api.listVerificationLinks(cursor);
      this.links = [...(this.links ?? []), ...page.items];
      this.nextCursor = page.nextCursor;
      return null;
    });
  }

  #create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const workflow = this.workflows?.find((w) => w.workflowId === this.workflowId);
    const formValues = Object.fromEntries(
      (workflow?.formFields ?? []).map((f) => [f.name, fieldValue(f, data)] as const).filter(([, v]) => v !== undefined && !Number.isNaN(v)),
    );
    const redirectUrl = String(data.get('redirectUrl') ?? '').trim();
    return this.act(async () => {
      this.created = await this.api.createVerificationLink({
        workflowId: this.workflowId,
        expiresOn: new Date(Date.now() + Math.min(Number(data.get('lifetime')), longestLifetime) * 1000).toISOString(),
        consent: { userId: String(data.get('userId') ?? '').trim() },
        formValues,
        ...(redirectUrl ? { redirectUrl } : {}),
        singleUse: data.get('singleUse') === 'on',
      });
      form.reset();
      await this.#reloadLinks();
      await this.focusShownOnce();
      return null;
    });
  }

  #revoke(link: VerificationLink) {
    return this.act(
      async () => {
        await this.api.revokeVerificationLink(link.id);
        if (this.created?.id === link.id) this.created = null;
        await this.#reloadLinks();
        if (this.detail?.id === link.id) this.detail = await this.api.getVerificationLink(link.id);
        return `The link for ${link.consent.userId} is revoked: it starts no transaction any more.`;
      },
      () => {
        this.confirmingRevoke = null;
      },
    );
  }

  async #openDetail(link: VerificationLink) {
    await this.act(async () => {
      this.detail = await this.api.getVerificationLink(link.id);
      return null;
    });
    await this.updateComplete;
    this.querySelector<HTMLElement>('#link-detail')?.focus();
  }

  async #showBranding(branding: Branding) {
    this.branding = branding;
    this.#setLogoUrl(branding.hasLogo ? await this.api.logoUrl() : null);
  }

  #setLogoUrl(url: string | null) {
    if (this.logoUrl) URL.revokeObjectURL(this.logoUrl);
    this.logoUrl = url;
  }

  #saveBranding(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const displayName = String(data.get('displayName') ?? '').trim();
    return this.act(async () => {
      await this.#showBranding(
        await this.api.updateBranding({
          displayName: displayName || null,
          accentColor: data.get('defaultColour') === 'on' ? null : String(data.get('accentColor')),
        }),
      );
      return 'The run page shows the new name and colour from now on.';
    });
  }

  #uploadLogo(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const file = (form.elements.namedItem('logo') as HTMLInputElement).files?.[0];
    if (!file) {
      this.error = 'Choose a PNG or JPEG file first.';
      return;
    }
    return this.act(async () => {
      await this.#showBranding(await this.api.setLogo(file));
      form.reset();
      return 'Logo uploaded.';
    });
  }

  #removeLogo() {
    return this.act(async () => {
      await this.#showBranding(await this.api.removeLogo());
      return 'Logo removed.';
    });
  }

  #fieldInput(field: FormField) {
    const name = `field:${field.name}`;
    if (field.type === 'boolean') return html`<label class="check"><input type="checkbox" name=${name}> ${field.name}</label>`;
    const type = field.type === 'string' ? 'text' : field.type;
    return html`<label class="field"><span>${field.name} (${field.type}${field.required ? ', asked on the page when empty' : ', optional'})</span>
      <input name=${name} type=${type}></label>`;
  }

  #newLink() {
    const workflow = this.workflows?.find((w) => w.workflowId === this.workflowId);
    return html`<section class="card" aria-labelledby="new-link">
      <h2 id="new-link">New link</h2>
      <form @submit=${this.#create}>
        <label class="field"><span>Workflow</span>
          <select name="workflowId" required @change=${(e: Event) => {
            this.workflowId = (e.target as HTMLSelectElement).value;
          }}>${(this.workflows ?? []).map((w) => html`<option value=${w.workflowId} ?selected=${w.workflowId === this.workflowId}>${w.name} (${w.workflowId})</option>`)}</select></label>
        <label class="field"><span>End user's id in your system (consent.userId)</span><input name="userId" required maxlength="256"></label>
        <label class="field"><span>Valid for</span>
          <select name="lifetime">${lifetimes.map(([label, seconds]) => html`<option value=${seconds} ?selected=${seconds === 86_400}>${label}</option>`)}</select></label>
        <label class="field"><span>Redirect when done (optional)</span><input name="redirectUrl" type="url" maxlength="2000" placeholder="https://example.com/verified"></label>
        <label class="check"><input type="checkbox" name="singleUse" checked> Single use (one transaction)</label>
        ${
          workflow?.formFields.length
            ? html`<fieldset class="field"><legend>Form values the link fixes</legend>${workflow.formFields.map((f) => this.#fieldInput(f))}</fieldset>`
            : nothing
        }
        <div class="actions"><button class="btn" type="submit" ?disabled=${this.busy || !this.workflowId}>Create link</button></div>
      </form>
      ${
        this.created
          ? shownOnce({
              label: 'The new verification link',
              intro: html`<strong>Link created.</strong> Send it to ${this.created.consent.userId} now: it is shown only this once (the server keeps only a hash of it).`,
              values: [
                ['Expires', when(this.created.expiresOn)],
                ['Link', this.created.url],
              ],
              copyLabel: 'Copy link',
              onCopy: () => this.copy(this.created?.url ?? '', 'Link'),
              hideLabel: 'I have sent it — hide',
              onHide: () => {
                this.created = null;
              },
            })
          : nothing
      }
    </section>`;
  }

  #actions(link: VerificationLink) {
    if (this.confirmingRevoke === link.id)
      return html`<div class="actions" role="group" aria-label="Confirm revoking the link for ${link.consent.userId}">
        <p class="hint">It starts no transaction any more; those it started stay.</p>
        <button class="btn danger small" type="button" ?disabled=${this.busy} @click=${() => this.#revoke(link)}>Revoke link</button>
        <button class="btn secondary small" type="button" @click=${() => {
          this.confirmingRevoke = null;
        }}>Cancel</button></div>`;
    return html`<div class="actions">
      <button class="btn secondary small" type="button" @click=${() => this.#openDetail(link)}>Transactions<span class="sr-only"> of the link for ${link.consent.userId}</span></button>
      ${
        link.status === 'active'
          ? html`<button class="btn secondary small" type="button" @click=${() => {
              this.confirmingRevoke = link.id;
            }}>Revoke…<span class="sr-only"> the link for ${link.consent.userId}</span></button>`
          : nothing
      }
    </div>`;
  }

  #list() {
    return html`<section class="card" aria-labelledby="link-list">
      <h2 id="link-list">Links of this organization</h2>
      ${
        this.links === null
          ? html`<p role="status">Loading…</p>`
          : this.links.length === 0
            ? html`<p>No links yet.</p>`
            : html`<div class="table-wrap"><table class="responsive">
          <thead><tr><th scope="col">Created</th><th scope="col">End user</th><th scope="col">Workflow</th><th scope="col">Status</th>
            <th scope="col">Transactions</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${this.links.map(
            (l) => html`<tr>
              <td data-label="Created">${when(l.createdOn)}</td>
              <td data-label="End user"><code>${l.consent.userId}</code></td>
              <td data-label="Workflow">${l.workflowId}${l.singleUse ? nothing : html`<br><span class="hint">reusable</span>`}</td>
              <td data-label="Status">${statusBadge(l.status)}</td>
              <td data-label="Transactions">${l.transactionCount}</td>
              <td data-label="Expires">${when(l.expiresOn)}</td>
              <td data-label="Actions">${this.#actions(l)}</td>
            </tr>`,
          )}</tbody></table></div>
          ${this.nextCursor ? html`<div class="actions"><button class="btn secondary small" type="button" ?disabled=${this.busy} @click=${() => this.#more()}>More links</button></div>` : nothing}`
      }
    </section>`;
  }

  #detail(link: VerificationLinkDetail) {
    return html`<section class="card" aria-labelledby="link-detail">
      <h2 id="link-detail" tabindex="-1">Transactions started by the link for ${link.consent.userId}</h2>
      <p class="hint">${link.workflowId} · ${statusBadge(link.status)} · created ${when(link.createdOn)}${link.redirectUrl ? html` · redirects to <code>${link.redirectUrl}</code>` : nothing}</p>
      ${
        link.transactions.length === 0
          ? html`<p>None yet.</p>`
          : html`<ul class="plain-list">${link.transactions.map(
              (t) => html`<li><a href="#/transactions/${encodeURIComponent(t.transactionId)}"><code>${t.transactionId}</code></a> ${badge(t.processingStatus)}
                ${t.verificationStatus ? badge(t.verificationStatus) : nothing} <span class="hint">${when(t.createdOn)}</span></li>`,
            )}</ul>`
      }
      <div class="actions"><button class="btn secondary small" type="button" @click=${() => {
        this.detail = null;
      }}>Close</button></div>
    </section>`;
  }

  #branding(branding: Branding) {
    return html`<section class="card" aria-labelledby="run-page-look">
      <h2 id="run-page-look">How the run page looks</h2>
      <p class="hint">The page a link opens shows this organization's name, colour and logo.</p>
      <form @submit=${this.#saveBranding}>
        <label class="field"><span>Name shown (empty: the organization's name)</span><input name="displayName" maxlength="100" .value=${branding.displayName ?? ''}></label>
        <label class="field"><span>Accent colour</span><input name="accentColor" type="color" .value=${branding.accentColor ?? '#1d4ed8'}></label>
        <label class="check"><input type="checkbox" name="defaultColour" ?checked=${!branding.accentColor}> Default colour</label>
        <div class="actions"><button class="btn" type="submit" ?disabled=${this.busy}>Save name and colour</button></div>
      </form>
      <form @submit=${this.#uploadLogo}>
        ${this.logoUrl ? html`<img class="logo-preview" src=${this.logoUrl} alt="Current logo">` : html`<p>No logo.</p>`}
        <label class="field"><span>Logo (PNG or JPEG, at most 256 KiB and 1024 px a side)</span><input name="logo" type="file" accept="image/png,image/jpeg"></label>
        <div class="actions"><button class="btn secondary" type="submit" ?disabled=${this.busy}>Upload logo</button>
          ${branding.hasLogo ? html`<button class="btn secondary" type="button" ?disabled=${this.busy} @click=${() => this.#removeLogo()}>Remove logo</button>` : nothing}</div>
      </form>
    </section>`;
  }

  override render() {
    return html`<h1 tabindex="-1">Verification links</h1>
      <p class="hint">A link opens a page on this server where your end user consents and runs a workflow — no integration needed. Each link
        starts transactions for one end user; revoke it any time.</p>
      ${this.outcome()}
      ${this.#newLink()}
      ${this.#list()}
      ${this.detail ? this.#detail(this.detail) : nothing}
      ${this.branding ? this.#branding(this.branding) : nothing}`;
  }
}
