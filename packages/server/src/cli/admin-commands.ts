import {
  addOrganization,
  listClients,
  listOrganizations,
  organizationExists,
  revokeClient,
  rotateClientSecret,
  type ClientView,
} from '../admin/admin-store.ts';
import { displayName } from '../admin/admin-schemas.ts';
import { withDatabase, type CommandOptions, type CommandResult } from './platform-commands.ts';

/**
 * The operator's administration commands: organizations, and listing, revoking and rotating
 * clients (`client add` is in platform-commands.ts). Secrets are printed once and never stored.
 */
export type AdminCommandOptions = CommandOptions;

const fail = (stdout: string, exitCode = 2): CommandResult => ({ stdout, exitCode });

export async function organizationAddCommand(options: AdminCommandOptions & { name: string }): Promise<CommandResult> {
  const name = displayName.safeParse(options.name);
  if (!name.success) return fail(`--name: ${name.error.issues[0]?.message ?? 'invalid'}`);
  return withDatabase(options.config, async (database) => {
    const org = await addOrganization(database.db, name.data, new Date().toISOString());
    if (options.json) return { stdout: JSON.stringify(org), exitCode: 0 };
    return {
      stdout: `organization "${org.name}" created: ${org.organizationId}\nAdd a client with \`idlens-server client add --name NAME --organization ${org.organizationId}\`.`,
      exitCode: 0,
    };
  });
}

export async function organizationListCommand(options: AdminCommandOptions): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const orgs = await listOrganizations(database.db);
    if (options.json) return { stdout: JSON.stringify(orgs), exitCode: 0 };
    return {
      stdout: orgs.map((o) => `${o.organizationId}\t${o.name}\tclients: ${o.clientCount}\tcreated ${o.createdOn}`).join('\n') || 'no organizations',
      exitCode: 0,
    };
  });
}

/** Clients of one organization (--organization) or of all; never a secret. */
export async function clientListCommand(options: AdminCommandOptions): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    let clients: ClientView[];
    if (options.organization) {
      if (!(await organizationExists(database.db, options.organization))) return fail(`no organization ${options.organization}`);
      clients = await listClients(database.db, options.organization);
    } else {
      clients = (await Promise.all((await listOrganizations(database.db)).map((o) => listClients(database.db, o.organizationId)))).flat();
    }
    if (options.json) return { stdout: JSON.stringify(clients), exitCode: 0 };
    return { stdout: clients.map((c) => `${c.clientId}\t${c.organizationId}\t${c.name}\tcreated ${c.createdOn}`).join('\n') || 'no clients', exitCode: 0 };
  });
}

export async function clientRevokeCommand(options: AdminCommandOptions & { clientId: string }): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const revoked = await revokeClient(database.db, options.clientId, options.organization);
    if (!revoked) return fail(`no client ${options.clientId}${options.organization ? ` in organization ${options.organization}` : ''}`);
    return { stdout: options.json ? JSON.stringify({ clientId: options.clientId, revoked: true }) : `client ${options.clientId} revoked`, exitCode: 0 };
  });
}

export async function clientRotateCommand(options: AdminCommandOptions & { clientId: string }): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const rotated = await rotateClientSecret(database.db, options.clientId, options.organization);
    if (!rotated) return fail(`no client ${options.clientId}${options.organization ? ` in organization ${options.organization}` : ''}`);
    if (options.json) return { stdout: JSON.stringify(rotated), exitCode: 0 };
    return {
      stdout: [
        `client ${rotated.clientId} has a new secret (the old one no longer works)`,
        `  client_secret: ${rotated.clientSecret}`,
        'The secret is shown only now: the database keeps only its hash.',
      ].join('\n'),
      exitCode: 0,
    };
  });
}

/** The commands by `command sub` for cli.ts; undefined = a required argument is missing (usage). */
export function adminCommands(options: AdminCommandOptions, values: { name?: string }, arg: string | undefined) {
  return {
    'organization add': values.name ? () => organizationAddCommand({ ...options, name: values.name! }) : undefined,
    'organization list': () => organizationListCommand(options),
    'client list': () => clientListCommand(options),
    'client revoke': arg ? () => clientRevokeCommand({ ...options, clientId: arg }) : undefined,
    'client rotate': arg ? () => clientRotateCommand({ ...options, clientId: arg }) : undefined,
  };
}

export const adminUsage = `  organization add --name N [--json]     create an organization (no workflows, no clients)
  organization list [--json]             list organizations
  client list [--organization ID]        list clients (ids and names; never secrets)
  client revoke CLIENT_ID                revoke a client: its secret and access tokens stop working
  client rotate CLIENT_ID [--json]       give a client a new secret (printed once; the old one stops)`;
