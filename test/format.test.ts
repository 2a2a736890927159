// Emitted code is already what prettier prints: prettier's check over a sample of the stock-size tenant's
// modules, the hard cases, every transaction module and every other generated file. (Formatting all 7,000 modules would be too slow
// for the generator to do, which is why emitters print prettier's layout themselves.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../generator/config.js';
import { generate } from '../generator/generate.js';
import { tempDir } from './support/cli.js';
import { ROOT } from './support/paths.js';

describe('generated code is prettier-clean as emitted', () => {
  it('over a sample of the stock tenant, every hard case and every non-module file', async () => {
    const out = join(tempDir(), 'out');
    await generate(loadConfig({ snapshot: inject('stockTenant'), out, include: ['*'] }, ROOT));
    const options = await prettier.resolveConfig(join(out, 'index.ts'));
    expect(options).toEqual({ singleQuote: true, printWidth: 120 });
    const pick = (folder: string, every: number) =>
      readdirSync(join(out, folder))
        .filter((_, i) => i % every === 0 || /[-]/.test(_))
        .map((f) => `${folder}/${f}`);
    const files = [
      ...pick('tables', 17),
      ...pick('views', 17),
      ...pick('transactions', 1),
      ...readdirSync(join(out, 'runtime'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `runtime/${f.split('\\').join('/')}`),
      'catalog.ts',
      'known-values.ts',
      'index.ts',
      'client.ts',
      'package.json',
      'tsconfig.json',
      '.prettierrc.json',
    ];
    expect(files.length).toBeGreaterThan(400);
    const unformatted: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(out, file), 'utf8');
      if (!(await prettier.check(text, { ...options, filepath: join(out, file) }))) unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });
});
