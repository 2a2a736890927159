// Once per test run: build the CLI (tests run it as users do, as a process) and make the stock-size tenant
// that several suites share. Both go to a temp folder that is removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import { ROOT } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a stock-size sample tenant snapshot (~3,400 tables, ~3,760 views) */
    stockTenant: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // the whole build: the CLI, and the runtime compiled for the `js` form
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-tenant-'));
  await writeSampleSnapshot(join(dir, 'stock'));
  project.provide('stockTenant', join(dir, 'stock'));
  return () => rmSync(dir, { recursive: true, force: true });
}
