// Golden output for a small hand-written schema, in both forms: any change to what erpgen emits shows up here
// as a diff. Run with UPDATE_GOLDEN=1 to accept a change (and review the diff before committing it).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';
import { CACHE } from '../../generator/write/output.js';

const GOLDEN = join(ROOT, 'test/fixtures/golden');
// the runtime is copied, not generated; the cache records erpgen's own code, so it changes with every edit
const notRuntime = (path: string) => path.startsWith('runtime/') || path === 'runtime' || path === CACHE;
const MODULES = [
  'index',
  'client',
  'catalog',
  'known-values',
  'tables/customer',
  'tables/order_lines-a5bf4119',
  'views/event_log',
  'transactions/PickZone',
  'user-defined-fields',
  'provenance',
];

describe('golden output of a small hand-written schema', () => {
  const dir = tempDir();
  const out = { js: join(dir, 'js'), ts: join(dir, 'ts') };

  for (const emit of ['js', 'ts'] as const) {
    const expectedDir = join(GOLDEN, emit === 'js' ? 'expected' : 'expected-ts');

    it(`${emit}: matches the expected files byte for byte`, async () => {
      const config = loadConfig({ config: join(GOLDEN, 'erpgen.config.json'), out: out[emit], emit });
      await generatePackage(config);
      const actual = readTree(out[emit], notRuntime);
      if (process.env.UPDATE_GOLDEN) {
        rmSync(expectedDir, { recursive: true, force: true });
        cpSync(out[emit], expectedDir, {
          recursive: true,
          filter: (src) => !src.includes('/runtime') && !src.endsWith(CACHE),
        });
      }
      const expected = readTree(expectedDir, notRuntime);
      expect([...actual.keys()]).toEqual([...expected.keys()]);
      for (const [path, content] of expected) expect(actual.get(path), path).toBe(content);
    });

    it(`${emit}: compiles with TypeScript 7 and TypeScript 6, odd names and all`, () => {
      writeFileSync(
        join(out[emit], 'use.ts'),
        [
          "import { order_lines$a5bf4119 as o } from './tables/order_lines-a5bf4119.js';",
          "export const k: 'int' = o.columns['2024'];",
          "export const p: 'string' = o.columns.__proto__;",
          // an object without a key: its module says so, and keyset paging and changes() on it do not compile
          "import { query } from './index.js';",
          "import { createClient } from './client.js';",
          "import { event_log } from './views/event_log.js';",
          "const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 't' });",
          'client.rows(query(event_log));',
          '// @ts-expect-error event_log has no key: keyset paging and changes() need one',
          "client.rows(query(event_log), { paging: 'keyset' });",
          '// @ts-expect-error event_log has no key',
          'client.changes(query(event_log));',
          '',
        ].join('\n'),
      );
      expect(tsc7(join(out[emit], 'tsconfig.json'))).toBe('');
      expect(ts6(join(out[emit], 'tsconfig.json'))).toBe('');
    });
  }

  it('js: the tsconfig checks the declarations (an error in one is found)', () => {
    writeFileSync(join(out.js, 'broken.d.ts'), 'export declare const x: NoSuchType;\n');
    expect(tsc7(join(out.js, 'tsconfig.json'))).toMatch(/NoSuchType/);
    rmSync(join(out.js, 'broken.d.ts'));
  });

  it('the two forms export the same values', async () => {
    for (const module of MODULES) {
      const js = await import(pathToFileURL(join(out.js, `${module}.js`)).href);
      const ts = await import(pathToFileURL(join(out.ts, `${module}.ts`)).href);
      expect(Object.keys(js).sort(), module).toEqual(Object.keys(ts).sort());
      // data as JSON (a service's builder functions differ by identity only; its descriptor is compared)
      const data = (value: unknown) => (typeof value === 'function' ? 'function' : JSON.stringify(value));
      for (const name of Object.keys(ts)) expect(data(js[name]), `${module} ${name}`).toBe(data(ts[name]));
    }
  });

  it('the declarations declare the types the sources infer (both compilers)', () => {
    // the js form, with each module's TypeScript source beside its declarations (same runtime, same known
    // values): every export of a declaration file has exactly the type its source gives it
    const both = join(dir, 'both');
    cpSync(out.js, both, { recursive: true });
    let check =
      'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;\n';
    MODULES.forEach((module, i) => {
      cpSync(join(out.ts, `${module}.ts`), join(both, `${module}.source.ts`));
      check += `import * as js${i} from './${module}.js';\nimport * as ts${i} from './${module}.source.js';\n`;
      check += `export const same${i}: Same<typeof js${i}, typeof ts${i}> = true;\n`;
    });
    writeFileSync(join(both, 'same.ts'), check);
    writeFileSync(
      join(both, 'tsconfig.json'),
      JSON.stringify({ extends: './tsconfig.base.json', include: ['same.ts'] }),
    );
    cpSync(join(out.js, 'tsconfig.json'), join(both, 'tsconfig.base.json'));
    expect(tsc7(join(both, 'tsconfig.json'))).toBe('');
    expect(ts6(join(both, 'tsconfig.json'))).toBe('');
  });
});
