/**
 * The layering of docs/architecture.md, checked by `pnpm lint` (dependency-cruiser).
 * Paths are the real ones after workspace symlinks are resolved, so `@idlens/server` counts as
 * `packages/server/src/…`.
 */
const sources = '^(packages/[^/]+/src|models/src)/';
const testFile = '\\.test\\.ts$';
/** What a package ships: its sources that are not tests. */
const shipped = `${sources}(?!.*${testFile})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'The engine gets frames and bytes in and gives results out; files, network and workers are injected (DESIGN.md).',
      severity: 'error',
      from: { path: '^packages/sdk/src/engine/', pathNot: testFile },
      to: { path: '^(node:)?(fs|fs/promises|path|http|https|net|child_process|worker_threads|url)$|^packages/sdk/src/(client|transaction|worker|runtime)/' },
    },
    {
      name: 'engine-imports-no-runtime-package',
      comment: 'ONNX Runtime and zxing-wasm reach the engine through createEngine({ ort, zxing }); only runtime/ loads them.',
      severity: 'error',
      from: { path: '^packages/sdk/src/engine/', pathNot: testFile },
      to: { path: 'node_modules/.*/(onnxruntime-web|onnxruntime-node|zxing-wasm|comlink)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-server',
      comment: 'The server is an application: packages and models never depend on it.',
      severity: 'error',
      from: { path: '^(packages/(sdk|web-components)|models)/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'nothing-imports-demo',
      comment: 'The demo is an example app; only its own files and the browser tests that drive it use it.',
      severity: 'error',
      from: { pathNot: '^(demo|test)/' },
      to: { path: '^demo/' },
    },
    {
      name: 'sdk-does-not-import-components',
      comment: 'web-components → sdk, never the other way.',
      severity: 'error',
      from: { path: '^packages/sdk/' },
      to: { path: '^packages/web-components/' },
    },
    {
      name: 'platform-does-not-import-recognition',
      comment: 'The transaction platform asks for recognition through the backend on its context, never through the recognition routes’ modules.',
      severity: 'error',
      from: { path: '^packages/server/src/(platform|workflow|agent|edge)/' },
      to: { path: '^packages/server/src/recognition/' },
    },
    {
      name: 'sources-do-not-import-tests',
      comment: 'Test support (fixtures, generated scenes, payload builders) lives in test/ and in *.test.ts files only.',
      severity: 'error',
      from: { path: sources, pathNot: testFile },
      to: { path: '^test/|\\.test\\.ts$|\\.fixture\\.ts$' },
    },
    {
      name: 'test-support-by-package-name',
      comment:
        'Tests, scripts and the demo reach test helpers as @idlens/test-support/… (test/support/package.json), not by a relative path out of their workspace into test/. What a package ships may not import test/ at all (sources-do-not-import-tests).',
      severity: 'error',
      from: { path: '^(packages|models|demo)/', pathNot: shipped },
      to: { path: '^test/', dependencyTypes: ['local'] },
    },
    {
      name: 'sources-do-not-import-dev-dependencies',
      comment:
        'What a package ships may only need its own dependencies. The worker bootstrap registers tsx for runs from the TypeScript sources (the workspace); the compiled package starts recognition-worker.js and does not ship it.',
      severity: 'error',
      from: { path: sources, pathNot: [testFile, '^packages/server/src/recognition/recognition-worker-bootstrap\\.mjs$'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'Circles (type-only ones too) make files that cannot be read alone.',
      severity: 'error',
      from: { path: sources },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Pages import the SDK bundle by the URL the server serves it at (built on start), not by a path.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(\\.)?/sdk/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^packages/[^/]+/dist(-run)?/', '^(models|demo|test)/dist/', '^(dist|reports|data)/', '^demo/public/sdk/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.d.ts'] },
    combinedDependencies: false,
  },
};
