// The direction of the house is checked, not only claimed: no import cycle between files or between folders, and
// no import against the rules of import-rules.ts (type-only imports allowed). The checker's own tests plant a cycle
// and a wrong-way import in a folder of their own, so that a check that finds nothing is known to be able to.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { cycles, folderCycles, importGraph, importsOf, type Edge } from './import-graph.js';
import { ALLOWED, CHECKED, RULES, type Rule } from './import-rules.js';

/** Every break of the house's rules in a graph: `from -> to` per wrong-way import, members per cycle. */
function breaks(edges: readonly Edge[], rules: readonly Rule[]): string[] {
  const loaded = edges.filter((e) => !e.typeOnly);
  const wrongWay = rules.flatMap((rule) =>
    (rule.typesToo ? edges : loaded)
      .filter((e) => rule.breaks(e.from, e.to))
      .map((e) => `${e.from} -> ${e.to} (${rule.name}: ${rule.why})`),
  );
  return [
    ...new Set([
      ...wrongWay,
      ...cycles(loaded).map((c) => `${c.join(' ')} (a cycle between files)`),
      ...folderCycles(loaded).map((c) => `${c.join(' ')} (a cycle between folders)`),
    ]),
  ];
}

/** A break without its reason: how ALLOWED names it. */
const key = (problem: string): string => problem.replace(/ \([^]*\)$/, '');

describe('the import rules', () => {
  const found = breaks(importGraph(ROOT, CHECKED), RULES);

  it('are kept: no cycle between files or folders, no import against the stated direction', () => {
    expect(found.filter((problem) => !ALLOWED.includes(key(problem)))).toEqual([]);
  });

  it('have an allow-list that only shrinks: each entry is still a break', () => {
    expect(ALLOWED.filter((entry) => !found.some((problem) => key(problem) === entry))).toEqual([]);
  });
});

describe('the import checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tree = (name: string, files: Record<string, string>): string => {
    const root = join(dir, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('reads static, lazy and type-only imports, and leaves packages out', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c/index.js';",
      "export type { D } from './d.js';",
      "import { readFileSync } from 'node:fs';",
      "const e = () => import('./e.js');",
      "type F = typeof import('./f.js');",
    ].join('\n');
    expect(importsOf('x/y.ts', text)).toEqual([
      { from: 'x/y.ts', to: 'x/a.ts', lazy: false, typeOnly: false },
      { from: 'x/y.ts', to: 'b.ts', lazy: false, typeOnly: true },
      { from: 'x/y.ts', to: 'x/c/index.ts', lazy: false, typeOnly: false },
      { from: 'x/y.ts', to: 'x/d.ts', lazy: false, typeOnly: true },
      { from: 'x/y.ts', to: 'x/e.ts', lazy: true, typeOnly: false },
      { from: 'x/y.ts', to: 'x/f.ts', lazy: true, typeOnly: true },
    ]);
  });

  it('fails on a cycle planted between two files, lazy or not, and not on one closed by a type-only import', () => {
    const root = tree('files', {
      'generator/a.ts': "import { b } from './b.js';\nexport const a = 1;",
      'generator/b.ts': "export const b = () => import('./a.js');",
      'generator/c.ts': "import { d } from './d.js';\nexport const c = 1;",
      'generator/d.ts': "import type { c } from './c.js';\nexport const d = 1;",
    });
    expect(breaks(importGraph(root, ['generator']), RULES)).toEqual([
      'generator/a.ts generator/b.ts (a cycle between files)',
    ]);
  });

  it('fails on a cycle planted between folders that no two files close alone', () => {
    const root = tree('folders', {
      'generator/diff/run.ts': "import { load } from '../config.js';\nexport const run = load;",
      'generator/config.ts': "import { TABLE } from './commands/options.js';\nexport const load = TABLE;",
      'generator/commands/options.ts': 'export const TABLE = {};',
      'generator/commands/diff.ts': "export const diff = () => import('../diff/run.js');",
    });
    expect(breaks(importGraph(root, ['generator']), RULES)).toEqual([
      'generator/commands/ generator/config.ts generator/diff/ (a cycle between folders)',
    ]);
  });

  it('fails on a stage importing a later one, and on the runtime importing the generator even for a type', () => {
    const root = tree('direction', {
      'generator/source/live.ts': "import { parse } from '../parse/csdl.js';\nexport const live = parse;",
      'generator/parse/csdl.ts': "import type { Plan } from '../model/plan.js';\nexport const parse = 1;",
      'generator/model/plan.ts': 'export interface Plan {}',
      'templates/runtime/client.ts': "import type { Plan } from '../../generator/model/plan.js';",
    });
    expect(breaks(importGraph(root, ['generator', 'templates/runtime']), RULES).map(key)).toEqual([
      'generator/source/live.ts -> generator/parse/csdl.ts',
      'templates/runtime/client.ts -> generator/model/plan.ts',
    ]);
  });
});
