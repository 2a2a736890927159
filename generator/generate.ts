// `erpgen generate`: source -> parse -> model -> emit -> write, in one direction.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Config } from './config.js';
import { inputError, Stopped, UserError } from './errors.js';
import { DEFAULT_CONFIG_FILE } from './defaults.js';
import { keyPath, named, quote } from './message-text.js';
import { catalogModule } from './emit/catalog.js';
import { ADDITIONS } from './families/index.js';
import { knownValuesModule } from './emit/known-values-module.js';
import {
  clientModule,
  emitPackageJson,
  emitPrettierConfig,
  emitReadme,
  emitTsconfig,
  indexModule,
  moduleFiles,
  type PackageInfo,
} from './emit/package-files.js';
import type { Module } from './emit/printer.js';
import { PROVENANCE_MODULE, provenanceModule } from './emit/provenance-module.js';
import { rowModule } from './emit/row-module.js';
import { transactionModule } from './emit/transaction-module.js';
import { KnownValueIndex } from './model/known-values.js';
import { nameServices } from './model/naming.js';
import {
  applyOverlay,
  checkServiceLines,
  overlayByService,
  overlayTree,
  unknownService,
  type OverlayLine,
  type OverlayProblem,
} from './model/overlay.js';
import { objectModulePath, planObjects, serviceModulePath, type PlannedObject } from './model/plan.js';
import { selector, unmatchedPatterns, type Selection } from './model/select.js';
import type { QueryObject } from './model/schema.js';
import { readCsdlIndex, csdlObjects, type CsdlDocument } from './parse/csdl.js';
import {
  abstractObject,
  leftOutMember,
  leftOutObject,
  leftOutProperties,
  unmatchedExclude,
  unmatchedInclude,
} from './left-out.js';
import { parseDefinition, parseServiceList } from './parse/definitions.js';
import { readManifest } from './source/manifest.js';
import { MANIFEST_FILE, readBytes, type SnapshotDocument, type SnapshotServices } from './source/snapshot.js';
import type { ProgressCounts } from './progress.js';
import { openRun, previousRun, type RunInputs } from './run-inputs.js';
import type { Provenance } from '../templates/runtime/drift.js';
import { notice as noticeOf, type Notice } from './diagnostics.js';
import { CACHE, type CacheRecord, type Sample, type WriteReport } from './write/output.js';

export interface GenerateOptions {
  /** compare only: report what differs, write nothing */
  readonly check?: boolean;
  /** called as modules are emitted: objects and services done, of their totals */
  readonly progress?: (done: ProgressCounts, total: ProgressCounts) => void;
  /** notices for the user (objects left out, and why) */
  readonly notice?: (notice: Notice) => void;
  /**
   * stops the run (a Ctrl-C): it ends with a `Stopped` error and leaves the output as it was, as long as it has
   * not begun to move files into it (then it finishes)
   */
  readonly signal?: AbortSignal;
  /** the run's inputs, hashed (run-inputs.ts), when the caller has opened them already */
  readonly run?: RunInputs;
  /**
   * only the table, view and service modules whose paths (`tables/customer`) this takes are written, the rest of
   * the package whole (`erpgen diff --project` checks a project against the modules it imports)
   */
  readonly only?: (modulePath: string) => boolean;
}

export interface GenerateResult {
  /** tables and views generated */
  readonly objects: number;
  /** transaction services generated */
  readonly services: number;
  readonly files: number;
  /** written (or, with `check`, that would be written) */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** with `check`, when the output is stale: what `--check` explains it with */
  readonly stale?: StaleDetails;
}

export interface StaleDetails {
  /** the first few files that differ, with the text erpgen would write */
  readonly samples: readonly Sample[];
  /** what this run's output is made of (fingerprint.ts), and what the previous run recorded */
  readonly parts: readonly string[];
  readonly record: CacheRecord | undefined;
  /** module path (no extension) -> what it is: `table customer`, `service Order` */
  readonly modules: ReadonlyMap<string, string>;
}

/**
 * Pass 1 over every document, planned: the indexes themselves are not kept, only the plan. What pass 1 skips is
 * checked by pass 2, which reads at least as far.
 */
