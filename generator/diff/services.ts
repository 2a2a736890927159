// Compares the transaction services of two snapshots, one service at a time: the definitions of both are read,
// compared and dropped before the next (an Order-sized definition is a megabyte; a tenant has hundreds).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import { inputError } from '../errors.js';
import { quote } from '../message-text.js';
import { parseDefinition, parseServiceList } from '../parse/definitions.js';
import { readManifest, type ManifestFields } from '../source/manifest.js';
import { openServices, readBytes, type SnapshotFile } from '../source/snapshot.js';
import type { TransactionService } from '../model/transactions.js';
import { compareServices, type Change } from './compare.js';
import type { LengthChanges } from './objects.js';
import type { Snapshot } from './snapshots.js';

/** Why a service the old snapshot had is missing from the new one, as far as the new snapshot tells. */
function whyGone(name: string, dir: string, manifest: ManifestFields | undefined): string {
  const skipped = manifest?.services?.skipped.find((s) => s.name === name);
  if (skipped) return `erpgen fetch skipped it: ${skipped.reason}`;
  const list = join(dir, 'services.json');
  if (existsSync(list)) {
    try {
      if (parseServiceList(readFileSync(list, 'utf8'), 'services.json').includes(name))
        return 'listed in services.json, but there is no definition: unlicensed, or not fetched';
    } catch {
      // a list that cannot be read says nothing either way
    }
  }
  return 'no longer in the snapshot: unlicensed, or gone from the server';
}

/** A report service missing from a snapshot `erpgen fetch` wrote, which did not skip it: it was not asked for. */
function notFetched(name: string, manifest: ManifestFields | undefined): boolean {
  return (
    manifest?.services !== undefined && isReportService(name) && !manifest.services.skipped.some((s) => s.name === name)
  );
}

function readService(file: SnapshotFile & { readonly name: string }, bytes: Buffer): TransactionService {
  const service = parseDefinition(bytes.toString('utf8'), file.label);
  if (service.name !== file.name)
    throw inputError(file.label, `holds the definition of service ${quote(service.name)}, not of ${quote(file.name)}`);
  return service;
}

/** Whether a definition's text may name one of the columns (a few looked for; many: taken as yes). */
function mayName(bytes: Buffer, lengths: LengthChanges): boolean {
  if (lengths.size === 0) return false;
  if (lengths.size > 50) return true;
  const text = bytes.toString('utf8').toLowerCase();
  return [...lengths.keys()].some((column) => text.includes(column));
}

export interface ServicesDiffOptions {
  readonly lengths: LengthChanges;
  /** each service that changed, in both versions (for `--project`) */
  readonly onChanged?: (before: TransactionService, after: TransactionService) => void;
}

export function diffServices(old: Snapshot, current: Snapshot, options: ServicesDiffOptions): Change[] {
  const definitions = (s: Snapshot) =>
    (openServices(s.dir)?.definitions ?? []).map((d) => ({ ...d, label: s.fileLabel(d.file) }));
  const before = definitions(old);
  const after = definitions(current);
  const afterDir = current.dir;
  const manifest = readManifest(afterDir);
  const changes: Change[] = [];
  const lengthChange = (dbColumn: string) => options.lengths.get(dbColumn.toLowerCase());
  // both lists are in code-point order of the names: merge them
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const old = before[i];
    const current = after[j];
    if (current === undefined || (old !== undefined && old.name < current.name)) {
      changes.push(
        notFetched(old!.name, manifest)
          ? {
              rule: 'service-not-fetched',
              subject: { kind: 'service', service: old!.name },
              note: `a report service: the server's list hides them, so erpgen fetch fetches one when --services names it or the snapshot it replaces holds it: erpgen fetch --services ${old!.name}`,
            }
          : {
              rule: 'service-removed',
              subject: { kind: 'service', service: old!.name },
              note: whyGone(old!.name, afterDir, manifest),
            },
      );
      i++;
    } else if (old === undefined || current.name < old.name) {
      changes.push({ rule: 'service-added', subject: { kind: 'service', service: current.name } });
      j++;
    } else {
      // the same bytes are the same service, unless a column it takes lengths from changed
      const [oldBytes, newBytes] = [readBytes(old), readBytes(current)];
      if (!oldBytes.equals(newBytes) || mayName(newBytes, options.lengths)) {
        const a = readService(old, oldBytes);
        const b = readService(current, newBytes);
        const found = compareServices(a, b, lengthChange);
        changes.push(...found);
        if (found.length) options.onChanged?.(a, b);
      }
      i++;
      j++;
    }
  }
  return changes;
}
