import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/**
 * Kysely's SQLite dialect with a driver built for a busy server: prepared statements are cached
 * by SQL text (kysely's own driver prepares every query anew), and the single connection is handed
 * from one waiter to the next in FIFO order (kysely's mutex wakes every waiter on each release,
 * so 32 concurrent requests cost 32 wake-ups per query).
 */
export class CachingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase.Database;
  readonly #maxStatements: number;
  #driver: CachingSqliteDriver | undefined;

  constructor(database: SqliteDatabase.Database, maxStatements = 500) {
    super({ database });
    this.#database = database;
    this.#maxStatements = maxStatements;
  }

  override createDriver(): Driver {
    this.#driver = new CachingSqliteDriver(this.#database, this.#maxStatements);
    return this.#driver;
  }

  /** Whether the one connection is in use, and how many queries wait for it (metrics). */
  connectionUse(): { busy: boolean; waiting: number } {
    return this.#driver?.use() ?? { busy: false, waiting: 0 };
  }
}

class CachingSqliteDriver implements Driver {
  readonly #connection: SqliteConnection;
  readonly #database: SqliteDatabase.Database;
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  constructor(database: SqliteDatabase.Database, maxStatements: number) {
    this.#database = database;
    this.#connection = new SqliteConnection(database, maxStatements);
  }

  async init(): Promise<void> {}

  use(): { busy: boolean; waiting: number } {
    return { busy: this.#locked, waiting: this.#waiters.length };
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiters.push(() => resolve(this.#connection)));
  }

  async releaseConnection(): Promise<void> {
    // The lock passes straight to the longest waiter; it is free only when nobody waits.
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#database.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  readonly #database: SqliteDatabase.Database;
  readonly #maxStatements: number;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();

  constructor(database: SqliteDatabase.Database, maxStatements: number) {
    this.#database = database;
    this.#maxStatements = maxStatements;
  }

  #prepare(sql: string): SqliteDatabase.Statement {
    let statement = this.#statements.get(sql);
    if (statement) return statement;
    statement = this.#database.prepare(sql);
    // Bounded: past the cap the oldest statement is dropped (queries are built from a fixed set of shapes).
    if (this.#statements.size >= this.#maxStatements) this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, statement);
    return statement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const statement = this.#prepare(compiledQuery.sql);
      const parameters = compiledQuery.parameters as unknown[];
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
      const { changes, lastInsertRowid } = statement.run(parameters);
      return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams select queries only');
    // A statement of its own: a cached one would be busy while the stream is read.
    for (const row of this.#database.prepare(compiledQuery.sql).iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}
