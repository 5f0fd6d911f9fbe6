#!/usr/bin/env -S node --import tsx
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

const usage = `usage: idlens-server <command>

commands:
  serve [--demo DIR]   start the server; --demo also serves DIR's static files at /
                       (configuration: environment variables, see docs/configuration.md)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'serve') {
    const demoFlag = args.indexOf('--demo');
    const config = readConfig(demoFlag >= 0 ? { ...process.env, DEMO_DIR: args[demoFlag + 1] } : process.env);
    const logger = createLogger();
    const server = await startServer(config, logger);
    console.log(`idlens listening on ${server.url} (API docs: ${server.url}/docs, demo: ${server.url}/)`);
    const stop = async () => {
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return -1; // keep running
  }
  console.error(usage);
  return command ? 2 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: Error) => {
    console.error(error.name === 'ConfigError' ? error.message : error);
    process.exit(1);
  },
);
