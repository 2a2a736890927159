// What a generation is made of, opened and hashed before anything is parsed: the snapshot's files, the runtime it
// copies, the settings and erpgen itself, as one fingerprint (fingerprint.ts); and the writer of the output, which
// knows what the previous run recorded. A run whose fingerprint and files are those recorded has nothing to do and
// says so from hashes alone, without parsing the snapshot: this module and what it imports are all a no-op loads.
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from './config.js';
import { fingerprint, type Fingerprint } from './fingerprint.js';
import type { GenerateResult } from './generate-package.js';
import { definitionLabel, MANIFEST_FILE, SERVICE_LIST_FILE } from './source/layout.js';
import { digest, openServices, openSnapshot, type SnapshotDocument, type SnapshotServices } from './source/snapshot.js';
import { readRuntimeTemplates, type TemplateFile } from './source/templates.js';
import { OutputWriter, type CacheRecord, type Invocation } from './write/output.js';
import type { Notice } from './diagnostics.js';

export interface RunInputs {
  readonly snapshot: readonly SnapshotDocument[];
  readonly services: SnapshotServices | undefined;
  readonly templates: readonly TemplateFile[];
  /**
   * every snapshot file with its bytes' sha256, in a fixed order, and last the fetch's manifest.json when there is
   * one: it changes no module but the package's provenance
   */
  readonly inputs: ReadonlyArray<{ readonly label: string; readonly sha256: string }>;
  readonly print: Fingerprint;
  readonly writer: OutputWriter;
}

/**
 * `check`: compare only (--check writes nothing, not even the removal of a crashed run's staging folder: the
 * writer's `prepare()`, once there is work, takes the lock and cleans up).
 * `invocation`: the command line that gave `config`, recorded with the run (commands/generate-noop.ts); `record`,
 * the output's `.erpgen-cache` when it has been read already.
 */
export function openRun(config: Config, check: boolean, invocation?: Invocation, record?: CacheRecord): RunInputs {
  const snapshot = openSnapshot(config.snapshot);
  const services = openServices(config.snapshot);
  const templates = readRuntimeTemplates(config.emit);
  const inputs = [
    ...snapshot.map((d) => ({ label: basename(d.file), sha256: digest(d.file) })),
    ...(services?.list ? [{ label: SERVICE_LIST_FILE, sha256: digest(services.list.file) }] : []),
    ...(services?.definitions ?? []).map((d) => ({ label: definitionLabel(basename(d.file)), sha256: digest(d.file) })),
  ];
  const manifest = join(config.snapshot, MANIFEST_FILE);
  if (existsSync(manifest)) inputs.push({ label: MANIFEST_FILE, sha256: digest(manifest) });
  const print = fingerprint({ config, templates, inputs });
  const writer = new OutputWriter(config.out, check, basename(config.out), invocation, record);
  return { snapshot, services, templates, inputs, print, writer };
}

/** The bytes of the snapshot's documents and definitions (what the writer takes a run's size from). */
export function inputBytes(run: RunInputs): number {
  let bytes = 0;
  for (const { file } of [...run.snapshot, ...(run.services?.definitions ?? [])])
    bytes += statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

/**
 * The previous run's result when the output is what this run would write (its notices given again, as the run
 * gave them), else undefined: there is work to do.
 */
export function previousRun(
  run: RunInputs,
  check: boolean,
  notice: (notice: Notice) => void,
): GenerateResult | undefined {
  const summary = run.writer.upToDate(run.print.digest);
  if (!summary) return undefined;
  for (const n of summary.notices) notice(n);
  return {
    objects: summary.objects,
    services: summary.services,
    files: check ? 0 : summary.files,
    changed: [],
    removed: [],
    unchanged: summary.files,
  };
}
