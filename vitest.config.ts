import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'models/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Recognition tests decode real images in WASM; the default 5 s is too tight on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // In CI a JSON report too, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
