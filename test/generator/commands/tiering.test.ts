// Which runs of `erpgen generate` at the command line are optimized later by V8 (generator/commands/tiering.ts):
// the shipped sample's, and no bigger one's (nor one whose snapshot cannot be read: the run says why).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSmallRun } from '../../../generator/commands/tiering.js';
import { tempDir } from '../../support/cli.js';
import { SAMPLE_SNAPSHOT } from '../../support/paths.js';

const dir = tempDir();

function snapshot(name: string, tableBytes: number, services: number): string {
  const at = join(dir, name);
  mkdirSync(join(at, 'definitions'), { recursive: true });
  writeFileSync(join(at, 'tables.metadata.json'), ' '.repeat(tableBytes));
  writeFileSync(join(at, 'views.metadata.json'), '{}');
  for (let i = 0; i < services; i++) writeFileSync(join(at, 'definitions', `S${i}.json`), '{}');
  return at;
}

describe('a small run', () => {
  it('is the shipped sample', () => expect(isSmallRun(SAMPLE_SNAPSHOT)).toBe(true));
  it('is not a run of more than 2 MiB of schema documents', () => {
    // the views' document is 2 bytes
    expect(isSmallRun(snapshot('at', (2 << 20) - 2, 0))).toBe(true);
    expect(isSmallRun(snapshot('over', (2 << 20) - 1, 0))).toBe(false);
  });
  it('is not a run of more than 50 services', () => {
    expect(isSmallRun(snapshot('fifty', 10, 50))).toBe(true);
    expect(isSmallRun(snapshot('many', 10, 51))).toBe(false);
  });
  it('is not a run of a snapshot that cannot be read', () => {
    expect(isSmallRun(join(dir, 'none'))).toBe(false);
  });
});
