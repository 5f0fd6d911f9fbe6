import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, OrganizationBrandingTable, VerificationLinkTable } from '../schema.ts';

export type StoredVerificationLink = Selectable<VerificationLinkTable>;
export type StoredBranding = Selectable<OrganizationBrandingTable>;

export async function insertVerificationLink(db: Db, link: Insertable<VerificationLinkTable>): Promise<void> {
  await db.insertInto('verificationLinks').values(link).execute();
}

export async function findVerificationLink(db: Db, organizationId: string, id: string): Promise<StoredVerificationLink | undefined> {
  return db.selectFrom('verificationLinks').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function findVerificationLinkByToken(db: Db, tokenHash: string): Promise<StoredVerificationLink | undefined> {
  return db.selectFrom('verificationLinks').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Newest first; `before` is the last row of the previous page. */
export async function listVerificationLinks(
  db: Db,
  organizationId: string,
  limit: number,
  before: { createdOn: string; id: string } | null,
): Promise<StoredVerificationLink[]> {
  let query = db.selectFrom('verificationLinks').selectAll().where('organizationId', '=', organizationId);
  if (before)
    query = query.where((eb) => eb.or([eb('createdOn', '<', before.createdOn), eb.and([eb('createdOn', '=', before.createdOn), eb('id', '<', before.id)])]));
  return query.orderBy('createdOn', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function updateVerificationLink(
  db: Db,
  organizationId: string,
  id: string,
  patch: Updateable<VerificationLinkTable>,
): Promise<StoredVerificationLink | undefined> {
  return db.updateTable('verificationLinks').set(patch).where('organizationId', '=', organizationId).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Counts one more transaction started by the link — only while it can start one (not revoked, not
 * expired, for a single-use link not used yet, and its client still exists: the transactions are
 * that client's). One conditional UPDATE: of two pages starting on a single-use link at once,
 * exactly one gets true.
 */
export async function claimVerificationLink(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('verificationLinks')
    .set((eb) => ({ transactionCount: eb('transactionCount', '+', 1), usedOn: eb.fn.coalesce('usedOn', eb.val(now)) }))
    .where('id', '=', id)
    .where('revokedOn', 'is', null)
    .where('expiresOn', '>', now)
    .where((eb) => eb.or([eb('singleUse', '=', 0), eb('usedOn', 'is', null)]))
    .where((eb) => eb.exists(eb.selectFrom('clients').select('clients.id').whereRef('clients.id', '=', 'verificationLinks.clientId')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertVerificationLinkTransaction(db: Db, linkId: string, transactionId: string, createdOn: string): Promise<void> {
  await db.insertInto('verificationLinkTransactions').values({ linkId, transactionId, createdOn }).execute();
}

/** The transactions a link started that still exist, newest first, with their statuses. */
export async function listVerificationLinkTransactions(db: Db, linkId: string, limit: number) {
  return db
    .selectFrom('verificationLinkTransactions as l')
    .innerJoin('transactions as t', 't.id', 'l.transactionId')
    .select(['l.transactionId', 'l.createdOn', 't.processingStatus', 't.verificationStatus'])
    .where('l.linkId', '=', linkId)
    .orderBy('l.createdOn', 'desc')
    .orderBy('l.transactionId', 'desc')
    .limit(limit)
    .execute();
}

// --- Branding ----------------------------------------------------------------------------------

export async function findBranding(db: Db, organizationId: string): Promise<StoredBranding | undefined> {
  return db.selectFrom('organizationBranding').selectAll().where('organizationId', '=', organizationId).executeTakeFirst();
}

export async function upsertBranding(
  db: Db,
  organizationId: string,
  patch: Omit<Updateable<OrganizationBrandingTable>, 'organizationId'> & { modifiedOn: string },
) {
  await db
    .insertInto('organizationBranding')
    .values({ organizationId, displayName: null, accentColor: null, logo: null, logoContentType: null, ...patch })
    .onConflict((oc) => oc.column('organizationId').doUpdateSet(patch))
    .execute();
}
