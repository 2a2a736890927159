// The house's TypeScript stays as prettier writes it (.prettierrc): when nothing checked it, six files drifted, and
// the next edit of each mixed reformatting into a change of behaviour. Fails naming every file prettier would change.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

/** the folders of the house's sources (generated/ is the generator's output, checked by `generate --check`) */
const FOLDERS = ['common', 'generator', 'templates', 'sandbox', 'test'];
const SOURCE = /\.(?:c|m)?ts$/;

function sources(): string[] {
  const files = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => join(ROOT, e.name));
  for (const folder of FOLDERS)
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.includes('node_modules'))
        files.push(join(entry.parentPath, entry.name));
  return files.sort();
}

describe('format', () => {
  it('every TypeScript source of the house is as prettier writes it', async () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(300);
    const drifted: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const options = { ...(await resolveConfig(file)), filepath: file };
      if ((await format(text, options)) !== text) drifted.push(relative(ROOT, file));
    }
    expect(drifted, 'run `npx prettier --write` on these').toEqual([]);
  });
});
