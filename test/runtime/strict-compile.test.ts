// The runtime stands alone: it compiles under the strictest flags, lib ES2020 and no DOM or Node types (it
// reaches fetch, timers, AbortController and TextDecoder through globalThis), with both compilers.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';

describe('the runtime compiles standalone', () => {
  const dir = tempDir();
  const tsconfig = join(dir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2020',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2020'],
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noPropertyAccessFromIndexSignature: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        erasableSyntaxOnly: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        noEmit: true,
      },
      include: [join(ROOT, 'templates/runtime/*.ts')],
    }),
  );

  it('with TypeScript 7 and TypeScript 6, lib ES2020, no ambient types', () => {
    expect(tsc7(tsconfig)).toBe('');
    expect(ts6(tsconfig)).toBe('');
  });
});
