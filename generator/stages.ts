// generate's stages, each a function that generate-package.ts calls in turn once it knows there is work: the overlay
// checked, the plan read (source + parse pass 1 + model), the tables and views emitted (parse pass 2 + emit), the
// services emitted, the package files written, then the differences (--check) or the commit. Data flows one way:
// each stage takes what the earlier ones returned, and everything written goes through the Output.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Config } from './config.js';
import { DEFAULT_CONFIG_FILE } from './defaults.js';
import { notice as noticeOf, type Notice } from './diagnostics.js';
import { catalogModule } from './emit/catalog.js';
import { knownValuesModule } from './emit/known-values-module.js';
import {
  clientModule,
  emitPackageJson,
  emitPrettierConfig,
  emitReadme,
  emitTsconfig,
  indexModule,
  moduleFiles,
  moduleForms,
  type PackageInfo,
} from './emit/package-files.js';
import { printModuleInParts, type Module } from './emit/printer.js';
import { PROVENANCE_MODULE, provenanceModule } from './emit/provenance-module.js';
import { rowModule } from './emit/row-module.js';
import {
  USER_DEFINED_FIELDS_MODULE,
  userDefinedFieldsModule,
  userDefinedFieldsReadme,
} from './emit/user-defined-fields-module.js';
import { Stopped, UserError } from './errors.js';
import { USER_DEFINED_FIELDS } from './families/index.js';
import type { GeneratePackageOptions, GenerateResult } from './generate-package.js';
import {
  abstractObject,
  leftOutMember,
  leftOutObject,
  leftOutProperties,
  unmatchedExclude,
  unmatchedInclude,
} from './left-out.js';
import { keyPath, named } from './message-text.js';
import { ColumnFacts, type CollectedSizes } from './model/column-facts.js';
import { KnownValueIndex } from './model/known-values.js';
import { nameServices, type ObjectNames } from './model/naming.js';
import {
  checkServiceLines,
  overlayByService,
  overlayTree,
  unknownService,
  type OverlayLine,
  type OverlayProblem,
} from './model/overlay.js';
import { objectModulePath, planObjects, serviceModulePath, type PlannedObject } from './model/plan.js';
import type { QueryObject } from './model/schema.js';
import { selector, unmatchedPatterns } from './model/select.js';
import { csdlObjects, readCsdlIndex, type CsdlDocument } from './parse/csdl.js';
import { parseDefinition, parseServiceList } from './parse/definitions.js';
import type { ProgressCounts } from './progress.js';
import type { RunInputs } from './run-inputs.js';
import { serviceModule, type ServiceJob } from './service-module.js';
import { ServicesThread, worthAThread } from './services-thread.js';
import { readManifest } from './source/manifest.js';
import { MANIFEST_FILE } from './source/layout.js';
import { readBytes, type SnapshotServices } from './source/snapshot.js';
import { CACHE, Utf8Parts } from './write/output.js';
import type { Provenance } from '../templates/runtime/drift.js';

/** Services by name, with their names in the package. */
type ServiceNames = ReadonlyMap<string, ObjectNames>;

/**
 * Where a run's stages put what they make and say: the writer (module by module, in both forms), the notices (told
 * as they come, and kept for the run's record: a later run with nothing to do says them again), the progress
 * counts, and a Ctrl-C, heard between two steps.
 */
export class Output {
  readonly notices: Notice[] = [];
  readonly done = { objects: 0, services: 0 };
  private total: ProgressCounts = { objects: 0, services: 0 };

  constructor(
    private readonly config: Config,
    private readonly run: RunInputs,
    private readonly options: GeneratePackageOptions,
  ) {}

  notice(notice: Notice): void {
    this.notices.push(notice);
    this.options.onNotice?.(notice);
  }

  /** whether a table, view or service module is written (`erpgen diff --project` takes only those it checks) */
  wanted(modulePath: string): boolean {
    return this.options.only?.(modulePath) ?? true;
  }

  /** the objects and services to emit, for the progress counts */
  expect(total: ProgressCounts): void {
    this.total = total;
  }

  write(path: string, module: Module): void {
    for (const [file, content] of moduleFiles(path, module, this.config.emit)) this.run.writer.file(file, content);
  }

  /** As write, each file printed into its bytes a part at a time: for a module of megabytes (the catalog). */
  writeInParts(path: string, module: Module): void {
    for (const [file, form] of moduleForms(path, this.config.emit)) {
      const parts = new Utf8Parts();
      printModuleInParts(module, form, parts.put);
      this.run.writer.file(file, parts.content);
    }
  }

