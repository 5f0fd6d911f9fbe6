import { randomUUID } from 'node:crypto';
import { insertClient } from '../../db/repositories/client-repository.ts';
import type { Db } from '../../db/schema.ts';
import { maskCardNumbersIn } from '../../workflow/sanitize-extraction.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** A new client's credentials: the secret exists only in this value (the database keeps its hash). */
export interface NewClientCredentials {
  clientId: string;
  clientSecret: string;
  organizationId: string;
}

export async function createClient(db: Db, organizationId: string, name: string, now: string): Promise<NewClientCredentials> {
  const clientId = randomUUID();
  const clientSecret = newSecret();
  await insertClient(db, { id: clientId, organizationId, name: maskCardNumbersIn(name), secretHash: hashSecret(clientSecret), createdOn: now });
  return { clientId, clientSecret, organizationId };
}
