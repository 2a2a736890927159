// `erpgen generate`: source -> parse -> model -> emit -> write, in one direction.
import { basename } from 'node:path';
import type { Config } from './config.js';
import { emitCatalog, modulePath, type CatalogEntry } from './emit/catalog.js';
import { emitKnownValues } from './emit/known-values-module.js';
import { emitIndex, emitPackageJson, emitPrettierConfig, emitReadme, emitTsconfig } from './emit/package-files.js';
import { format, needsFormatting } from './emit/format.js';
import { emitRowModule } from './emit/row-module.js';
import { KnownValueIndex } from './model/known-values.js';
import { nameObjects } from './model/naming.js';
import { selector } from './model/select.js';
import { readCsdlIndex, readCsdlObjects, type CsdlIndex, type IndexedObject } from './parse/csdl.js';
import { digest, openSnapshot } from './source/snapshot.js';
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

export async function generate(config: Config, options: GenerateOptions = {}): Promise<GenerateResult> {
  const check = options.check ?? false;

  // source + parse, pass 1: the objects each document exposes
  const documents = openSnapshot(config.snapshot);
  const indexes: CsdlIndex[] = documents.map((d) => readCsdlIndex(d.file, d.surface, d.label));

  // model: what to generate, and the names of everything
  const decide = selector(config);
  const all: IndexedObject[] = indexes.flatMap((i) => i.objects);
  const names = nameObjects(all);
  const entries: CatalogEntry[] = [];
  const wanted = new Map<CsdlIndex, IndexedObject[]>();
  for (const index of indexes) {
    const list: IndexedObject[] = [];
    for (const o of index.objects) {
      const decision = decide(o.name, o.surface);
      const objectNames = names[o.surface].get(o.name)!;
      if (decision.generate) {
        list.push(o);
        entries.push({ name: o.name, surface: o.surface, names: objectNames });
      } else {
        entries.push({ name: o.name, surface: o.surface, names: objectNames, omitted: { reason: decision.reason, note: decision.note } });
        if (decision.reason === 'unreachable') options.notice?.(`left out ${o.surface} ${o.name}: ${decision.note}`);
      }
    }
    wanted.set(index, list);
  }
  const knownValues = new KnownValueIndex(config.knownValues);
  const total = [...wanted.values()].reduce((n, l) => n + l.length, 0);

  removeOrphanStaging(config.out);
  const writer = new OutputWriter(config.out, check, basename(config.out));
  try {
    // parse pass 2 + emit: one object at a time, straight to the writer
    let done = 0;
    const long: Array<{ path: string; content: string }> = [];
    for (const index of indexes) {
      const source = basename(index.file);
      readCsdlObjects(index, wanted.get(index)!, (object) => {
        const objectNames = names[object.surface].get(object.name)!;
        const path = `${modulePath(object.surface, objectNames)}.ts`;
        const content = emitRowModule(object, objectNames, { decimals: config.decimals, knownValues, source });
        if (needsFormatting(content)) long.push({ path, content });
        else writer.file(path, content);
        options.progress?.(++done, total);
      });
    }
    for (const { path, content } of long) writer.file(path, await format(content));

    const info = {
      packageName: config.packageName,
      entries,
      knownValues: config.knownValues,
      decimals: config.decimals,
      inputs: documents.map((d) => ({ label: basename(d.file), sha256: digest(d.file) })),
    };
    writer.file('catalog.ts', emitCatalog(entries));
    writer.file('known-values.ts', emitKnownValues(config.knownValues));
    writer.file('index.ts', emitIndex());
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
    return { objects: total, files: report.written.length + report.unchanged, changed: report.written, removed: report.removed, unchanged: report.unchanged };
  } catch (error) {
    writer.discard();
    throw error;
  }
}
