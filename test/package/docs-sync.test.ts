// docs/sync.md's examples, run as they are written: its ts blocks, one after the other, are a module of a small ES
// module project beside a node_modules holding the sample package (generated/), compiled by both compilers and run
// with node against the sample served by the sandbox (as `erpgen sandbox --sample` serves it), so the page cannot
// drift from what works.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/sandbox.js';
import { tempDir } from '../support/cli.js';
import { nodeProjectTsconfig, ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';

it("docs/sync.md's examples compile and run against the sample: keyset paging, changes(), a resumed sync", async () => {
  const blocks = [...readFileSync(join(ROOT, 'docs/sync.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
  expect(blocks.length).toBe(4);
  const dir = tempDir('erpgen-docs-sync-');
  mkdirSync(join(dir, 'node_modules', '@acme'), { recursive: true });
  symlinkSync(join(ROOT, 'generated'), join(dir, 'node_modules', '@acme', 'erp-schema'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'sync-docs', private: true, type: 'module' }));
  // what the page's reader would see at the end: the copy's size and the checkpoint
  const main = `${blocks.map((b) => b[1]).join('\n')}\nconsole.log(JSON.stringify({ size: warehouse.size, stored }));\n`;
  writeFileSync(join(dir, 'main.ts'), main);
  writeFileSync(join(dir, 'tsconfig.json'), nodeProjectTsconfig({ files: ['main.ts'] }));
  expect(ts6(join(dir, 'tsconfig.json'))).toBe('');
  expect(tsc7(join(dir, 'tsconfig.json'))).toBe('');

  const sandbox = await startSandbox({ credentials: { users: { api_user: 'try-it' } } });
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'build', 'main.js')], {
      cwd: dir,
      env: { ...process.env, ERP_BASE_URL: sandbox.url, ERP_PASSWORD: 'try-it' },
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('25 order lines');
    const [, count, checkpoint] = /^(\d+) customers; checkpoint (erpgen-sync\.1\.\S+)…$/.exec(lines[1]!) ?? [];
    expect(Number(count)).toBeGreaterThan(0);
    // the resumed sync found nothing new: the copy is as large, and the checkpoint where the first sync ended
    const end = JSON.parse(lines.at(-1)!) as { size: number; stored: string };
    expect(end.size).toBe(Number(count));
    expect(end.stored.startsWith(checkpoint!)).toBe(true);
  } finally {
    await sandbox.close();
  }
});
