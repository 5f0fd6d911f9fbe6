import type { Insertable, Selectable } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { ClientTable, Db } from '../schema.ts';

/** An API client of an organization (agent credentials); `secretHash` is the SHA-256 hex of the secret. */
export type StoredClient = Selectable<ClientTable>;

export async function insertClient(db: Db, client: Insertable<ClientTable>): Promise<void> {
  await db.insertInto('clients').values(client).execute();
}

const selectClient = preparedQuery(['id'], (db, p: { id: string }) => db.selectFrom('clients').selectAll().where('id', '=', p.id));

/** Every authenticated agent request asks this: prepared once. */
export async function findClient(db: Db, id: string): Promise<StoredClient | undefined> {
  return (await selectClient(db, { id })).rows[0];
}
