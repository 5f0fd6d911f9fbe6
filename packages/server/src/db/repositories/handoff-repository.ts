import type { Insertable, Selectable } from 'kysely';
import type { Db, TransactionHandoffTable } from '../schema.ts';

export type StoredHandoff = Selectable<TransactionHandoffTable>;

export async function findHandoff(db: Db, transactionId: string): Promise<StoredHandoff | undefined> {
  return db.selectFrom('transactionHandoffs').selectAll().where('transactionId', '=', transactionId).executeTakeFirst();
}

export async function findHandoffByJoinKey(db: Db, joinKeyHash: string): Promise<StoredHandoff | undefined> {
  return db.selectFrom('transactionHandoffs').selectAll().where('joinKeyHash', '=', joinKeyHash).executeTakeFirst();
}

/**
 * A new hand-off of the transaction — unless a device holds it now (joined, not cancelled): then
 * nothing changes and false is answered. One statement, so a join racing it either happened first
 * (and this is refused) or joins the new key's row not at all.
 */
export async function replaceHandoff(db: Db, handoff: Insertable<TransactionHandoffTable>): Promise<boolean> {
  const result = await db
    .insertInto('transactionHandoffs')
    .values(handoff)
    .onConflict((oc) =>
      oc
        .column('transactionId')
        .doUpdateSet({
          joinKeyHash: handoff.joinKeyHash,
          joinExpiresOn: handoff.joinExpiresOn,
          deviceKeyHash: null,
          joinedOn: null,
          cancelledOn: null,
          createdOn: handoff.createdOn,
        })
        .where((eb) => eb.or([eb('transactionHandoffs.joinedOn', 'is', null), eb('transactionHandoffs.cancelledOn', 'is not', null)])),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Joins with a join key: once, before it expires, unless cancelled, while the transaction runs. Answers the transaction's id. */
export async function joinHandoff(db: Db, joinKeyHash: string, deviceKeyHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('transactionHandoffs')
    .set({ deviceKeyHash, joinedOn: now })
    .where('joinKeyHash', '=', joinKeyHash)
    .where('joinedOn', 'is', null)
    .where('cancelledOn', 'is', null)
    .where('joinExpiresOn', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('transactions')
          .select('transactions.id')
          .whereRef('transactions.id', '=', 'transactionHandoffs.transactionId')
          .where('transactions.processingStatus', '=', 'InProgress'),
      ),
    )
    .returning('transactionId')
    .executeTakeFirst();
  return row?.transactionId;
}

/** Ends the hand-off: the join key and the device's key stop working. */
export async function cancelHandoff(db: Db, transactionId: string, now: string): Promise<void> {
  await db.updateTable('transactionHandoffs').set({ cancelledOn: now }).where('transactionId', '=', transactionId).where('cancelledOn', 'is', null).execute();
}
