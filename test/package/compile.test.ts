// The generated package type-checks with both compilers, in both forms (`js`: JavaScript with declarations,
// checked with skipLibCheck off; `ts`: the sources): every object of the sample (hard cases included) with
// TypeScript 7 and TypeScript 6, the stock-size tenant with TypeScript 7.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

describe('the generated package compiles', () => {
  const dir = tempDir();

  for (const emit of ['js', 'ts'] as const) {
    it(`${emit}: all objects and services of the sample, hard cases included, with TypeScript 7 and TypeScript 6`, async () => {
      const out = join(dir, `sample-${emit}`);
      const result = await generatePackage(loadConfig({ snapshot: SAMPLE_SNAPSHOT, out, include: ['*'], emit }, dir));
      expect(result.objects).toBe(104);
      expect(result.services).toBeGreaterThan(10);
      expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
      expect(ts6(join(out, 'tsconfig.json'))).toBe('');
    });
  }

  it('js: the stock-size tenant (7,000 modules) with TypeScript 7', async () => {
    const out = join(dir, 'stock');
    const result = await generatePackage(loadConfig({ snapshot: inject('stockTenant'), out, include: ['*'] }, dir));
    expect(result.objects).toBeGreaterThan(7000);
    expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
  });

  for (const emit of ['js', 'ts'] as const) {
    it(`${emit}: with decimals as strings`, async () => {
      const out = join(dir, `decimals-${emit}`);
      await generatePackage(
        loadConfig({ snapshot: SAMPLE_SNAPSHOT, out, include: ['*'], decimals: 'string', emit }, dir),
      );
      // an exact decimal is numeric text (the package's DecimalText), not any string
      writeFileSync(
        join(out, 'decimal-check.ts'),
        [
          "import type { CustomerRow } from './tables/customer.js';",
          "export const exact: CustomerRow['credit_limit'] = '12345678901234567.89';",
          '// @ts-expect-error words are no decimal',
          "export const words: CustomerRow['credit_limit'] = 'a lot';",
        ].join('\n'),
      );
      expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
    });
  }
});
