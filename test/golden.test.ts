// Golden output for a small hand-written schema: any change to what erpgen emits shows up here as a diff.
// Run with UPDATE_GOLDEN=1 to accept a change (and review the diff before committing it).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../generator/config.js';
import { generate } from '../generator/generate.js';
import { tempDir } from './support/cli.js';
import { ts6, tsc7 } from './support/compilers.js';
import { ROOT } from './support/paths.js';
import { readTree } from './support/tree.js';

const GOLDEN = join(ROOT, 'test/fixtures/golden');
const notRuntime = (path: string) => path.startsWith('runtime/') || path === 'runtime';

describe('golden output of a small hand-written schema', () => {
  const out = join(tempDir(), 'out');

  it('matches the expected files byte for byte', async () => {
    const config = loadConfig({ config: join(GOLDEN, 'erpgen.config.json'), out });
    await generate(config);
    const actual = readTree(out, notRuntime);
    if (process.env.UPDATE_GOLDEN) {
      rmSync(join(GOLDEN, 'expected'), { recursive: true, force: true });
      cpSync(out, join(GOLDEN, 'expected'), { recursive: true, filter: (src) => !src.includes('/runtime') });
    }
    const expected = readTree(join(GOLDEN, 'expected'), notRuntime);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    for (const [path, content] of expected) expect(actual.get(path), path).toBe(content);
  });

  it('compiles with TypeScript 7 and TypeScript 6, odd names and all', () => {
    writeFileSync(
      join(out, 'use.ts'),
      "import { order_lines$a5bf4119 as o } from './tables/order_lines-a5bf4119.js';\nexport const k: 'int' = o.columns['2024'];\nexport const p: 'string' = o.columns.__proto__;\n",
    );
    expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
    expect(ts6(join(out, 'tsconfig.json'))).toBe('');
  });
});
