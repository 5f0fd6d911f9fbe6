import type { Selectable } from 'kysely';
import type { Db, OrganizationTable } from '../schema.ts';

export type Organization = Selectable<OrganizationTable>;

export async function insertOrganization(db: Db, org: Organization): Promise<void> {
  await db.insertInto('organizations').values(org).execute();
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest organization: the one the CLI uses when none is named. */
export async function findFirstOrganization(db: Db): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().orderBy('createdOn').orderBy('id').limit(1).executeTakeFirst();
}
