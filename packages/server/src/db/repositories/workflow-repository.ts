import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { WorkflowDefinition } from '../../workflow/definition.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { Db, WorkflowVersionTable } from '../schema.ts';

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
  const existing = await db
    .selectFrom('workflows')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', '=', definition.workflowId)
    .executeTakeFirst();
  const last = await db
    .selectFrom('workflowVersions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('organizationId', '=', organizationId)
    .where('workflowId', '=', definition.workflowId)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  const id = randomUUID();
  if (!existing) {
    await db
      .insertInto('workflows')
      .values({ organizationId, id: definition.workflowId, name: definition.name, latestVersionId: id, createdOn: now, modifiedOn: now })
      .execute();
  }
  await db
    .insertInto('workflowVersions')
    .values({ id, organizationId, workflowId: definition.workflowId, version, definition: JSON.stringify(definition), createdOn: now })
    .execute();
  if (existing) {
    await db
      .updateTable('workflows')
      .set({ latestVersionId: id, name: definition.name, modifiedOn: now })
      .where('organizationId', '=', organizationId)
      .where('id', '=', definition.workflowId)
      .execute();
  }
  return { workflowVersionId: id, workflowId: definition.workflowId, organizationId, version, definition, createdOn: now };
}

const toVersion = (row: Selectable<WorkflowVersionTable>): StoredWorkflowVersion => ({
  workflowVersionId: row.id,
  workflowId: row.workflowId,
  organizationId: row.organizationId,
  version: Number(row.version),
  definition: JSON.parse(row.definition) as WorkflowDefinition,
  createdOn: row.createdOn,
});

/** The columns of a version, when reached through its workflow's latestVersionId. */
const versionColumns = [
  'workflowVersions.id',
  'workflowVersions.workflowId',
  'workflowVersions.organizationId',
  'workflowVersions.version',
  'workflowVersions.definition',
  'workflowVersions.createdOn',
] as const;

/** The version new transactions of `workflowId` run, within one organization. */
export async function findLatestWorkflowVersion(db: Db, organizationId: string, workflowId: string): Promise<StoredWorkflowVersion | undefined> {
  const row = await db
    .selectFrom('workflows')
    .innerJoin('workflowVersions', 'workflowVersions.id', 'workflows.latestVersionId')
    .select(versionColumns)
    .where('workflows.organizationId', '=', organizationId)
    .where('workflows.id', '=', workflowId)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** The id of the version new transactions of `workflowId` run (its definition comes from the workflow cache). */
const selectLatestVersionId = preparedQuery(['organizationId', 'workflowId'], (db, p: { organizationId: string; workflowId: string }) =>
  db.selectFrom('workflows').select('latestVersionId').where('organizationId', '=', p.organizationId).where('id', '=', p.workflowId),
);

export async function findLatestWorkflowVersionId(db: Db, organizationId: string, workflowId: string): Promise<string | undefined> {
  return (await selectLatestVersionId(db, { organizationId, workflowId })).rows[0]?.latestVersionId;
}

export async function findWorkflowVersion(db: Db, workflowVersionId: string): Promise<StoredWorkflowVersion | undefined> {
  const row = await db.selectFrom('workflowVersions').selectAll().where('id', '=', workflowVersionId).executeTakeFirst();
  return row && toVersion(row);
}

/** The latest version of every workflow of an organization, by workflowId. */
export async function listLatestWorkflowVersions(db: Db, organizationId: string): Promise<StoredWorkflowVersion[]> {
  const rows = await db
    .selectFrom('workflows')
    .innerJoin('workflowVersions', 'workflowVersions.id', 'workflows.latestVersionId')
    .select(versionColumns)
    .where('workflows.organizationId', '=', organizationId)
    .orderBy('workflows.id')
    .execute();
  return rows.map(toVersion);
}
