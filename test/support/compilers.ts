// The two compilers generated code must satisfy: TypeScript 7 (native tsc, what `npm i typescript` gives) and
// TypeScript 6 (the JS compiler ts-morph bundles, which editors' language services still run on).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { ROOT } from './paths.js';

/** tsc -p <tsconfig>: '' when clean, else tsc's own report. */
export function tsc7(tsconfig: string, extra: readonly string[] = []): string {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--pretty', 'false', ...extra],
    {
      encoding: 'utf8',
    },
  );
  return result.status === 0 ? '' : `${result.stdout}${result.stderr}`.trim() || `tsc exited ${result.status}`;
}

/** The TypeScript 6 program of a tsconfig: '' when clean, else the diagnostics. */
export function ts6(tsconfig: string): string {
  const project = new Project({ tsConfigFilePath: tsconfig });
  const diagnostics = project.getPreEmitDiagnostics();
  return diagnostics.length ? project.formatDiagnosticsWithColorAndContext(diagnostics) : '';
}

/**
 * The tsconfig.json text of a team's ES module project compiled for node (`module: nodenext`, strict, into `build`,
 * with Node's types: erpgen's own @types/node stands in for the team's), with `options` added to its compiler
 * options and `project` (its `files` or `include`) beside them.
 */
export function nodeProjectTsconfig(project: Record<string, unknown>, options: Record<string, unknown> = {}): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'nodenext',
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      outDir: 'build',
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
      ...options,
    },
    ...project,
  });
}
