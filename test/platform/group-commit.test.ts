import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTransactionalWrites } from '../../packages/server/src/db/group-commit.ts';
import { openDatabase, type OpenDatabase } from '../../packages/server/src/db/open-database.ts';
import type { Db } from '../../packages/server/src/db/schema.ts';
import { describeEachDialect } from '../support/dialects.ts';
import { createTestDatabase } from '../support/postgres.ts';

const insertNote = (trx: Db, id: string) => sql`insert into notes (id) values (${id})`.execute(trx);

await describeEachDialect('transactional writes (grouped commits on SQLite)', (dialect) => {
  let database: OpenDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const pg = dialect.postgresAdminUrl ? await createTestDatabase(dialect.postgresAdminUrl) : null;
    drop = pg?.drop;
    database = openDatabase(pg?.url ?? 'file::memory:');
    await sql`create table notes (id text primary key)`.execute(database.db);
    // A deferred check: violated rows are refused at commit, not at the insert.
    await sql`create table refs (note_id text references notes (id) deferrable initially deferred)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    await drop?.();
  });
  const notes = async () => (await sql<{ id: string }>`select id from notes order by id`.execute(database.db)).rows.map((r) => r.id);

  it('writes submitted together answer their own values; one that fails fails alone, and none of its rows stay', async () => {
    const writes = createTransactionalWrites(database.db);
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((id) =>
        writes.run(async (trx) => {
          await insertNote(trx, id);
          if (id === 'b') await insertNote(trx, 'a'); // a duplicate key: b's own insert goes with it
          if (id === 'c') throw new Error('c changed its mind');
          return id.toUpperCase();
        }),
      ),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'A',
      expect.stringMatching(/unique|duplicate/i),
      'c changed its mind',
      'D',
    ]);
    expect(await notes()).toEqual(['a', 'd']);
  });

  it('a write that arrives while others commit is committed after them, with its own outcome', async () => {
    const writes = createTransactionalWrites(database.db);
    let late: Promise<string> | undefined;
    const first = writes.run(async (trx) => {
      await insertNote(trx, 'first');
      late = writes.run(async (inner) => {
        await insertNote(inner, 'late');
        return 'late';
      });
      return 'first';
    });
    expect(await first).toBe('first');
    expect(await late).toBe('late');
    expect(await notes()).toEqual(['first', 'late']);
  });

  if (dialect.name === 'sqlite') {
    it('SQLite: writes submitted in one turn of the event loop share one database transaction', async () => {
      const writes = createTransactionalWrites(database.db);
      const seen: Db[] = [];
      await Promise.all(
        ['a', 'b', 'c'].map((id) =>
          writes.run(async (trx) => {
            seen.push(trx);
            await insertNote(trx, id);
          }),
        ),
      );
      expect(new Set(seen).size).toBe(1);
      expect(await notes()).toEqual(['a', 'b', 'c']);
    });

    it('SQLite: a commit that fails fails every write of its group, and none of their rows stay', async () => {
      const writes = createTransactionalWrites(database.db);
      const results = await Promise.allSettled([
        writes.run((trx) => insertNote(trx, 'a')),
        writes.run(async (trx) => {
          await sql`insert into refs (note_id) values ('missing')`.execute(trx);
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await notes()).toEqual([]);
      // The next group is unaffected.
      await writes.run((trx) => insertNote(trx, 'after'));
      expect(await notes()).toEqual(['after']);
    });
  }
});
