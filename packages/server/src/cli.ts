#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { adminCommands, adminUsage } from './cli/admin-commands.ts';
import { clientAddCommand, migrateCommand, workflowImportCommand, workflowListCommand, type CommandResult } from './cli/platform-commands.ts';
import { webhookCommands, webhookUsage } from './cli/webhook-commands.ts';
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';

const usage = `usage: idlens-server <command>

commands:
  serve [--demo DIR]                     start the server; --demo also serves DIR's static files at /
  migrate                                bring the database schema up to date
  client add --name N [--json]           create an agent API client; prints its id and secret once
  workflow import FILE [--json]          import a workflow definition (JSON) as a new version
  workflow list [--json]                 list workflows (latest versions)
${adminUsage}
${webhookUsage}

  client/workflow commands take --organization ID (default: the first organization; on an empty
  database a demo organization with the demo workflows is created).
  Configuration: environment variables (DATABASE_URL, …), see docs/configuration.md.`;

const flags = {
  demo: { type: 'string' },
  name: { type: 'string' },
  organization: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  description: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

async function serve(demoDir: string | undefined): Promise<number> {
  const config = readConfig(demoDir ? { ...process.env, DEMO_DIR: demoDir } : process.env);
  const logger = createLogger();
  // Loaded only here: the server pulls in sharp, ONNX Runtime and the engine, which the database
  // commands below do not need (each of them would otherwise pay seconds of start-up).
  const { startServer } = await import('./server.ts');
  const server = await startServer(config, logger);
  console.log(`idlens listening on ${server.url} (API docs: ${server.url}/docs, demo: ${server.url}/)`);
  if (server.demoCredentials) {
    const { clientId, clientSecret, organizationId } = server.demoCredentials;
    console.log(
      [
        'Empty database: seeded the demo organization, workflows demo-auto and demo-document, and a demo client.',
        `  organizationId: ${organizationId}`,
        `  client_id:      ${clientId}`,
        `  client_secret:  ${clientSecret}`,
        'The secret is shown only now (the database keeps its hash); create more clients with `pnpm cli client add --name NAME`.',
      ].join('\n'),
    );
  }
  // Every SIGINT/SIGTERM is handled (a second one during the drain must not kill the process
  // mid-stop); close() stops once, whichever came first.
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return -1; // keep running
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: flags, allowPositionals: true, strict: true });
  const [command, sub, arg, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command ? 0 : 2;
  }
  if (command === 'serve') return serve(values.demo);
  const options = { config: readConfig(process.env), json: values.json, organization: values.organization };
  const commands: Record<string, (() => Promise<CommandResult>) | undefined> = {
    migrate: () => migrateCommand(options),
    'client add': values.name ? () => clientAddCommand({ ...options, name: values.name! }) : undefined,
    'workflow import': arg ? () => workflowImportCommand({ ...options, file: arg }) : undefined,
    'workflow list': () => workflowListCommand(options),
    ...adminCommands(options, values, arg),
    ...webhookCommands(
      options,
      values,
      [arg, ...rest].filter((a): a is string => a !== undefined),
    ),
  };
  const run = commands[command === 'migrate' ? 'migrate' : `${command} ${sub ?? ''}`];
  if (!run) {
    console.error(usage);
    return 2;
  }
  const { stdout, exitCode } = await run();
  (exitCode === 0 ? console.log : console.error)(stdout);
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: Error) => {
    console.error(error.name === 'ConfigError' || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? error.message : error);
    process.exit(1);
  },
);
