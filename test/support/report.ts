import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** One part of an eval or bench report: machine-readable metrics plus a Markdown section for people. */
export interface SuiteReport {
  suite: string;
  metrics: Record<string, unknown>;
  /** Markdown lines (tables, notes) printed to stdout and written to the .md report. */
  markdown: string[];
}

/** Prints the suites and writes `reports/<kind>-<timestamp>.{json,md}`; returns the JSON path. */
export async function writeReport(kind: 'eval' | 'bench', suites: SuiteReport[]): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(repoRoot, 'reports');
  await mkdir(dir, { recursive: true });
  const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryGiB: Math.round(os.totalmem() / 2 ** 30) };
  const markdown = [
    `# idlens ${kind} report — ${new Date().toISOString()}`,
    '',
    `Machine: Node ${machine.node}, ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB`,
    '',
  ];
  for (const suite of suites) markdown.push(`## ${suite.suite}`, '', ...suite.markdown, '');
  const text = markdown.join('\n');
  console.log(text);
  const base = path.join(dir, `${kind}-${stamp}`);
  await writeFile(`${base}.json`, JSON.stringify({ kind, createdAt: new Date().toISOString(), machine, suites }, null, 2));
  await writeFile(`${base}.md`, text);
  console.log(`report written to ${path.relative(repoRoot, base)}.{json,md}`);
  return `${base}.json`;
}

/** A Markdown table from a header and rows. */
export function table(header: string[], rows: Array<Array<string | number>>): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
}
