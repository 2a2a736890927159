// Type-level guarantees are proved by compiling test/package/types/*.typetest.ts: each `@ts-expect-error` line must
// be an error, or the compiler reports the unused directive. Both compilers must agree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';

const TYPES = join(ROOT, 'test/package/types/tsconfig.json');

describe('type tests', () => {
  it('hold with TypeScript 7', () => {
    expect(tsc7(TYPES)).toBe('');
  });

  it('hold with TypeScript 6', () => {
    expect(ts6(TYPES)).toBe('');
  });

  // a program with Node's types (the others compile without any): the platform's own fetch fits createClient's
  it("hold with Node's types, under TypeScript 7 and 6 (the platform's fetch)", () => {
    const platform = join(ROOT, 'test/package/types/platform/tsconfig.json');
    expect(tsc7(platform)).toBe('');
    expect(ts6(platform)).toBe('');
  });

  it('fail when an expected error does not happen (the harness can see a broken guarantee)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: TYPES, include: ['*.typetest.ts'] }));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(dir, 'broken.typetest.ts'),
      "// @ts-expect-error\nexport const ok: 'credit_limit' | 'customer_id' = 'credit_limit';\n",
    );
    expect(tsc7(join(dir, 'tsconfig.json'))).toMatch(/TS2578: Unused '@ts-expect-error' directive/);
    expect(ts6(join(dir, 'tsconfig.json'))).toMatch(/Unused '@ts-expect-error' directive/);
  });
});
