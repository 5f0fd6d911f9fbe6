import { html, nothing } from 'lit';
import { ApiFailure, type WorkflowVersion } from '../api.ts';
import { ConsoleElement, errorBox, messageOf, when } from '../base.ts';
import { drawSteps } from '../drawing.ts';
import { notFound } from './not-found.ts';

/** One workflow: its versions, the chosen version's definition drawn as steps, and import of a new version. */
export class IdlWorkflow extends ConsoleElement {
  static override properties = {
    ...ConsoleElement.properties,
    workflowId: { attribute: false },
    versions: { state: true },
    selected: { state: true },
    definition: { state: true },
    error: { state: true },
    missing: { state: true },
  };
  declare workflowId: string;
  /** The organization has no such workflow. */
  declare missing: boolean;
  declare versions: WorkflowVersion[] | null;
  declare selected: string | null;
  declare definition: unknown;
  declare error: string | null;

  constructor() {
    super();
    this.versions = null;
    this.selected = null;
    this.definition = null;
    this.error = null;
    this.missing = false;
  }

  override connectedCallback() {
    super.connectedCallback();
    void this.load().then(() => this.focusHeading());
  }

  async load(select?: string) {
    try {
      this.versions = await this.api.listVersions(this.workflowId);
      await this.#select(select ?? this.versions[0]?.workflowVersionId ?? null);
      this.error = null;
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) this.missing = true;
      else this.error = messageOf(error);
    }
  }

  async #select(id: string | null) {
    this.selected = id;
    this.definition = null;
    if (!id) return;
    try {
      this.definition = (await this.api.getVersion(this.workflowId, id)).definition;
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  override render() {
    if (this.missing) return notFound('workflow', this.workflowId);
    const current = this.versions?.find((v) => v.workflowVersionId === this.selected);
    return html`<p><a href="#/workflows">← Workflows</a></p>
      <h1 tabindex="-1">Workflow <code>${this.workflowId}</code></h1>
      ${errorBox(this.error)}
      <div class="two">
        <section class="card" aria-labelledby="versions-title">
          <h2 id="versions-title">Versions</h2>
          ${
            this.versions === null
              ? html`<p role="status">Loading…</p>`
              : html`<div class="table-wrap"><table class="responsive">
                <thead><tr><th scope="col">Version</th><th scope="col">Name</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Show</span></th></tr></thead>
                <tbody>${this.versions.map(
                  (v) => html`<tr>
                    <td data-label="Version">${v.version}${v.isLatest ? html` <span class="badge Complete">latest</span>` : nothing}</td>
                    <td data-label="Name">${v.name}</td>
                    <td data-label="Created">${when(v.createdOn)}</td>
                    <td data-label="Show"><button class="btn secondary small" type="button" aria-pressed=${v.workflowVersionId === this.selected ? 'true' : 'false'}
                      @click=${() => this.#select(v.workflowVersionId)}>Show version ${v.version}</button></td>
                  </tr>`,
                )}</tbody></table></div>`
          }
        </section>
        <section class="card" aria-labelledby="steps-title">
          <h2 id="steps-title">Steps${current ? ` of version ${current.version}` : ''}</h2>
          ${this.definition ? drawSteps(this.definition, `Steps of version ${current?.version ?? ''}`) : html`<p role="status">Loading…</p>`}
          ${this.definition ? html`<details><summary>Definition (JSON)</summary><pre>${JSON.stringify(this.definition, null, 2)}</pre></details>` : nothing}
        </section>
      </div>
      <section class="card" aria-labelledby="new-version-title">
        <h2 id="new-version-title">Import a new version</h2>
        ${
          this.definition
            ? html`<idl-workflow-import .api=${this.api} .workflowId=${this.workflowId} .initial=${JSON.stringify(this.definition, null, 2)}
                @imported=${(e: CustomEvent<{ workflowId: string; workflowVersionId: string }>) => {
                  if (e.detail.workflowId === this.workflowId) void this.load(e.detail.workflowVersionId);
                }}></idl-workflow-import>`
            : nothing
        }
      </section>`;
  }
}
