// Once per test run: the build (build.ts), and the stock-size tenant that several suites share, made in a temp
// folder that is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import build from './build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a stock-size sample tenant snapshot (~3,400 tables, ~3,760 views) */
    stockTenant: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  build();
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-tenant-'));
  await writeSampleSnapshot(join(dir, 'stock'));
  project.provide('stockTenant', join(dir, 'stock'));
  return () => rmSync(dir, { recursive: true, force: true });
}