function readPlan(
  snapshot: readonly SnapshotDocument[],
  selection: Selection,
  notice: (notice: Notice) => void,
): { documents: CsdlDocument[]; plan: PlannedObject[] } {
  const indexes = snapshot.map((d) => readCsdlIndex(d.file, d.surface, d.label, false));
  const objects = indexes.flatMap((i) => i.objects);
  const unmatched = unmatchedPatterns(
    selection,
    objects.map((o) => o.name),
  );
  if (unmatched.include.length)
    throw new UserError(
      'ERPGEN_INCLUDE_UNMATCHED',
      unmatchedInclude(
        unmatched.include,
        objects.map((o) => o.name),
      ),
      { where: { option: 'include' } },
    );
  for (const pattern of unmatched.exclude) notice(unmatchedExclude(pattern));
  // the container's other members, as far as include/exclude would have taken them
  const selected = selector(selection);
  for (const { document, leftOut } of indexes)
    for (const m of leftOut) if (selected(m.name).generate) notice(leftOutMember(m, document.label));
  return {
    documents: indexes.map((i) => i.document),
    plan: planObjects(objects, selection),
  };
}

/** The string columns' lengths, which transaction fields take when their DbColumnName names one. */
function recordLengths(object: QueryObject, lengths: Map<string, number>): void {
  for (const c of object.columns)
    if (typeof c.maxLength === 'number') lengths.set(`${object.name}.${c.name}`.toLowerCase(), c.maxLength);
}

/**
 * Where the snapshot came from: the build and time of its fetch (its manifest), and one digest of its files, made
 * from the digests the fingerprint has taken already (the manifest is not one of them: a fetch of the same schema
 * at another time is the same snapshot).
 */
function provenanceOf(dir: string, inputs: RunInputs['inputs']): Provenance {
  const manifest = readManifest(dir);
  const snapshotDigest = createHash('sha256')
    .update(
      inputs
        .filter((i) => i.label !== MANIFEST_FILE)
        .map((i) => `${i.label} ${i.sha256}\n`)
        .join(''),
    )
    .digest('hex');
  return {
    ...(manifest?.serverBuild ? { build: manifest.serverBuild } : {}),
    snapshotDigest,
    ...(manifest?.fetchedAt ? { fetchedAt: manifest.fetchedAt } : {}),
  };
}

/**
 * The overlay (erpgen.config.json `definitions`) by service, checked against the snapshot before anything is
 * read or written: a service, element or field it names that the snapshot does not have is one line naming it,
 * where it is in the file, and the nearest name. Only the services it names are parsed here.
 */
function checkedOverlay(
  config: Config,
  services: SnapshotServices | undefined,
): ReadonlyMap<string, readonly OverlayLine[]> {
  const overlay = overlayByService(config.definitions ?? []);
  if (overlay.size === 0) return overlay;
  const refuse = (problem: OverlayProblem) =>
    new UserError(
      'ERPGEN_OVERLAY_UNKNOWN_NAME',
      `${config.file ?? DEFAULT_CONFIG_FILE}: ${keyPath(['definitions', ...problem.path])}: ${problem.message}`,
      { where: { file: config.file ?? DEFAULT_CONFIG_FILE, option: keyPath(['definitions', ...problem.path]) } },
    );
  const files = new Map(services?.definitions.map((d) => [d.name, d]));
  for (const [name, lines] of overlay) {
    const file = files.get(name);
    if (!file) throw refuse(unknownService(name, files.keys()));
    const problem = checkServiceLines(parseDefinition(readBytes(file).toString('utf8'), file.label), lines);
    if (problem) throw refuse(problem);
  }
  return overlay;
}

function stopIfAsked(signal: AbortSignal | undefined, out: string): void {
  if (signal?.aborted) throw new Stopped(`stopped: ${basename(out)} is as it was, nothing was written`);
}

