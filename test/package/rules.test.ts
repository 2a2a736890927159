// Every rule of the service's rule list (test/support/service-rules.ts) has a test that proves it end to end against
// `erpgen sandbox`: a test file that starts a sandbox and names the rule's id in a test's name or a comment.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { SERVICE_RULES } from '../support/service-rules.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** the test files that run against the sandbox: in process, through the shared setup, or as `erpgen sandbox` */
const againstSandbox = testFiles(join(ROOT, 'test'))
  .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))
  .filter(({ text }) => /from '(\.\.\/)+sandbox\/|support\/sandbox\.js'|'sandbox',/.test(text));

/** rule id -> the files that name it */
export function proofs(): Map<string, string[]> {
  return new Map(
    SERVICE_RULES.map(([id]) => [
      id,
      againstSandbox.filter(({ text }) => new RegExp(`\\b${id}\\b`).test(text)).map(({ file }) => file),
    ]),
  );
}

describe('the service rules', () => {
  it('are 75, with distinct ids', () => {
    expect(new Set(SERVICE_RULES.map(([id]) => id)).size).toBe(75);
  });

  it('each has a test against the sandbox that names its id', () => {
    const unproven = [...proofs()].filter(([, files]) => files.length === 0).map(([id]) => id);
    expect(unproven).toEqual([]);
  });
});