  /** a file, as its text or its UTF-8 bytes (which are the writer's from then on) */
  file(path: string, content: string | Uint8Array): void {
    this.run.writer.file(path, content);
  }

  /** a table, view or service module: written, and counted */
  emit(path: string, module: Module, kind: keyof ProgressCounts): void {
    this.write(path, module);
    this.counted(kind);
  }

  /** a table, view or service module written */
  counted(kind: keyof ProgressCounts): void {
    this.done[kind]++;
    this.options.onProgress?.(this.done, this.total);
  }

  /**
   * A signal is heard between read blocks of the documents and between services: the work is synchronous
   * otherwise, so a Ctrl-C waits for one block (64 KiB) or one service at most.
   */
  async heed(): Promise<void> {
    if (!this.options.signal) return;
    await new Promise((resolve) => setImmediate(resolve));
    stopIfAsked(this.options.signal, this.config.out);
  }
}

function stopIfAsked(signal: AbortSignal | undefined, out: string): void {
  if (signal?.aborted) throw new Stopped(`stopped: ${basename(out)} is as it was, nothing was written`);
}

/**
 * The overlay (erpgen.config.json `definitions`) by service, checked against the snapshot before anything else is
 * read: a service, element or field it names that the snapshot does not have is one line naming it, where it is in
 * the file, and the nearest name. Only the services it names are parsed here.
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
    const problem = checkServiceLines(parseDefinition(readBytes(file), file.label), lines);
    if (problem) throw refuse(problem);
  }
  return overlay;
}

export interface Plan {
  /** the overlay's lines by service, checked against the snapshot */
  readonly overlay: ReadonlyMap<string, readonly OverlayLine[]>;
  /** the schema documents, for pass 2 */
  readonly documents: readonly CsdlDocument[];
  /** every object of the snapshot, with what is left out and why */
  readonly objects: readonly PlannedObject[];
  readonly services: ServiceNames;
}

/**
 * The overlay checked, pass 1 over every document, planned (the indexes themselves are not kept, only the plan;
 * what pass 1 skips is checked by pass 2, which reads at least as far), and the services named. What the plan
 * leaves out is said.
 */
export function readPlan(config: Config, run: RunInputs, output: Output): Plan {
  const overlay = checkedOverlay(config, run.services);
  const indexes = run.snapshot.map((d) => readCsdlIndex(d.file, d.surface, d.label, false));
  const names = indexes.flatMap((i) => i.objects.map((o) => o.name));
  const unmatched = unmatchedPatterns(config, names);
  if (unmatched.include.length)
    throw new UserError('ERPGEN_INCLUDE_UNMATCHED', unmatchedInclude(unmatched.include, names), {
      where: { option: 'include' },
    });
  for (const pattern of unmatched.exclude) output.notice(unmatchedExclude(pattern));
  // the container's other members, as far as include/exclude would have taken them
  const selected = selector(config);
  for (const { document, leftOut } of indexes)
    for (const m of leftOut) if (selected(m.name).generate) output.notice(leftOutMember(m, document.label));
  const objects = planObjects(
    indexes.flatMap((i) => i.objects),
    config,
  );
  for (const o of objects)
    if (o.omitted?.reason === 'unreachable')
      output.notice(
        noticeOf('ERPGEN_LEFT_OUT_UNREACHABLE', `left out ${o.surface} ${named(o.name)}: ${o.omitted.note}`, {
          subject: `${o.surface} ${o.name}`,
        }),
      );
  const services = nameServices(run.services?.definitions.map((d) => d.name) ?? []);
  if (run.services?.list)
    for (const listed of parseServiceList(readBytes(run.services.list).toString('utf8'), run.services.list.label))
      if (!services.has(listed))
        output.notice(
          noticeOf(
            'ERPGEN_LEFT_OUT_SERVICE',
            `left out service ${named(listed)}: listed in services.json but the snapshot has no definitions/${named(listed)}.json`,
            { file: run.services.list.label, subject: `service ${listed}` },
          ),
        );
  output.expect({ objects: objects.filter((o) => !o.omitted).length, services: services.size });
  return { overlay, documents: indexes.map((i) => i.document), objects, services };
}

export interface ObjectsEmitted {
  /** the plan, with what pass 2 could not type left out as well */
  readonly objects: readonly PlannedObject[];
  /** the string columns' lengths and decimal columns' scales, which transaction fields take by DbColumnName */
  readonly sizes: CollectedSizes;
  /** the tables the families' user-defined fields are typed from, as read (generated or not) */
  readonly familyRead: ReadonlyMap<string, QueryObject>;
}

