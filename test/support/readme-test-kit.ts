// The README's test of the test kit ("Testing your integration offline"), run as a team runs it: extracted from the
// README (so the README cannot drift from what passes), written into a small ES module project beside a
// node_modules that has `erpgen` and `@acme/erp-schema`, compiled by TypeScript (its `@ts-expect-error` line is
// checked: a line that is not an error is one), then run with `node --test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

const SECTION = '## Testing your integration offline\n';

/** The first ```ts block of the README's test kit section. */
export function readmeKitTest(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no section ${SECTION.trim()}`);
  const section = readme.slice(start, readme.indexOf('\n## ', start + SECTION.length));
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(section);
  if (!block) throw new Error('the test kit section of README.md has no ts block');
  return block[1]!;
}

/**
 * Writes the README's test into `<dir>/kit` (an ES module project whose node_modules, or its parent folder's,
 * holds erpgen and the generated package) with a tsconfig as the README says; returns the tsconfig's path.
 */
export function writeKitProject(dir: string): string {
  const kit = join(dir, 'kit');
  mkdirSync(join(kit, 'test'), { recursive: true });
  writeFileSync(join(kit, 'package.json'), JSON.stringify({ name: 'team-tests', private: true, type: 'module' }));
  writeFileSync(join(kit, 'test', 'customers.test.ts'), readmeKitTest());
  const tsconfig = join(kit, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        strict: true,
        exactOptionalPropertyTypes: true,
        outDir: 'build',
        rootDir: '.',
        types: ['node'],
        // the team's own @types/node; here, erpgen's
        typeRoots: [join(ROOT, 'node_modules/@types')],
      },
      include: ['test'],
    }),
  );
  return tsconfig;
}

/** `node --test` on the compiled test: its exit code and TAP report. */
export function runKitTest(dir: string): { code: number | null; report: string } {
  const result = spawnSync(
    process.execPath,
    ['--test', '--test-reporter=tap', join('build', 'test', 'customers.test.js')],
    { cwd: join(dir, 'kit'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  return { code: result.status, report: `${result.stdout}${result.stderr}` };
}
