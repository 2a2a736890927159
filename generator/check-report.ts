// What `erpgen generate --check` says when the package is stale: why (the snapshot changed, another erpgen, other
// settings, a hand edit), what differs by table, view and service, the first changed lines of a few files, and
// the command that fixes it. Why is told by `.erpgen-cache` where the previous run left one (it records what
// the output was made of and every file's sha256); a fresh clone has none, and then the generated package
// itself tells what it can: package.json names the erpgen version and the emit form, README.md the digests of
// the snapshot's files.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import type { Config } from './config.js';
import type { GenerateResult, StaleDetails } from './generate-package.js';
import { oneLine } from './message-text.js';
import { definitionLabel, SERVICE_LIST_FILE } from './source/layout.js';
import { ERPGEN_VERSION } from './version.js';
import { hashOf } from './write/cache.js';
import { FILE_LIST } from './write/output.js';
import type { Diagnostic } from './diagnostics.js';

type Cause =
  /** the output folder does not exist, or is empty: erpgen has not written it (yet) */
  | { readonly kind: 'missing' }
  /** the output folder holds files, but none erpgen wrote (it has no `.erpgen-files`) */
  | { readonly kind: 'not-erpgen' }
  | { readonly kind: 'snapshot'; readonly files: readonly string[] }
  | { readonly kind: 'erpgen'; readonly from: string; readonly to: string }
  | { readonly kind: 'settings'; readonly detail: string }
  | { readonly kind: 'hand-edit'; readonly files: readonly string[] }
  | { readonly kind: 'unknown'; readonly detail: string };

interface Group {
  readonly what: string;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

export interface StaleReport {
  readonly out: string;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly causes: readonly Cause[];
  readonly groups: readonly Group[];
  readonly samples: ReadonlyArray<{ readonly file: string; readonly diff: readonly string[] }>;
  readonly fix: string;
}

/** `input <label> <sha256>` parts as a map */
function inputsOf(parts: readonly string[]): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const p of parts)
    if (p.startsWith('input ')) inputs.set(p.slice(6, p.lastIndexOf(' ')), p.slice(p.lastIndexOf(' ') + 1));
  return inputs;
}

