// `erpgen diff`'s comparison of two snapshot folders: both schema documents (objects and columns), then the
// transaction services (elements and fields), with the lengths fields take from their columns.
import type { Config } from '../config.js';
import { KnownValueIndex } from '../model/known-values.js';
import type { PlannedObject } from '../model/plan.js';
import type { QueryObject } from '../model/schema.js';
import type { TransactionService } from '../model/transactions.js';
import { readCsdlObjects } from '../parse/csdl.js';
import { openServices, openSnapshot } from '../source/snapshot.js';
import type { Change, Subject } from './compare.js';
import { diffDocument, type DocumentDiff, type LengthChanges } from './objects.js';
import { readManifest } from '../source/manifest.js';
import { diffServices } from './services.js';
import type { SideOverlay } from './overlays.js';
import type { Overlay } from '../model/overlay.js';

export interface SnapshotDiff {
  /** server builds, from the snapshots' manifest.json (`erpgen fetch`), when they have one */
  readonly builds: { readonly before: string | null; readonly after: string | null };
  /** in report order: tables, views, then services, each by name; within one, as found */
  readonly changes: readonly Change[];
  /** both snapshots' objects, with their names in the package */
  readonly plans: { readonly before: readonly PlannedObject[]; readonly after: readonly PlannedObject[] };
  /** each side's `definitions` overlay, less the lines its snapshot does not match (a change says so of the new) */
  readonly overlays: { readonly before: Overlay; readonly after: Overlay };
}

export interface DiffHooks {
  /** each generated object that changed, in both versions */
  readonly onObject?: (before: QueryObject, after: QueryObject) => void;
  /** each service that changed, in both versions */
  readonly onService?: (before: TransactionService, after: TransactionService) => void;
}

const ORDER = { table: 0, view: 1 } as const;

function groupOf(s: Subject): [number, string] {
  return 'surface' in s ? [ORDER[s.surface], s.object] : [2, s.service];
}

/** Tables first, then views, then services, each in code-point order of their names; stable within one. */
function reportOrder(a: Change, b: Change): number {
  const [ga, na] = groupOf(a.subject);
  const [gb, nb] = groupOf(b.subject);
  return ga - gb || (na < nb ? -1 : na > nb ? 1 : 0);
}

/** A snapshot folder, and how messages name its files. */
export interface Snapshot {
  readonly dir: string;
  readonly fileLabel: (file: string) => string;
}

export function diffSnapshots(
  old: Snapshot,
  current: Snapshot,
  config: Config,
  hooks: DiffHooks = {},
  overlays?: { readonly before: SideOverlay; readonly after: SideOverlay },
): SnapshotDiff {
  const [before, after] = [old.dir, current.dir];
  const oldDocuments = openSnapshot(before).map((d) => ({ ...d, label: old.fileLabel(d.file) }));
  const newDocuments = openSnapshot(after).map((d) => ({ ...d, label: current.fileLabel(d.file) }));
  const withServices = openServices(before) !== undefined || openServices(after) !== undefined;
  const knownValues = new KnownValueIndex(config.knownValues);
  const diffs: DocumentDiff[] = oldDocuments.map((d, i) =>
    diffDocument(d, newDocuments[i]!, {
      selection: config,
      knownValues,
      lengthsOfAll: withServices,
      ...(hooks.onObject ? { onChanged: hooks.onObject } : {}),
    }),
  );
  const tables = diffs.find((d) => d.documents.after.surface === 'table')!;
  const changes = [...diffs.flatMap((d) => d.changes)];
  let matched: SnapshotDiff['overlays'] = { before: [], after: [] };
  if (withServices || overlays?.after.lines.length) {
    const found = diffServices(old, current, {
      lengths: tables.lengths,
      ...(overlays ? { overlays } : {}),
      ...(hooks.onService ? { onChanged: hooks.onService } : {}),
    });
    changes.push(...found.changes, ...movedLengths(found.changes, tables));
    matched = found.overlays;
  }
  return {
    builds: { before: readManifest(before)?.serverBuild ?? null, after: readManifest(after)?.serverBuild ?? null },
    changes: changes.sort(reportOrder),
    plans: { before: diffs.flatMap((d) => d.plans.before), after: diffs.flatMap((d) => d.plans.after) },
    overlays: matched,
  };
}

/**
 * Fields whose DbColumnName names another column: their lengths, old column against new, looked up in one more
 * pass over just the tables concerned (rare, so not worth keeping every length for).
 */
function movedLengths(changes: readonly Change[], tables: DocumentDiff): Change[] {
  const moved = changes.filter((c) => c.rule === 'field-column-changed' && c.from && c.to);
  if (moved.length === 0) return [];
  const lookup = (side: 'before' | 'after', columns: readonly string[]): LengthChanges => {
    const keys = new Set(columns.map((c) => c.toLowerCase()));
    const names = new Set([...keys].map((k) => k.slice(0, k.indexOf('.'))));
    const plan = tables.plans[side].filter((o) => names.has(o.name.toLowerCase()));
    const found: LengthChanges = new Map();
    if (plan.length === 0) return found;
    readCsdlObjects(tables.documents[side], plan, (object) => {
      for (const c of object.columns) {
        const key = `${object.name}.${c.name}`.toLowerCase();
        const length = typeof c.maxLength === 'number' ? c.maxLength : Infinity;
        if (keys.has(key)) found.set(key, { from: length, to: length });
      }
    });
    return found;
  };
  const before = lookup(
    'before',
    moved.map((c) => c.from as string),
  );
  const after = lookup(
    'after',
    moved.map((c) => c.to as string),
  );
  const result: Change[] = [];
  for (const c of moved) {
    const from = before.get((c.from as string).toLowerCase())?.from ?? Infinity;
    const to = after.get((c.to as string).toLowerCase())?.to ?? Infinity;
    if (from === to) continue;
    result.push({
      rule: to < from ? 'field-length-shrunk' : 'field-length-grown',
      subject: c.subject,
      from: from === Infinity ? 'max' : from,
      to: to === Infinity ? 'max' : to,
      via: c.to as string,
      note: `DbColumnName was ${String(c.from)}`,
    });
  }
  return result;
}
