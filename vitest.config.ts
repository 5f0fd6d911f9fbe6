import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { oneWaitMs, outcomeWaitMs } from './test/support/patience.ts';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'models/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests wait for outcomes, not for a clock (test/support/patience.ts): a loaded machine is slow,
    // not wrong. The timeouts only end a hang; a poll ends before its test, naming what it waited for.
    testTimeout: outcomeWaitMs,
    hookTimeout: outcomeWaitMs,
    expect: { poll: { timeout: oneWaitMs } },
    // A test file per core. Vitest 4 runs one fewer than the cores outside watch mode, which on the
    // 2-core CI machine ran the files one at a time with a core mostly idle: 913 s of vitest there,
    // 599 s with two at once (2026-11-29). Files that share a server (PostgreSQL) each make a
    // database of their own; servers the tests start listen on free ports.
    maxWorkers: availableParallelism(),
    // In CI a JSON report too, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