export async function generate(config: Config, options: GenerateOptions = {}): Promise<GenerateResult> {
  const check = options.check ?? false;

  // what the output is made of: with the same fingerprint and files as the previous run, there is nothing to do
  const run = options.run ?? openRun(config, check);
  const { snapshot, services, templates, inputs, print, writer } = run;
  const previous = previousRun(run, check, options.notice ?? (() => undefined));
  if (previous) return previous;
  // what this run says is recorded with its output, for a later run with nothing to do to say again
  const notices: Notice[] = [];
  const notice = (n: Notice): void => {
    notices.push(n);
    options.notice?.(n);
  };

  const overlay = checkedOverlay(config, services);

  // source + parse, pass 1: the objects each document exposes; model: what to generate, and all the names
  const { documents, plan: indexed } = readPlan(snapshot, config, notice);
  let plan = indexed;
  for (const o of plan)
    if (o.omitted?.reason === 'unreachable')
      notice(
        noticeOf('ERPGEN_LEFT_OUT_UNREACHABLE', `left out ${o.surface} ${named(o.name)}: ${o.omitted.note}`, {
          subject: `${o.surface} ${o.name}`,
        }),
      );
  const serviceNames = nameServices(services?.definitions.map((d) => d.name) ?? []);
  if (services?.list) {
    for (const listed of parseServiceList(readBytes(services.list).toString('utf8'), services.list.label)) {
      if (!serviceNames.has(listed))
        notice(
          noticeOf(
            'ERPGEN_LEFT_OUT_SERVICE',
            `left out service ${named(listed)}: listed in services.json but the snapshot has no definitions/${named(listed)}.json`,
            { file: services.list.label, subject: `service ${listed}` },
          ),
        );
    }
  }
  const knownValues = new KnownValueIndex(config.knownValues);
  const objects = plan.filter((o) => !o.omitted).length;
  const total = { objects, services: serviceNames.size };

  // a signal is heard between read blocks of the documents and between services: the work is synchronous
  // otherwise, so a Ctrl-C waits for one block (64 KiB) or one service at most
  const heed = async (): Promise<void> => {
    if (!options.signal) return;
    await new Promise((resolve) => setImmediate(resolve));
    stopIfAsked(options.signal, config.out);
  };
  const done = { objects: 0, services: 0 };
  const write = (path: string, module: Module) => {
    for (const [file, content] of moduleFiles(path, module, config.emit)) writer.file(file, content);
  };
  const emit = (path: string, module: Module, kind: keyof ProgressCounts) => {
    write(path, module);
    done[kind]++;
    options.progress?.(done, total);
  };
  // the tables the families' additions read, whether generated or not
  const familyTables = new Set(ADDITIONS.flatMap((a) => [...a.tables]));
  const wanted = options.only ?? (() => true);
  const wantedServices = [...serviceNames.values()].some((names) => wanted(serviceModulePath(names)));
  const familyRead = new Map<string, QueryObject>();
  const unsupported = new Map<PlannedObject, string>();
  // the folder's lock (a second run waits for the first), and the commit a killed run left, finished: after
  // them the output may be what this run would write
  if (await writer.prepare({ signal: options.signal, notice: options.notice })) {
    const again = previousRun(run, check, options.notice ?? (() => undefined));
    if (again) {
      await writer.discard();
      return again;
    }
  }
  try {
    // parse pass 2 + emit: one object at a time, straight to the writer. With services, every table is read
    // (emitted or not) for the lengths of its columns.
    const lengths = new Map<string, number>();
    for (const document of documents) {
      const source = basename(document.file);
      const readAll = services !== undefined && wantedServices && document.surface === 'table';
      const forFamilies = (o: PlannedObject) => document.surface === 'table' && familyTables.has(o.name);
      const emitted = (o: PlannedObject) => !o.omitted && wanted(objectModulePath(o));
      const toRead = plan.filter((o) => o.surface === document.surface && (readAll || emitted(o) || forFamilies(o)));
      const reading = csdlObjects(
        document,
        toRead,
        (object, names, notes) => {
          if (readAll) recordLengths(object, lengths);
          if (forFamilies(names)) familyRead.set(object.name, object);
          if (!emitted(names)) return;
          if (notes.leftOut.length) notice(leftOutProperties(names, notes.leftOut));
          if (notes.abstract) notice(abstractObject(names, object.entityType));
          emit(
            objectModulePath(names),
            rowModule(object, names, { decimals: config.decimals, knownValues, source }),
            'objects',
          );
        },
        (names, why) => {
          if (names.omitted) return;
          notice(leftOutObject(names, why));
          unsupported.set(names, why);
        },
      );
      for (const _ of reading) await heed();
    }
    // what pass 2 could not type is left out of the package files as well
    if (unsupported.size)
      plan = plan.map((o) => {
        const why = unsupported.get(o);
        return why === undefined ? o : { ...o, omitted: { reason: 'unsupported', note: why } };
      });

    // transaction services, one definition at a time
    for (const definition of services?.definitions ?? []) {
      await heed();
      if (!wanted(serviceModulePath(serviceNames.get(definition.name)!))) continue;
      const bytes = readBytes(definition);
      const service = parseDefinition(bytes.toString('utf8'), definition.label);
      if (service.name !== definition.name)
        throw inputError(
          'ERPGEN_DEFINITION_NAME_MISMATCH',
          definition.label,
          `holds the definition of service ${quote(service.name)}, not of ${quote(definition.name)}`,
        );
      const names = serviceNames.get(service.name)!;
      emit(
        serviceModulePath(names),
        transactionModule(applyOverlay(service, overlay.get(service.name)), names, lengths),
        'services',
      );
    }

    // the definitions as one digest: of each file's name and digest
    const definitionsDigest = createHash('sha256')
      .update(
        inputs
          .filter((i) => i.label.startsWith('definitions/'))
          .map((i) => `${i.label} ${i.sha256}\n`)
          .join(''),
      )
      .digest('hex');
    const added = ADDITIONS.map((a) => a.make(familyRead));
    const provenance: Provenance = {
      ...provenanceOf(config.snapshot, inputs),
      ...(overlay.size ? { definitions: overlayTree(config.definitions) } : {}),
    };
    for (const [path, module] of added.flatMap((a) => a.modules)) write(path, module);

    const info: PackageInfo = {
      packageName: config.packageName,
      entries: plan,
      services: [...serviceNames],
      knownValues: config.knownValues,
      decimals: config.decimals,
      familyNotes: added.flatMap((a) => a.readme),
      inputs: [
        ...inputs.slice(0, snapshot.length),
        ...(services?.definitions.length
          ? [{ label: `definitions/ (${services.definitions.length} files)`, sha256: definitionsDigest }]
          : []),
        ...inputs.filter((i) => i.label === MANIFEST_FILE),
      ],
      provenance,
    };
    write('catalog', catalogModule(plan, info.services));
    write('known-values', knownValuesModule(config.knownValues));
    write('index', indexModule(config.defaultPageSize));
    write(PROVENANCE_MODULE, provenanceModule(provenance));
    write(
      'client',
      clientModule([...added.flatMap((a) => a.settings), { name: 'provenance', module: PROVENANCE_MODULE }]),
    );
    writer.file('package.json', emitPackageJson(info, config.emit));
    writer.file('README.md', emitReadme(info, config.emit));
    writer.file('tsconfig.json', emitTsconfig(config.emit));
    writer.file('.prettierrc.json', emitPrettierConfig());
    writer.file('.gitignore', `${CACHE}\n`);
    for (const template of templates) writer.file(template.path, template.content);

    if (check) {
      const { changed, removed, samples } = await writer.differences();
      await writer.discard();
      const modules = new Map<string, string>();
      for (const o of plan) if (!o.omitted) modules.set(objectModulePath(o), `${o.surface} ${o.name}`);
      for (const [name, names] of serviceNames) modules.set(serviceModulePath(names), `service ${name}`);
      const stale = { samples, parts: print.parts, record: writer.record(), modules };
      return { objects: done.objects, services: serviceNames.size, files: 0, changed, removed, unchanged: 0, stale };
    }
    const report: WriteReport = await writer.commit(
      print.digest,
      print.parts,
      () => stopIfAsked(options.signal, config.out),
      { objects: done.objects, services: serviceNames.size, notices },
    );
    return {
      objects: done.objects,
      services: serviceNames.size,
      files: report.written.length + report.unchanged,
      changed: report.written,
      removed: report.removed,
      unchanged: report.unchanged,
    };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}