function partOf(parts: readonly string[], name: string): string | undefined {
  return parts.find((p) => p.startsWith(`${name} `));
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The snapshot files whose digests differ between two sets: changed, added or gone. */
function differing(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const labels = new Set([...before.keys(), ...after.keys()]);
  return [...labels].filter((l) => before.get(l) !== after.get(l)).sort();
}

/** The digests README.md recorded (`- \`label\` \`sha256\``), the definitions as one. */
function readmeInputs(out: string): Map<string, string> | undefined {
  let text: string;
  try {
    text = readFileSync(join(out, 'README.md'), 'utf8');
  } catch {
    return undefined;
  }
  const found = new Map<string, string>();
  for (const m of text.matchAll(/^- `([^`]+)` `([0-9a-f]{64})`$/gm))
    found.set(m[1]!.replace(/ \(\d+ files?\)$/, ''), m[2]!);
  return found.size ? found : undefined;
}

/** The current inputs as README.md records them: each document, and the definitions as one digest. */
function asReadme(inputs: ReadonlyMap<string, string>): Map<string, string> {
  const shown = new Map<string, string>();
  const definitions: string[] = [];
  for (const [label, sha] of inputs) {
    if (label.startsWith(definitionLabel(''))) definitions.push(`${label} ${sha}\n`);
    else if (label !== SERVICE_LIST_FILE) shown.set(label, sha);
  }
  if (definitions.length)
    shown.set(definitionLabel(''), createHash('sha256').update(definitions.join('')).digest('hex'));
  return shown;
}

/** A folder erpgen has not written, or never wrote, is told as such: no other cause can be read from it. */
function notWritten(out: string): Cause | undefined {
  if (existsSync(join(out, FILE_LIST))) return undefined;
  let entries: string[] = [];
  try {
    entries = readdirSync(out);
  } catch {
    // no folder (or not one): nothing written there
  }
  return entries.length === 0 ? { kind: 'missing' } : { kind: 'not-erpgen' };
}

function causes(config: Config, details: StaleDetails, changed: readonly string[]): Cause[] {
  const unwritten = notWritten(config.out);
  if (unwritten) return [unwritten];
  const found: Cause[] = [];
  const { record, parts } = details;
  const now = inputsOf(parts);
  if (record && record.parts.length) {
    const files = differing(inputsOf(record.parts), now);
    if (files.length) found.push({ kind: 'snapshot', files });
    const [before, after] = [partOf(record.parts, 'erpgen'), partOf(parts, 'erpgen')];
    if (before !== after) found.push({ kind: 'erpgen', from: before!.split(' ')[1]!, to: ERPGEN_VERSION });
    if (partOf(record.parts, 'settings') !== partOf(parts, 'settings'))
      found.push({ kind: 'settings', detail: 'erpgen.config.json or the flags given differ from the last run' });
  } else {
    const pkg = readJson(join(config.out, 'package.json'));
    const meta = (pkg?.['erpgen'] ?? {}) as { version?: unknown; emit?: unknown };
    const recorded = readmeInputs(config.out);
    if (recorded) {
      const files = differing(recorded, asReadme(now));
      if (files.length) found.push({ kind: 'snapshot', files });
    }
    if (typeof meta.version === 'string' && meta.version !== ERPGEN_VERSION)
      found.push({ kind: 'erpgen', from: meta.version, to: ERPGEN_VERSION });
    if (meta.emit !== undefined && meta.emit !== config.emit)
      found.push({
        kind: 'settings',
        detail: `"emit" is ${config.emit}; the package was written with ${String(meta.emit)}`,
      });
    if (pkg && pkg['name'] !== config.packageName)
      found.push({
        kind: 'settings',
        detail: `"packageName" is ${config.packageName}; the package is ${String(pkg['name'])}`,
      });
  }
  // a file whose bytes are not those erpgen recorded writing was changed since
  const edited = record
    ? changed.filter((path) => record.files.has(path) && hashOf(join(config.out, path)) !== record.files.get(path))
    : [];
  if (edited.length) found.push({ kind: 'hand-edit', files: edited });
  if (found.length === 0)
    found.push({
      kind: 'unknown',
      detail: record
        ? 'neither the snapshot, erpgen nor the settings changed since the last run, and no file differs from what it wrote'
        : 'neither the snapshot nor the erpgen version changed, so most likely a hand edit (without .erpgen-cache, which a fresh clone lacks, erpgen cannot tell more)',
    });
  return found;
}

/** `table customer` for `tables/customer.d.ts`; a removed object's module by its folder. */
function groupOf(path: string, modules: ReadonlyMap<string, string>): string {
  const module = path.replace(/\.(d\.ts|ts|js)$/, '');
  const known = modules.get(module);
  if (known) return known;
  const [folder, ...rest] = module.split('/');
  const kinds: Record<string, string> = { tables: 'table', views: 'view', transactions: 'service' };
  if (folder !== undefined && rest.length && Object.hasOwn(kinds, folder)) return `${kinds[folder]} ${rest.join('/')}`;
  return folder === 'runtime' && rest.length ? 'runtime (copied from erpgen)' : 'package files';
}

function groupsOf(result: GenerateResult, modules: ReadonlyMap<string, string>): Group[] {
  const groups = new Map<string, { changed: string[]; removed: string[] }>();
  const add = (path: string, how: 'changed' | 'removed') => {
    const what = groupOf(path, modules);
    const group = groups.get(what) ?? { changed: [], removed: [] };
    group[how].push(path);
    groups.set(what, group);
  };
  for (const p of result.changed) add(p, 'changed');
  for (const p of result.removed) add(p, 'removed');
  const rank = (what: string) =>
    what.startsWith('table ') ? 0 : what.startsWith('view ') ? 1 : what.startsWith('service ') ? 2 : 3;
  return [...groups]
    .map(([what, g]) => ({ what, ...g }))
    .sort((a, b) => rank(a.what) - rank(b.what) || (a.what < b.what ? -1 : a.what > b.what ? 1 : 0));
}

const SAMPLE_FILES = 3;
const SAMPLE_LINES = 12;

/** The first hunks of up to three files, from different groups where there are several. */
function samplesOf(config: Config, details: StaleDetails, outLabel: string): StaleReport['samples'] {
  const seen = new Set<string>();
  const chosen = details.samples.filter((s) => {
    const group = groupOf(s.path, details.modules);
    if (seen.has(group)) return false;
    seen.add(group);
    return true;
  });
  for (const s of details.samples) if (chosen.length < SAMPLE_FILES && !chosen.includes(s)) chosen.push(s);
  return chosen.slice(0, SAMPLE_FILES).map((s) => {
    let current = '';
    try {
      current = readFileSync(join(config.out, s.path), 'utf8');
    } catch {
      return { file: s.path, diff: ['(missing: erpgen would write it)'] };
    }
    const patch = structuredPatch(`${outLabel}/${s.path}`, 'erpgen generate', current, s.expected, '', '', {
      context: 2,
      maxEditLength: 10_000,
    });
    if (!patch) return { file: s.path, diff: ['(differs throughout)'] };
    const lines = patch.hunks.flatMap((h) => [
      `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
      ...h.lines.map((l) => (l.length > 160 ? `${l.slice(0, 159)}…` : l)),
    ]);
    const more = lines.length - SAMPLE_LINES;
    return { file: s.path, diff: more > 0 ? [...lines.slice(0, SAMPLE_LINES), `... ${more} more lines`] : lines };
  });
}

