import type { Db } from '../schema.ts';

/** An API client of an organization (agent credentials). */
export interface StoredClient {
  id: string;
  organizationId: string;
  name: string;
  /** SHA-256 hex of the secret. */
  secretHash: string;
  createdOn: string;
}

export async function insertClient(db: Db, client: StoredClient): Promise<void> {
  await db
    .insertInto('clients')
    .values({ id: client.id, organization_id: client.organizationId, name: client.name, secret_hash: client.secretHash, created_on: client.createdOn })
    .execute();
}

export async function findClient(db: Db, id: string): Promise<StoredClient | undefined> {
  const row = await db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, organizationId: row.organization_id, name: row.name, secretHash: row.secret_hash, createdOn: row.created_on };
}

export async function countClients(db: Db): Promise<number> {
  const { n } = await db.selectFrom('clients').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
