// No export that nothing imports: knip (knip.json) lists the exports and exported types of the house that no module
// imports, from the package's entries; this fails on any that unused-exports.ts does not list, and on an entry
// there that is used again. Dead code is then deleted rather than exported for nobody.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { UNUSED_EXPORTS } from './unused-exports.js';

interface KnipIssue {
  readonly file: string;
  readonly files: readonly unknown[];
  readonly exports: ReadonlyArray<{ readonly name: string }>;
  readonly types: ReadonlyArray<{ readonly name: string }>;
}

/** `file: name` for each unused export, type or file (`file: (file)`) knip finds. */
function unused(): string[] {
  const knip = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/knip/bin/knip.js'),
      '--include',
      'exports,types,files',
      '--reporter',
      'json',
      '--no-progress',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (knip.stdout.trim() === '') throw new Error(`knip printed nothing (exit ${knip.status}): ${knip.stderr}`);
  const { issues } = JSON.parse(knip.stdout) as { issues: KnipIssue[] };
  return issues.flatMap((i) => [
    ...i.files.map(() => `${i.file}: (file)`),
    ...[...i.exports, ...i.types].map((e) => `${i.file}: ${e.name}`),
  ]);
}

describe('exports', () => {
  const found = unused();
  const allowed = Object.entries(UNUSED_EXPORTS).flatMap(([file, names]) => names.map((n) => `${file}: ${n}`));

  it('are each imported somewhere (or are the package entries), but for those listed in unused-exports.ts', () => {
    expect(found.filter((f) => !allowed.includes(f))).toEqual([]);
  });

  it('listed as unused in unused-exports.ts are still unused: the list only shrinks', () => {
    expect(allowed.filter((a) => !found.includes(a))).toEqual([]);
  });
});
