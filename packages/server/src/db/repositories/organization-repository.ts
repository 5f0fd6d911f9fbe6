import type { Db } from '../schema.ts';

export interface Organization {
  id: string;
  name: string;
  createdOn: string;
}

export async function insertOrganization(db: Db, org: Organization): Promise<void> {
  await db.insertInto('organizations').values({ id: org.id, name: org.name, created_on: org.createdOn }).execute();
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, createdOn: row.created_on };
}

/** The oldest organization: the one the CLI uses when none is named. */
export async function findFirstOrganization(db: Db): Promise<Organization | undefined> {
  const row = await db.selectFrom('organizations').selectAll().orderBy('created_on').orderBy('id').limit(1).executeTakeFirst();
  return row && { id: row.id, name: row.name, createdOn: row.created_on };
}
