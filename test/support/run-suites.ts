import type { EvalSuite } from '../eval/eval-context.ts';
import { startLoopbackServer } from './loopback-server.ts';
import { writeReport, type SuiteReport } from './report.ts';

/**
 * Runs the named suites (all when none is named) against a server started on loopback, then
 * prints and saves the report. Exits non-zero when a suite throws.
 */
export function runSuites(kind: 'eval' | 'bench', suites: Record<string, EvalSuite>, names: string[]): void {
  const run = async () => {
    const unknown = names.filter((n) => !(n in suites));
    if (unknown.length) throw new Error(`unknown ${kind} suite(s) ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
    const selected = names.length ? names : Object.keys(suites);
    const { server, ctx } = await startLoopbackServer();
    const reports: SuiteReport[] = [];
    try {
      for (const name of selected) {
        console.error(`${kind}: ${name}…`);
        reports.push(await suites[name]!(ctx));
      }
    } finally {
      await server.close();
    }
    await writeReport(kind, reports);
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
