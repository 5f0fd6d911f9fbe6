import { readFile } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase, type OpenDatabase } from '../db/open-database.ts';
import { findOrganization } from '../db/repositories/organization-repository.ts';
import { ApiError } from '../errors.ts';
import { createClient } from '../platform/auth/clients.ts';
import { ensureDefaultOrganization } from '../platform/demo/seed-demo.ts';
import { importWorkflow, listWorkflows } from '../platform/workflow-versions/workflow-admin.ts';

/** Output of a command: what to print, and the exit code. */
export interface CommandResult {
  stdout: string;
  exitCode: number;
}

export interface CommandOptions {
  config: Config;
  json: boolean;
  organization?: string;
}

/**
 * Runs a command against the configured database (migrated first). SQLite's WAL and busy timeout
 * let this run while the server is up.
 */
export async function withDatabase<T>(config: Config, run: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = openDatabase(config.databaseUrl, { poolMax: 2 });
  try {
    await migrateToLatest(database.db);
    return await run(database);
  } finally {
    await database.close();
  }
}

/** The named organization, or the default one (created with the demo workflows on an empty database). */
export async function organizationId(database: OpenDatabase, requested: string | undefined): Promise<string> {
  if (requested) {
    if (!(await findOrganization(database.db, requested))) throw new Error(`no organization ${requested}`);
    return requested;
  }
  return (await ensureDefaultOrganization(database.db, new Date().toISOString())).organization.id;
}

export async function migrateCommand({ config }: CommandOptions): Promise<CommandResult> {
  const database = openDatabase(config.databaseUrl, { poolMax: 2 });
  try {
    const results = await migrateToLatest(database.db);
    const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    return { stdout: applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date', exitCode: 0 };
  } finally {
    await database.close();
  }
}

export async function clientAddCommand(options: CommandOptions & { name: string }): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const credentials = await createClient(database.db, await organizationId(database, options.organization), options.name, new Date().toISOString());
    if (options.json) return { stdout: JSON.stringify(credentials), exitCode: 0 };
    return {
      stdout: [
        `client "${options.name}" created in organization ${credentials.organizationId}`,
        `  client_id:     ${credentials.clientId}`,
        `  client_secret: ${credentials.clientSecret}`,
        'The secret is shown only now: the database keeps only its hash.',
      ].join('\n'),
      exitCode: 0,
    };
  });
}

export async function workflowImportCommand(options: CommandOptions & { file: string }): Promise<CommandResult> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(options.file, 'utf8'));
  } catch (error) {
    return { stdout: `${options.file}: ${(error as Error).message}`, exitCode: 2 };
  }
  return withDatabase(options.config, async (database) => {
    try {
      const imported = await importWorkflow(database.db, await organizationId(database, options.organization), json, new Date().toISOString());
      return {
        stdout: options.json ? JSON.stringify(imported) : `imported ${imported.workflowId} version ${imported.version} (${imported.workflowVersionId})`,
        exitCode: 0,
      };
    } catch (error) {
      if (error instanceof ApiError) return { stdout: `${options.file}: ${error.message}`, exitCode: 2 };
      throw error;
    }
  });
}

export async function workflowListCommand(options: CommandOptions): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const workflows = await listWorkflows(database.db, await organizationId(database, options.organization));
    if (options.json) return { stdout: JSON.stringify(workflows), exitCode: 0 };
    const lines = workflows.map(
      (w) => `${w.workflowId}\t${w.workflowVersionId}\t${w.name}\tinteractive: ${w.interactiveSteps.map((s) => s.name).join(', ') || '-'}`,
    );
    return { stdout: lines.join('\n') || 'no workflows', exitCode: 0 };
  });
}
