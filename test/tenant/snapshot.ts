// Writes a sample tenant as a snapshot folder (tables.metadata.json, views.metadata.json). The two documents use
// different layouts on purpose: the parser must take the container before or after the types, an alias, a BOM.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchDefinitions, sampleDefinitions, writeDefinitions } from './definitions.js';
import { makeTenant, type TenantOptions } from './make-tenant.js';
import { writeCsdl } from './write-csdl.js';

export interface SnapshotReport {
  readonly tables: number;
  readonly views: number;
  readonly tableBytes: number;
  readonly viewBytes: number;
}

export interface SnapshotOptions extends TenantOptions {
  /** transaction services: the dozen sample ones (default), `count` Order-sized ones for benchmarks, or none */
  readonly services?: 'sample' | 'none' | { readonly bench: number };
}

export async function writeSampleSnapshot(dir: string, options: SnapshotOptions = {}): Promise<SnapshotReport> {
  mkdirSync(dir, { recursive: true });
  const tenant = makeTenant(options);
  const tableBytes = await writeCsdl(join(dir, 'tables.metadata.json'), tenant.tables, { annotations: true });
  const viewBytes = await writeCsdl(join(dir, 'views.metadata.json'), tenant.views, {
    containerFirst: true,
    bom: true,
    alias: 'v',
  });
  const services = options.services ?? 'sample';
  if (services !== 'none')
    await writeDefinitions(
      dir,
      services === 'sample' ? sampleDefinitions() : [...sampleDefinitions(), ...benchDefinitions(services.bench)],
    );
  return { tables: tenant.tables.length, views: tenant.views.length, tableBytes, viewBytes };
}
