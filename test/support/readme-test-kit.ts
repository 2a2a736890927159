// The README's test of the test kit ("Testing your integration offline"), run as a team runs it: extracted from the
// README (so the README cannot drift from what passes), written into a small ES module project beside a
// node_modules that has `erpgen` and `@acme/erp-schema`, compiled by TypeScript (its `@ts-expect-error` line is
// checked: a line that is not an error is one), then run with `node --test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeProjectTsconfig } from './compilers.js';
import { ROOT } from './paths.js';

const SECTION = '## Testing your integration offline\n';

/** The first ```ts block of a section (`## ...`) of a page of the repository (README.md, docs/...). */
export function firstTsBlock(page: string, heading: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`${page} has no section ${heading.trim()}`);
  const end = text.indexOf('\n## ', start + heading.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(section);
  if (!block) throw new Error(`the section ${heading.trim()} of ${page} has no ts block`);
  return block[1]!;
}

/** The first ```ts block of the README's test kit section. */
function readmeKitTest(): string {
  return firstTsBlock('README.md', SECTION);
}

/**
 * Writes the README's test (or `source`, as `test/<name>.test.ts`) into `<dir>/kit` (an ES module project whose node_modules, or its parent folder's,
 * holds erpgen and the generated package) with a tsconfig as the README says; returns the tsconfig's path.
 */
export function writeKitProject(dir: string, source = readmeKitTest(), name = 'customers'): string {
  const kit = join(dir, 'kit');
  mkdirSync(join(kit, 'test'), { recursive: true });
  writeFileSync(join(kit, 'package.json'), JSON.stringify({ name: 'team-tests', private: true, type: 'module' }));
  writeFileSync(join(kit, 'test', `${name}.test.ts`), source);
  const tsconfig = join(kit, 'tsconfig.json');
  // skipLibCheck off, as a team's project has it by default
  writeFileSync(tsconfig, nodeProjectTsconfig({ include: ['test'] }, { rootDir: '.', skipLibCheck: false }));
  return tsconfig;
}

/** `node --test` on the compiled test: its exit code and TAP report. */
export function runKitTest(dir: string, name = 'customers'): { code: number | null; report: string } {
  const result = spawnSync(
    process.execPath,
    ['--test', '--test-reporter=tap', join('build', 'test', `${name}.test.js`)],
    { cwd: join(dir, 'kit'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  return { code: result.status, report: `${result.stdout}${result.stderr}` };
}
