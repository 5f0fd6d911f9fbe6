/**
 * `pnpm test` (test/run-tests.ts) starts here: makes sure this machine has what the tests need that npm cannot bring,
 * before any test runs. Fonts travel with the repository (test/support/fonts.ts); what is left is
 * Debian's Chromium (browser tests; no browser is ever downloaded), a PostgreSQL server (the
 * repositories run on SQLite and on PostgreSQL), and clang with lld (the convnet runtime's wasm
 * kernels are rebuilt and compared with the committed ones).
 *
 * Missing pieces are installed with apt-get when this runs as root on Debian; anywhere else it
 * stops at once with one sentence saying what to install. `TEST_POSTGRES_URL` (an admin URL) and
 * `CHROMIUM_PATH` point at ones installed some other way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { postgresAvailability } from './support/postgres.ts';

interface Requirement {
  what: string;
  /** Debian package that provides it. */
  debianPackage: string;
  present(): boolean;
  /** How to provide it without Debian, for the message. */
  otherwise: string;
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const requirements: Requirement[] = [
  {
    what: 'Chromium (browser tests)',
    debianPackage: 'chromium',
    present: () => existsSync(chromiumPath),
    otherwise: 'or set CHROMIUM_PATH to a Chromium binary',
  },
  {
    // kernels-wasm.test.ts rebuilds the convnet runtime's wasm kernels from kernels.c and compares.
    what: 'clang (rebuilding the convnet kernels)',
    debianPackage: 'clang',
    present: () => hasCommand('clang'),
    otherwise: 'or put a clang with the wasm32 target on PATH',
  },
  {
    what: 'lld (linking the convnet kernels)',
    debianPackage: 'lld',
    present: () => hasCommand('wasm-ld'),
    otherwise: 'or put wasm-ld on PATH',
  },
  {
    what: 'PostgreSQL (repository tests on PostgreSQL)',
    debianPackage: 'postgresql',
    present: () => Boolean(process.env.TEST_POSTGRES_URL) || postgresVersions().length > 0,
    otherwise: 'or set TEST_POSTGRES_URL to an admin URL of a PostgreSQL server',
  },
];

function postgresVersions(): string[] {
  const root = '/usr/lib/postgresql';
  return existsSync(root) ? readdirSync(root).filter((version) => existsSync(`${root}/${version}/bin/pg_ctl`)) : [];
}

function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function checkNode(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`the tests need Node.js 20.19 or newer (this is ${process.versions.node}).`);
}

function fail(sentence: string, command = 'pnpm test'): never {
  console.error(`\n${command} cannot run here: ${sentence}\n`);
  process.exit(1);
}

const wrkPath = process.env.WRK_PATH ?? '/usr/bin/wrk';

/**
 * `pnpm bench platform`'s load generator: Debian's wrk (C, a thread per core, so the client is
 * not what limits the figures), installed as Chromium is for the tests. Returns its path.
 */
export function provisionWrk(): string {
  const wrk: Requirement = {
    what: 'wrk (the load generator)',
    debianPackage: 'wrk',
    present: () => existsSync(wrkPath),
    otherwise: 'or set WRK_PATH to a wrk binary',
  };
  installMissing([wrk], 'pnpm bench platform');
  return wrkPath;
}

/** Installs what is missing, starts PostgreSQL, and returns the environment the tests run with. */
export async function provisionTestMachine(): Promise<Record<string, string>> {
  checkNode();
  installMissing(requirements);
  // A PostgreSQL that is installed but cannot be started fails here, loudly, instead of letting its tests skip.
  const postgres = await postgresAvailability();
  if ('skipReason' in postgres) fail(`PostgreSQL is not usable: ${postgres.skipReason}.`);
  return { TEST_POSTGRES_URL: postgres.url, CHROMIUM_PATH: chromiumPath };
}

/** Installs with apt-get those of `requirements` that are not present (or stops, saying what to install). */
function installMissing(requirements: Requirement[], command = 'pnpm test'): void {
  const missing = requirements.filter((requirement) => !requirement.present());
  if (!missing.length) return;
  const packages = missing.map((requirement) => requirement.debianPackage);
  const canInstall = process.platform === 'linux' && process.getuid?.() === 0 && hasCommand('apt-get');
  if (!canInstall) {
    const list = missing.map((requirement) => `${requirement.what}: apt-get install ${requirement.debianPackage} (${requirement.otherwise})`).join('; ');
    fail(`install what is missing, then run it again — ${list}.`, command);
  }
  console.log(`Installing Debian packages ${command} needs: ${packages.join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  } catch {
    fail(`apt-get could not install ${packages.join(', ')}; install them by hand and run it again.`, command);
  }
  const stillMissing = missing.filter((requirement) => !requirement.present());
  if (stillMissing.length) fail(`${stillMissing.map((requirement) => requirement.what).join(' and ')} still missing after apt-get install.`, command);
}
