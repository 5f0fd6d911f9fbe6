import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findFirstOrganization, insertOrganization, type Organization } from '../db/repositories/organization-repository.ts';
import type { Database } from '../db/schema.ts';
import { createClient, type NewClientCredentials } from './clients.ts';
import { demoWorkflows } from './demo-workflows.ts';
import { importWorkflow } from './workflow-admin.ts';

/**
 * The organization the CLI uses when none is named: the oldest one, or — on an empty database — a
 * new "Demo organization" with the demo workflows. Answers whether it was created.
 */
export async function ensureDefaultOrganization(db: Kysely<Database>, now: string): Promise<{ organization: Organization; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await findFirstOrganization(trx);
    if (existing) return { organization: existing, created: false };
    const organization = { id: randomUUID(), name: 'Demo organization', createdOn: now };
    await insertOrganization(trx, organization);
    for (const workflow of demoWorkflows) await importWorkflow(trx, organization.id, workflow, now);
    return { organization, created: true };
  });
}

/**
 * On an empty database: the demo organization, its workflows (`demo-auto`, `demo-document`) and a
 * demo client whose credentials are returned to be printed once. Null when the database had data.
 */
export async function seedDemo(db: Kysely<Database>, now: string): Promise<NewClientCredentials | null> {
  const { organization, created } = await ensureDefaultOrganization(db, now);
  if (!created) return null;
  return createClient(db, organization.id, 'demo', now);
}
