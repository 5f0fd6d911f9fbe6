import type { Insertable, Selectable } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { ClientTable, Db } from '../schema.ts';

/** An API client of an organization (agent credentials); `secretHash` is the SHA-256 hex of the secret. */
export type StoredClient = Selectable<ClientTable>;

export async function insertClient(db: Db, client: Insertable<ClientTable>): Promise<void> {
  await db.insertInto('clients').values(client).execute();
}

/** Every column of a client, listed (a named statement's columns must not change with the table's). */
const clientColumns = ['id', 'organizationId', 'name', 'secretHash', 'tokenGeneration', 'createdOn'] as const satisfies ReadonlyArray<keyof ClientTable>;

const selectClient = preparedQuery(['id'], (db, p: { id: string }) => db.selectFrom('clients').select(clientColumns).where('id', '=', p.id), {
  namedOnPostgres: true,
});

/** Every authenticated agent request asks this: prepared once. */
export async function findClient(db: Db, id: string): Promise<StoredClient | undefined> {
  return (await selectClient(db, { id })).rows[0];
}
