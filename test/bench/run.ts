// `pnpm bench [suite…]`: speed and memory, in-process and through the HTTP API of a server started
// on loopback, with peers measured in the same run. Writes reports/bench-<time>.{json,md}.
import { runSuites } from '../support/run-suites.ts';
import { benchSuites } from './suites.ts';

runSuites('bench', benchSuites, process.argv.slice(2));
