import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect-kind.ts';
import { findFirstOrganization, insertOrganization, type Organization } from '../../db/repositories/organization-repository.ts';
import type { Database } from '../../db/schema.ts';
import { createClient, type NewClientCredentials } from '../auth/clients.ts';
import { importWorkflow } from '../workflow-versions/workflow-admin.ts';
import { demoWorkflows } from './demo-workflows.ts';

/**
 * The organization the CLI uses when none is named: the oldest one, or — on an empty database — a
 * new "Demo organization" with the demo workflows. Answers whether it was created.
 */
export async function ensureDefaultOrganization(db: Kysely<Database>, now: string): Promise<{ organization: Organization; created: boolean }> {
  return db.transaction().execute((trx) => ensureDefaultOrganizationIn(trx, now));
}

/** An arbitrary advisory-lock key of idlens's own: who may create the default organization. */
const defaultOrganizationLock = 7_305_011_420_913_357n;

async function ensureDefaultOrganizationIn(trx: Transaction<Database>, now: string): Promise<{ organization: Organization; created: boolean }> {
  // Replicas starting together on an empty PostgreSQL database would each find no organization
  // (READ COMMITTED) and each seed one: they take turns, and all but the first find it. SQLite
  // serves one process (the CLI beside it waits on the file lock).
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(defaultOrganizationLock)})`.execute(trx);
  const existing = await findFirstOrganization(trx);
  if (existing) return { organization: existing, created: false };
  const organization = { id: randomUUID(), name: 'Demo organization', createdOn: now };
  await insertOrganization(trx, organization);
  for (const workflow of demoWorkflows) await importWorkflow(trx, organization.id, workflow, now);
  return { organization, created: true };
}

/**
 * On an empty database: the demo organization, its workflows (`demo-auto`, `demo-document`) and a
 * demo client whose credentials are returned to be printed once, all in one database transaction.
 * Null when the database had data.
 */
export async function seedDemo(db: Kysely<Database>, now: string): Promise<NewClientCredentials | null> {
  // One database transaction: a failure leaves an empty database, which the next start seeds again.
  return db.transaction().execute(async (trx) => {
    const { organization, created } = await ensureDefaultOrganizationIn(trx, now);
    if (!created) return null;
    return createClient(trx, organization.id, 'demo', now);
  });
}
