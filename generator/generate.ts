// `erpgen generate`: source -> parse -> model -> emit -> write, in one direction.
import { basename } from 'node:path';
import type { Config } from './config.js';
import { emitCatalog } from './emit/catalog.js';
import { emitKnownValues } from './emit/known-values-module.js';
import { emitIndex, emitPackageJson, emitPrettierConfig, emitReadme, emitTsconfig } from './emit/package-files.js';
import { format, needsFormatting } from './emit/format.js';
import { emitRowModule } from './emit/row-module.js';
import { KnownValueIndex } from './model/known-values.js';
import { modulePath, planObjects, type PlannedObject } from './model/plan.js';
import type { Selection } from './model/select.js';
import { readCsdlIndex, readCsdlObjects, type CsdlDocument } from './parse/csdl.js';
import { digest, openSnapshot, type SnapshotDocument } from './source/snapshot.js';
import { readRuntimeTemplates } from './source/templates.js';
import { OutputWriter, removeOrphanStaging, type WriteReport } from './write/output.js';

export interface GenerateOptions {
  /** compare only: report what differs, write nothing */
  readonly check?: boolean;
  /** called as objects are emitted: done of total */
  readonly progress?: (done: number, total: number) => void;
  /** notices for the user (objects left out, and why) */
  readonly notice?: (line: string) => void;
}

export interface GenerateResult {
  readonly objects: number;
  readonly files: number;
  /** written (or, with `check`, that would be written) */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
}

/** Pass 1 over every document, planned: the indexes themselves are not kept, only the plan. */
function readPlan(
  snapshot: readonly SnapshotDocument[],
  selection: Selection,
): { documents: CsdlDocument[]; plan: PlannedObject[] } {
  const indexes = snapshot.map((d) => readCsdlIndex(d.file, d.surface, d.label));
  return {
    documents: indexes.map((i) => i.document),
    plan: planObjects(
      indexes.flatMap((i) => i.objects),
      selection,
    ),
  };
}

export async function generate(config: Config, options: GenerateOptions = {}): Promise<GenerateResult> {
  const check = options.check ?? false;

  // source + parse, pass 1: the objects each document exposes; model: what to generate, and all the names
  const snapshot = openSnapshot(config.snapshot);
  const { documents, plan } = readPlan(snapshot, config);
  for (const o of plan)
    if (o.omitted?.reason === 'unreachable') options.notice?.(`left out ${o.surface} ${o.name}: ${o.omitted.note}`);
  const knownValues = new KnownValueIndex(config.knownValues);
  const total = plan.filter((o) => !o.omitted).length;

  removeOrphanStaging(config.out);
  const writer = new OutputWriter(config.out, check, basename(config.out));
  try {
    // parse pass 2 + emit: one object at a time, straight to the writer
    let done = 0;
    const long: Array<{ path: string; content: string }> = [];
    for (const document of documents) {
      const source = basename(document.file);
      const wanted = new Map(plan.filter((o) => o.surface === document.surface && !o.omitted).map((o) => [o.name, o]));
      readCsdlObjects(document, [...wanted.values()], (object) => {
        const names = wanted.get(object.name)!;
        const path = `${modulePath(names)}.ts`;
        const content = emitRowModule(object, names, { decimals: config.decimals, knownValues, source });
        if (needsFormatting(content)) long.push({ path, content });
        else writer.file(path, content);
        options.progress?.(++done, total);
      });
    }
    for (const { path, content } of long) writer.file(path, await format(content));

    const info = {
      packageName: config.packageName,
      entries: plan,
      knownValues: config.knownValues,
      decimals: config.decimals,
      inputs: snapshot.map((d) => ({ label: basename(d.file), sha256: digest(d.file) })),
    };
    writer.file('catalog.ts', emitCatalog(plan));
    writer.file('known-values.ts', emitKnownValues(config.knownValues));
    writer.file('index.ts', emitIndex(config.defaultPageSize));
    writer.file('package.json', emitPackageJson(info));
    writer.file('README.md', emitReadme(info));
    writer.file('tsconfig.json', emitTsconfig());
    writer.file('.prettierrc.json', emitPrettierConfig());
    for (const template of readRuntimeTemplates()) writer.file(template.path, template.content);

    if (check) {
      const { changed, removed } = writer.differences();
      writer.discard();
      return { objects: total, files: 0, changed, removed, unchanged: 0 };
    }
    const report: WriteReport = writer.commit();
    return {
      objects: total,
      files: report.written.length + report.unchanged,
      changed: report.written,
      removed: report.removed,
      unchanged: report.unchanged,
    };
  } catch (error) {
    writer.discard();
    throw error;
  }
}