export function staleReport(config: Config, result: GenerateResult, outLabel: string, fix: string): StaleReport {
  const details = result.stale!;
  const why = causes(config, details, result.changed);
  const unwritten = why[0]!.kind === 'missing' || why[0]!.kind === 'not-erpgen';
  return {
    out: outLabel,
    changed: result.changed,
    removed: result.removed,
    causes: why,
    groups: groupsOf(result, details.modules),
    // every file would be new: a sample of them says nothing
    samples: unwritten ? [] : samplesOf(config, details, outLabel),
    fix:
      why[0]!.kind === 'not-erpgen'
        ? `name the generated package's folder (--out, or "out" in ${config.file ?? 'erpgen.config.json'}); to generate into ${outLabel}, empty it and run ${fix}`
        : fix,
  };
}

function causeText(c: Cause, out: string): string {
  const list = (files: readonly string[]) =>
    files.length > 5 ? `${files.slice(0, 5).join(', ')} and ${files.length - 5} more` : files.join(', ');
  switch (c.kind) {
    case 'missing':
      return `${out} does not exist or is empty: erpgen has not written the package there (is it the folder --out or "out" in erpgen.config.json names?)`;
    case 'not-erpgen':
      return `${out} holds files, but none erpgen wrote (it has no ${FILE_LIST}): it is not a generated package`;
    case 'snapshot':
      return `the snapshot changed since ${out} was written: ${list(c.files)}`;
    case 'erpgen':
      return c.from === c.to
        ? `another erpgen build wrote ${out} (the same version, ${c.to}, with other code)`
        : `erpgen ${c.from} wrote ${out}; this is erpgen ${c.to}`;
    case 'settings':
      return `other settings: ${c.detail}`;
    case 'hand-edit':
      return `edited by hand since erpgen wrote ${c.files.length === 1 ? 'it' : 'them'}: ${list(c.files)}`;
    case 'unknown':
      return c.detail;
  }
}

const SHOWN_GROUPS = 20;

/** The report for a terminal or a CI log: every line escaped, one line per group. */
/**
 * The report's first line as a diagnostic, the error `--check` ends with: a folder missing, one erpgen never
 * wrote, or a stale package (`generated is stale: 4 files differ from what \`erpgen generate\` would write`).
 */
export function staleDiagnostic(report: StaleReport): Diagnostic {
  const files = report.changed.length + report.removed.length;
  const first = report.causes[0]?.kind;
  const where = { file: report.out };
  if (first === 'missing' || first === 'not-erpgen')
    return {
      code: first === 'missing' ? 'ERPGEN_CHECK_MISSING' : 'ERPGEN_CHECK_NOT_ERPGEN',
      level: 'error',
      message: `${report.out} ${first === 'missing' ? 'is missing' : 'is not a package erpgen wrote'}: \`erpgen generate\` would write ${files} file${files === 1 ? '' : 's'} there`,
      where,
    };
  return {
    code: 'ERPGEN_CHECK_STALE',
    level: 'error',
    message: `${report.out} is stale: ${files} file${files === 1 ? '' : 's'} differ${files === 1 ? 's' : ''} from what \`erpgen generate\` would write`,
    where,
  };
}

export function staleText(report: StaleReport): string {
  const first = report.causes[0]?.kind;
  const lines = [
    `erpgen: ${staleDiagnostic(report).message}`,
    ...report.causes.map((c, i) => `${i === 0 ? 'Why: ' : '     '}${causeText(c, report.out)}`),
    'What differs:',
  ];
  const width = Math.min(40, Math.max(...report.groups.slice(0, SHOWN_GROUPS).map((g) => g.what.length)));
  for (const g of report.groups.slice(0, SHOWN_GROUPS)) {
    const parts = [
      g.changed.length ? `changed  ${g.changed.join(', ')}` : '',
      g.removed.length ? `removed  ${g.removed.join(', ')}` : '',
    ].filter(Boolean);
    lines.push(`  ${g.what.padEnd(width)}  ${parts.join('; ')}`);
  }
  if (report.groups.length > SHOWN_GROUPS) lines.push(`  ... and ${report.groups.length - SHOWN_GROUPS} more`);
  if (report.samples.length) {
    lines.push('First changes:');
    for (const s of report.samples) lines.push(`  ${report.out}/${s.file}`, ...s.diff.map((l) => `    ${l}`));
  }
  lines.push(`Fix: ${report.fix}${first === 'not-erpgen' ? '' : `, then commit ${report.out}`}`);
  return lines.map((l) => oneLine(l)).join('\n') + '\n';
}