/**
 * Parse pass 2 and the row modules: one object at a time, straight to the output. With services, every table is
 * read (emitted or not) for the lengths and scales of its columns; a services thread is given them once the tables
 * are read, and what it prints meanwhile is taken between two blocks of a document.
 */
export async function emitObjects(
  config: Config,
  plan: Plan,
  output: Output,
  services?: ServicesThread,
): Promise<ObjectsEmitted> {
  const knownValues = new KnownValueIndex(config.knownValues);
  const familyTables = USER_DEFINED_FIELDS.tables;
  const servicesWanted = [...plan.services.values()].some((names) => output.wanted(serviceModulePath(names)));
  const sizes = { lengths: new ColumnFacts(), scales: new ColumnFacts() };
  const familyRead = new Map<string, QueryObject>();
  const unsupported = new Map<PlannedObject, string>();
  for (const document of plan.documents) {
    const source = basename(document.file);
    const readAll = servicesWanted && document.surface === 'table';
    const forFamilies = (o: PlannedObject) => document.surface === 'table' && familyTables.has(o.name);
    const emitted = (o: PlannedObject) => !o.omitted && output.wanted(objectModulePath(o));
    const toRead = plan.objects.filter(
      (o) => o.surface === document.surface && (readAll || emitted(o) || forFamilies(o)),
    );
    const reading = csdlObjects(
      document,
      toRead,
      (object, names, notes) => {
        if (readAll) recordSizes(object, sizes);
        if (forFamilies(names)) familyRead.set(object.name, object);
        if (!emitted(names)) return;
        if (notes.leftOut.length) output.notice(leftOutProperties(names, notes.leftOut));
        if (notes.abstract) output.notice(abstractObject(names, object.entityType));
        const module = rowModule(object, names, { decimals: config.decimals, knownValues, source });
        output.emit(objectModulePath(names), module, 'objects');
      },
      (names, why) => {
        if (names.omitted) return;
        output.notice(leftOutObject(names, why));
        unsupported.set(names, why);
      },
    );
    for (const _ of reading) {
      services?.take((path, bytes) => output.file(path, bytes));
      await output.heed();
    }
    if (document.surface === 'table') services?.begin(sizes);
  }
  const objects = unsupported.size
    ? plan.objects.map((o) => {
        const why = unsupported.get(o);
        return why === undefined ? o : { ...o, omitted: { reason: 'unsupported' as const, note: why } };
      })
    : plan.objects;
  return { objects, sizes, familyRead };
}

/** The string columns' lengths and the decimal columns' scales, which transaction fields take by DbColumnName. */
function recordSizes(object: QueryObject, sizes: CollectedSizes): void {
  const lengths: [string, number][] = [];
  const scales: [string, number][] = [];
  for (const c of object.columns) {
    if (typeof c.maxLength === 'number') lengths.push([`${object.name}.${c.name}`.toLowerCase(), c.maxLength]);
    else if (typeof c.scale === 'number' && c.edmType === 'Edm.Decimal')
      scales.push([`${object.name}.${c.name}`.toLowerCase(), c.scale]);
  }
  sizes.lengths.add(lengths);
  sizes.scales.add(scales);
}

/** The services to emit (those `erpgen diff --project` checks, or all), in the run's order. */
export function serviceJobs(run: RunInputs, plan: Plan, output: Output): ServiceJob[] {
  return (run.services?.definitions ?? []).flatMap((definition) => {
    const names = plan.services.get(definition.name)!;
    return output.wanted(serviceModulePath(names))
      ? [{ definition, names, overlay: plan.overlay.get(definition.name) }]
      : [];
  });
}

/** A thread to print the services beside the main thread, for a run with enough of them (services-thread.ts). */
export function servicesThread(
  config: Config,
  jobs: readonly ServiceJob[],
  after?: number,
): ServicesThread | undefined {
  return worthAThread(jobs, after) ? new ServicesThread(jobs, config.emit) : undefined;
}

/**
 * The transaction modules, one definition at a time, with the overlay's facts applied; with a services thread,
 * taken in turn with it.
 */
export async function emitServices(
  jobs: readonly ServiceJob[],
  sizes: CollectedSizes,
  output: Output,
  services?: ServicesThread,
): Promise<void> {
  if (!services) {
    for (const job of jobs) {
      await output.heed();
      output.emit(serviceModulePath(job.names), serviceModule(job, sizes), 'services');
    }
    return;
  }
  const counted = () => output.counted('services');
  const file = (path: string, bytes: Uint8Array) => output.file(path, bytes);
  services.begin(sizes);
  for (let at; (at = services.claim()) !== undefined;) {
    await output.heed();
    services.take(file);
    services.count(counted);
    const job = jobs[at]!;
    let module: Module;
    try {
      module = serviceModule(job, sizes);
    } catch (error) {
      services.failed(at, error as Error);
      break;
    }
    output.emit(serviceModulePath(job.names), module, 'services');
  }
  await services.finish(file, counted);
}

