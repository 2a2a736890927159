// Compares the transaction services of two snapshots, one service at a time: the definitions of both are read,
// compared and dropped before the next (an Order-sized definition is a megabyte; a tenant has hundreds).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import { inputError } from '../errors.js';
import { quote } from '../message-text.js';
import { parseDefinition, parseServiceList } from '../parse/definitions.js';
import { SERVICE_LIST_FILE } from '../source/layout.js';
import { readManifest, type ManifestFields } from '../source/manifest.js';
import { openServices, readBytes, type SnapshotFile } from '../source/snapshot.js';
import type { TransactionService } from '../model/transactions.js';
import { applyOverlay, overlayByService, unmatchedLines, type Overlay, type OverlayLine } from '../model/overlay.js';
import { compareServices, type Change, type Subject } from './compare.js';
import type { LengthChanges } from './objects.js';
import type { SideOverlay } from './overlays.js';
import type { Snapshot } from './snapshots.js';

/** Why a service the old snapshot had is missing from the new one, as far as the new snapshot tells. */
function whyGone(name: string, dir: string, manifest: ManifestFields | undefined): string {
  const skipped = manifest?.services?.skipped.find((s) => s.name === name);
  if (skipped) return `erpgen fetch skipped it: ${skipped.reason}`;
  const list = join(dir, SERVICE_LIST_FILE);
  if (existsSync(list)) {
    try {
      if (parseServiceList(readFileSync(list, 'utf8'), SERVICE_LIST_FILE).includes(name))
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
  const service = parseDefinition(bytes, file.label);
  if (service.name !== file.name)
    throw inputError(
      'ERPGEN_DEFINITION_NAME_MISMATCH',
      file.label,
      `holds the definition of service ${quote(service.name)}, not of ${quote(file.name)}`,
    );
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
  /** the `definitions` overlay of each side (overlays.ts) */
  readonly overlays?: { readonly before: SideOverlay; readonly after: SideOverlay };
  /** each service that changed, in both versions (for `--project`) */
  readonly onChanged?: (before: TransactionService, after: TransactionService) => void;
}

export interface ServicesDiff {
  readonly changes: Change[];
  /** each side's overlay less the lines its snapshot does not match (what `--project` generates with) */
  readonly overlays: { readonly before: Overlay; readonly after: Overlay };
}

/** The subject of a line that names something its snapshot does not have: the service, element or field. */
function unmatchedSubject(line: OverlayLine, missing: 'service' | 'element' | 'field'): Subject {
  const { service, element, field } = line;
  return missing === 'service'
    ? { kind: 'service', service }
    : missing === 'element'
      ? { kind: 'element', service, element }
      : { kind: 'field', service, element, field };
}

export function diffServices(old: Snapshot, current: Snapshot, options: ServicesDiffOptions): ServicesDiff {
  const definitions = (s: Snapshot) =>
    (openServices(s.dir)?.definitions ?? []).map((d) => ({ ...d, label: s.fileLabel(d.file) }));
  const before = definitions(old);
  const after = definitions(current);
  const afterDir = current.dir;
  const manifest = readManifest(afterDir);
  const changes: Change[] = [];
  const lengthChange = (dbColumn: string) => options.lengths.get(dbColumn.toLowerCase());
  const sources = { before: options.overlays?.before.label ?? '', after: options.overlays?.after.label ?? '' };
  const lines = {
    before: overlayByService(options.overlays?.before.lines ?? []),
    after: overlayByService(options.overlays?.after.lines ?? []),
  };
  // the lines each snapshot matches, and a change for each line the new one does not
  const matched = { before: [] as OverlayLine[], after: [] as OverlayLine[] };
  const unmatched = new Map<string, Change>();
  const match = (side: 'before' | 'after', service: TransactionService | undefined, name: string) => {
    const own = lines[side].get(name) ?? [];
    const missing = service ? unmatchedLines(service, own) : own.map((line) => ({ line, missing: 'service' as const }));
    const wrong = new Set(missing.map((m) => m.line));
    matched[side].push(...own.filter((l) => !wrong.has(l)));
    if (side === 'after')
      for (const m of missing) {
        const subject = unmatchedSubject(m.line, m.missing);
        unmatched.set(JSON.stringify(subject), {
          rule: 'definitions-line-unmatched',
          subject,
          note: `${sources.after} definitions`,
        });
      }
  };
  const sameLines = (name: string) =>
    JSON.stringify(lines.before.get(name) ?? []) === JSON.stringify(lines.after.get(name) ?? []);
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
      if (lines.before.has(old!.name)) match('before', readService(old!, readBytes(old!)), old!.name);
      i++;
    } else if (old === undefined || current.name < old.name) {
      changes.push({ rule: 'service-added', subject: { kind: 'service', service: current.name } });
      if (lines.after.has(current.name)) match('after', readService(current, readBytes(current)), current.name);
      j++;
    } else {
      // the same bytes and the same overlay lines are the same service, unless a column it takes lengths from
      // changed; lines of the overlay are checked against the definition whatever else changed
      const [oldBytes, newBytes] = [readBytes(old), readBytes(current)];
      const name = current.name;
      const compare = !oldBytes.equals(newBytes) || mayName(newBytes, options.lengths) || !sameLines(name);
      if (compare || lines.before.has(name) || lines.after.has(name)) {
        const a = readService(old, oldBytes);
        const b = readService(current, newBytes);
        match('before', a, name);
        match('after', b, name);
        if (compare) {
          const [x, y] = [applyOverlay(a, lines.before.get(name)), applyOverlay(b, lines.after.get(name))];
          const found = compareServices(x, y, lengthChange, sources);
          changes.push(...found);
          if (found.length) options.onChanged?.(x, y);
        }
      }
      i++;
      j++;
    }
  }
  // lines naming a service their snapshot does not have
  for (const [side, files] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const names = new Set(files.map((d) => d.name));
    for (const name of lines[side].keys()) if (!names.has(name)) match(side, undefined, name);
  }
  return { changes: [...changes, ...unmatched.values()], overlays: matched };
}
