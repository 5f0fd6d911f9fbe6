import { randomUUID } from 'node:crypto';
import type { WorkflowDefinition } from '../../workflow/definition.ts';
import type { Db } from '../schema.ts';

export interface StoredWorkflowVersion {
  workflowVersionId: string;
  workflowId: string;
  organizationId: string;
  version: number;
  definition: WorkflowDefinition;
  createdOn: string;
}

/**
 * Adds a new version of a workflow (creating the workflow on its first version) and makes it the
 * one new transactions run. Versions are immutable; running transactions keep theirs.
 */
export async function insertWorkflowVersion(db: Db, organizationId: string, definition: WorkflowDefinition, now: string): Promise<StoredWorkflowVersion> {
  const existing = await db.selectFrom('workflows').select('id').where('organization_id', '=', organizationId).where('id', '=', definition.workflowId).executeTakeFirst();
  const last = await db
    .selectFrom('workflow_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('organization_id', '=', organizationId)
    .where('workflow_id', '=', definition.workflowId)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  const id = randomUUID();
  if (!existing) {
    await db
      .insertInto('workflows')
      .values({ organization_id: organizationId, id: definition.workflowId, name: definition.name, latest_version_id: id, created_on: now, modified_on: now })
      .execute();
  }
  await db
    .insertInto('workflow_versions')
    .values({ id, organization_id: organizationId, workflow_id: definition.workflowId, version, definition: JSON.stringify(definition), created_on: now })
    .execute();
  if (existing) {
    await db
      .updateTable('workflows')
      .set({ latest_version_id: id, name: definition.name, modified_on: now })
      .where('organization_id', '=', organizationId)
      .where('id', '=', definition.workflowId)
      .execute();
  }
  return { workflowVersionId: id, workflowId: definition.workflowId, organizationId, version, definition, createdOn: now };
}

type VersionRow = { id: string; workflow_id: string; organization_id: string; version: number; definition: string; created_on: string };
const toVersion = (row: VersionRow): StoredWorkflowVersion => ({
  workflowVersionId: row.id,
  workflowId: row.workflow_id,
  organizationId: row.organization_id,
  version: Number(row.version),
  definition: JSON.parse(row.definition) as WorkflowDefinition,
  createdOn: row.created_on,
});

/** The version new transactions of `workflowId` run, within one organization. */
export async function findLatestWorkflowVersion(db: Db, organizationId: string, workflowId: string): Promise<StoredWorkflowVersion | undefined> {
  const row = await db
    .selectFrom('workflows')
    .innerJoin('workflow_versions', 'workflow_versions.id', 'workflows.latest_version_id')
    .select(['workflow_versions.id', 'workflow_versions.workflow_id', 'workflow_versions.organization_id', 'workflow_versions.version', 'workflow_versions.definition', 'workflow_versions.created_on'])
    .where('workflows.organization_id', '=', organizationId)
    .where('workflows.id', '=', workflowId)
    .executeTakeFirst();
  return row && toVersion(row);
}

export async function findWorkflowVersion(db: Db, workflowVersionId: string): Promise<StoredWorkflowVersion | undefined> {
  const row = await db.selectFrom('workflow_versions').selectAll().where('id', '=', workflowVersionId).executeTakeFirst();
  return row && toVersion(row);
}

/** The latest version of every workflow of an organization, by workflowId. */
export async function listLatestWorkflowVersions(db: Db, organizationId: string): Promise<StoredWorkflowVersion[]> {
  const rows = await db
    .selectFrom('workflows')
    .innerJoin('workflow_versions', 'workflow_versions.id', 'workflows.latest_version_id')
    .select(['workflow_versions.id', 'workflow_versions.workflow_id', 'workflow_versions.organization_id', 'workflow_versions.version', 'workflow_versions.definition', 'workflow_versions.created_on'])
    .where('workflows.organization_id', '=', organizationId)
    .orderBy('workflows.id')
    .execute();
  return rows.map(toVersion);
}