/**
 * The package around the modules: the catalog, the known values, the entry points, the user-defined fields, the
 * provenance, package.json, README, tsconfig and the runtime's files.
 */
export function emitPackageFiles(
  config: Config,
  run: RunInputs,
  plan: Plan,
  emitted: ObjectsEmitted,
  output: Output,
): void {
  const userFields = USER_DEFINED_FIELDS.typed(emitted.familyRead);
  const provenance: Provenance = {
    ...provenanceOf(config.snapshot, run.inputs),
    ...(plan.overlay.size ? { definitions: overlayTree(config.definitions) } : {}),
  };
  const info: PackageInfo = {
    packageName: config.packageName,
    entries: emitted.objects,
    services: [...plan.services],
    knownValues: config.knownValues,
    decimals: config.decimals,
    familyNotes: userDefinedFieldsReadme(userFields),
    inputs: packageInputs(run),
    provenance,
  };
  output.write(USER_DEFINED_FIELDS_MODULE, userDefinedFieldsModule(userFields));
  output.writeInParts('catalog', catalogModule(emitted.objects, info.services));
  output.write('known-values', knownValuesModule(config.knownValues));
  output.write('index', indexModule(config.defaultPageSize));
  output.write(PROVENANCE_MODULE, provenanceModule(provenance));
  output.write(
    'client',
    clientModule([
      { name: 'userDefinedFields', module: USER_DEFINED_FIELDS_MODULE },
      { name: 'provenance', module: PROVENANCE_MODULE },
    ]),
  );
  output.file('package.json', emitPackageJson(info, config.emit));
  output.file('README.md', emitReadme(info, config.emit));
  output.file('tsconfig.json', emitTsconfig(config.emit));
  output.file('.prettierrc.json', emitPrettierConfig());
  output.file('.gitignore', `${CACHE}\n`);
  for (const template of run.templates) output.file(template.path, template.content);
}

/**
 * What the package's README lists as its inputs: each schema document, the definitions as one digest (of each
 * file's name and digest), and the fetch's manifest.
 */
function packageInputs(run: RunInputs): PackageInfo['inputs'] {
  const definitions = run.services?.definitions.length ?? 0;
  const digest = createHash('sha256')
    .update(
      run.inputs
        .filter((i) => i.label.startsWith('definitions/'))
        .map((i) => `${i.label} ${i.sha256}\n`)
        .join(''),
    )
    .digest('hex');
  return [
    ...run.inputs.slice(0, run.snapshot.length),
    ...(definitions ? [{ label: `definitions/ (${definitions} files)`, sha256: digest }] : []),
    ...run.inputs.filter((i) => i.label === MANIFEST_FILE),
  ];
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

/** --check: what would be written and removed, nothing written; with what `--check` explains a stale output by. */
export async function differences(
  run: RunInputs,
  plan: Plan,
  emitted: ObjectsEmitted,
  output: Output,
): Promise<GenerateResult> {
  const { changed, removed, samples } = await run.writer.differences();
  await run.writer.discard();
  const modules = new Map<string, string>();
  for (const o of emitted.objects) if (!o.omitted) modules.set(objectModulePath(o), `${o.surface} ${o.name}`);
  for (const [name, names] of plan.services) modules.set(serviceModulePath(names), `service ${name}`);
  const stale = { samples, parts: run.print.parts, record: run.writer.record(), modules };
  const { objects, services } = output.done;
  return { objects, services: plan.services.size, files: 0, changed, removed, unchanged: 0, stale };
}

/**
 * The output moved into place, with the run's record (its fingerprint, counts and notices). Given the count of
 * services, not the plan: the plan's objects (70,000 at ten times the stock tenant) are let go while the files are
 * written out and the record made.
 */
export async function commit(
  config: Config,
  run: RunInputs,
  services: number,
  output: Output,
  signal: AbortSignal | undefined,
): Promise<GenerateResult> {
  const report = await run.writer.commit(run.print.digest, run.print.parts, () => stopIfAsked(signal, config.out), {
    objects: output.done.objects,
    services,
    notices: output.notices,
  });
  return {
    objects: output.done.objects,
    services,
    files: report.written.length + report.unchanged,
    changed: report.written,
    removed: report.removed,
    unchanged: report.unchanged,
  };
}
