import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.ts';
import { hashSecret, newSecret } from '../platform/auth/secrets.ts';
import { maskCardNumbersIn } from '../workflow/sanitize-extraction.ts';

/**
 * Administration of organizations and their clients (the operator's CLI and admin API, and the
 * agent API's client management of the caller's own organization). Secrets are shown once and
 * stored only as SHA-256 hashes, like platform/auth/clients.ts.
 */

export interface OrganizationView {
  organizationId: string;
  name: string;
  createdOn: string;
  clientCount: number;
}

export interface ClientView {
  clientId: string;
  organizationId: string;
  name: string;
  createdOn: string;
}

/** Credentials shown once: after creation or a rotation. */
export interface ClientSecretView {
  clientId: string;
  clientSecret: string;
  organizationId: string;
}

/** Names are free text: stored (and shown) without card numbers, like every free-text field. */
export async function addOrganization(db: Db, given: string, now: string): Promise<OrganizationView> {
  const name = maskCardNumbersIn(given);
  const organizationId = randomUUID();
  await db.insertInto('organizations').values({ id: organizationId, name, createdOn: now }).execute();
  return { organizationId, name, createdOn: now, clientCount: 0 };
}

export async function listOrganizations(db: Db): Promise<OrganizationView[]> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('clients', 'clients.organizationId', 'organizations.id')
    .select((eb) => ['organizations.id', 'organizations.name', 'organizations.createdOn', eb.fn.count<number | string>('clients.id').as('clientCount')])
    .groupBy(['organizations.id', 'organizations.name', 'organizations.createdOn'])
    .orderBy('organizations.createdOn')
    .orderBy('organizations.id')
    .execute();
  return rows.map((r) => ({ organizationId: r.id, name: r.name, createdOn: r.createdOn, clientCount: Number(r.clientCount) }));
}

export async function organizationExists(db: Db, organizationId: string): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()) !== undefined;
}

export async function listClients(db: Db, organizationId: string): Promise<ClientView[]> {
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'organizationId', 'name', 'createdOn'])
    .where('organizationId', '=', organizationId)
    .orderBy('createdOn')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ clientId: r.id, organizationId: r.organizationId, name: r.name, createdOn: r.createdOn }));
}

export async function addClient(db: Db, organizationId: string, given: string, now: string): Promise<ClientSecretView & { name: string; createdOn: string }> {
  const name = maskCardNumbersIn(given);
  const clientId = randomUUID();
  const clientSecret = newSecret();
  await db
    .insertInto('clients')
    .values({ id: clientId, organizationId, name, secretHash: hashSecret(clientSecret), createdOn: now })
    .execute();
  return { clientId, clientSecret, organizationId, name, createdOn: now };
}

/**
 * Removes a client: its Basic credentials stop at once, and so do its bearer tokens (the client
 * is looked up on every use) and the verification links it created (revoked; a link whose client
 * is gone starts nothing even before that: claimVerificationLink). Its transactions stay. Answers
 * false when there was no such client.
 */
export async function revokeClient(db: Db, clientId: string, organizationId?: string): Promise<boolean> {
  let query = db.deleteFrom('clients').where('id', '=', clientId);
  if (organizationId !== undefined) query = query.where('organizationId', '=', organizationId);
  const result = await query.executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await db
    .updateTable('verificationLinks')
    .set({ revokedOn: new Date().toISOString() })
    .where('clientId', '=', clientId)
    .where('revokedOn', 'is', null)
    .execute();
  return true;
}

/**
 * A new secret for the client: the old one and every bearer token issued before stop working at
 * once. Undefined when there is no such client.
 */
export async function rotateClientSecret(db: Db, clientId: string, organizationId?: string): Promise<ClientSecretView | undefined> {
  const clientSecret = newSecret();
  let query = db
    .updateTable('clients')
    // The next generation: tokens issued under the old secret stop working now, not at their expiry.
    .set((eb) => ({ secretHash: hashSecret(clientSecret), tokenGeneration: eb('tokenGeneration', '+', 1) }))
    .where('id', '=', clientId);
  if (organizationId !== undefined) query = query.where('organizationId', '=', organizationId);
  const row = await query.returning(['id', 'organizationId']).executeTakeFirst();
  return row && { clientId: row.id, clientSecret, organizationId: row.organizationId };
}

export interface WorkflowVersionView {
  workflowVersionId: string;
  workflowId: string;
  version: number;
  name: string;
  createdOn: string;
  isLatest: boolean;
}

/** Every version of one workflow of an organization, newest first. */
export async function listWorkflowVersions(db: Db, organizationId: string, workflowId: string): Promise<WorkflowVersionView[]> {
  const latest = await db
    .selectFrom('workflows')
    .select('latestVersionId')
    .where('organizationId', '=', organizationId)
    .where('id', '=', workflowId)
    .executeTakeFirst();
  if (!latest) return [];
  const rows = await db
    .selectFrom('workflowVersions')
    .select(['id', 'workflowId', 'version', 'definition', 'createdOn'])
    .where('organizationId', '=', organizationId)
    .where('workflowId', '=', workflowId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    workflowVersionId: r.id,
    workflowId: r.workflowId,
    version: Number(r.version),
    name: (JSON.parse(r.definition) as { name: string }).name,
    createdOn: r.createdOn,
    isLatest: r.id === latest.latestVersionId,
  }));
}

/** One version's stored definition, only within the organization. */
export async function findOwnWorkflowVersion(
  db: Db,
  organizationId: string,
  workflowId: string,
  workflowVersionId: string,
): Promise<{ workflowVersionId: string; workflowId: string; version: number; createdOn: string; definition: unknown } | undefined> {
  const r = await db
    .selectFrom('workflowVersions')
    .select(['id', 'workflowId', 'version', 'definition', 'createdOn'])
    .where('organizationId', '=', organizationId)
    .where('workflowId', '=', workflowId)
    .where('id', '=', workflowVersionId)
    .executeTakeFirst();
  return r && { workflowVersionId: r.id, workflowId: r.workflowId, version: Number(r.version), createdOn: r.createdOn, definition: JSON.parse(r.definition) };
}
