// `erpgen diff --project tsconfig.json`: the team's code type-checked against the package the old snapshot gives
// and the one the new snapshot gives, and against probe packages (probes.ts; project-map.ts says what they are
// for and how errors are traced to changes), with the team's own compiler (tsconfig.ts). Everything is made in a
// temporary folder: the packages, the probes and a tsconfig per compile that extends the team's and points the
// package's name at the package to check. Nothing of theirs is written.
//
// Fast at a tenant's size: the project's files are listed first (`tsc --listFilesOnly`) and read for what they
// import of the package (project-reach.ts), and each package holds only those modules (a stock tenant's package is
// 14,000 files; two of them made most of a run that took minutes). A project that imports the team's generated
// folder by a path rather than by the package's name is compiled in a mirror (project-mirror.ts).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { UserError } from '../errors.js';
import { generatePackage } from '../generate-package.js';
import { nameServices } from '../model/naming.js';
import type { Overlay } from '../model/overlay.js';
import { openServices } from '../source/snapshot.js';
import { realOutput } from '../write/tree.js';
import { modelKey, planProbes, probeFiles, probePackage, revertFiles, type ChangedModels } from './probes.js';
import { mapErrors, parseDiagnostics, type Compiles, type Diagnostic, type ProjectResult } from './project-map.js';
import { mirrorProject } from './project-mirror.js';
import { projectReach } from './project-reach.js';
import type { SnapshotDiff } from './snapshots.js';
import {
  findCompiler,
  findTsconfig,
  isInside,
  readCapped,
  runTsc,
  shownPath,
  teamSettings,
  tsconfigFiles,
  variantTsconfig,
} from './tsconfig.js';

/** A file of the team's that an error names is read up to this size (to place the error on its line). */
const SOURCE_MAX_BYTES = 16 << 20;

export interface ProjectInput {
  readonly tsconfig: string;
  readonly config: Config;
  readonly before: string;
  readonly after: string;
  readonly diff: SnapshotDiff;
  readonly models: ChangedModels;
  /** the longest one run of the team's compiler may take */
  readonly timeoutMs: number;
  /** told each step, for a terminal to show */
  readonly step: (what: string) => void;
}

interface Variant {
  readonly name: string;
  /** which compile this is, in messages */
  readonly what: string;
  /** the package it checks against */
  readonly pkg: string;
}

export async function checkProject(input: ProjectInput): Promise<ProjectResult> {
  const { config, diff, step } = input;
  const tsconfig = findTsconfig(input.tsconfig);
  const projectDir = dirname(tsconfig);
  const shown = `--project ${shownPath(tsconfig)}`;
  const compiler = findCompiler(projectDir, shownPath(tsconfig));
  const team = teamSettings(tsconfig);
  const major = Number(compiler.version.split('.')[0]);
  const ext = config.emit === 'ts' ? '.ts' : '.d.ts';
  // the team's generated folder: what of theirs reaches it is checked against the packages made here instead
  const out = outFolder(config.out);
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'erpgen-diff-project-')));
  try {
    const tsc = (v: Variant, place?: (path: string) => string, files?: 'list' | 'only'): Promise<string> => {
      const file = join(work, `${v.name}.tsconfig.json`);
      const variant = { tsconfig, projectDir, team, compilerMajor: major, packageName: config.packageName, ext, out };
      writeFileSync(file, JSON.stringify(variantTsconfig({ ...variant, pkg: v.pkg, ...(place ? { place } : {}) })));
      const cwd = place ? place(projectDir) : projectDir;
      return runTsc({
        tsc: compiler.tsc,
        tsconfig: file,
        cwd,
        timeoutMs: input.timeoutMs,
        what: v.what,
        shown,
        ...(files ? { files } : {}),
      });
    };

    // what the project imports of the package, and how
    step('listing the files of your project');
    const stub = join(work, 'stub');
    mkdirSync(stub);
    const listing = await tsc(
      { name: 'list', what: 'listing the files of your project', pkg: stub },
      undefined,
      'only',
    );
    const reach = projectReach(listing, { packageName: config.packageName, out, paths: team.paths, skip: [work] });
    if (!reach.any)
      throw new UserError(
        'ERPGEN_PROJECT_NO_IMPORT',
        `${shown}: no file of the project imports ${config.packageName} (the packageName of erpgen.config.json) nor ${shownPath(config.out)}: give the tsconfig of the project that imports it (not one that only lists references)`,
      );
    const wanted = reach.modules;
    const only = wanted && ((path: string) => wanted.has(path));
    const imported = only ?? (() => true);

    // each package with its side's overlay (less the lines its snapshot does not match, which the diff reports)
    const packageAt = async (name: string, snapshot: string, definitions: Overlay) => {
      step(
        `generating the ${name} package (${wanted ? `the ${wanted.size} modules your code imports` : 'every module'})`,
      );
      await generatePackage(
        { ...config, snapshot, out: join(work, name), definitions: [...definitions] },
        only ? { only } : {},
      );
      return join(work, name);
    };
    const oldPackage = await packageAt('old', input.before, diff.overlays.before);
    const newPackage = await packageAt('new', input.after, diff.overlays.after);

    const serviceNames = {
      before: nameServices(openServices(input.before)?.definitions.map((d) => d.name) ?? []),
      after: nameServices(openServices(input.after)?.definitions.map((d) => d.name) ?? []),
    };
    const objectNames = {
      before: new Map(diff.plans.before.map((o) => [modelKey(o.surface, o.name), o])),
      after: new Map(diff.plans.after.map((o) => [modelKey(o.surface, o.name), o])),
    };
    const plan = planProbes(
      diff.changes,
      {
        object: (surface, name, side) => objectNames[side].get(modelKey(surface, name)),
        service: (name, side) => serviceNames[side].get(name),
      },
      input.models,
      config.packageName,
    );

    const variants: Variant[] = [
      { name: 'old', what: 'against the old package', pkg: oldPackage },
      { name: 'new', what: 'against the new package', pkg: newPackage },
    ];
    // a probe of members no module the project imports holds would change nothing: not compiled
    const groups = [plan.members, plan.elements]
      .map((group) => {
        const keys = new Set(group.map((p) => p.key));
        return { group, files: probeFiles(keys, input.models, diff.plans.after, serviceNames.after, config, imported) };
      })
      .filter((g) => g.files.length > 0);
    groups.forEach(({ files }, i) => {
      probePackage(join(work, `probe${i}`), newPackage, files);
      variants.push({
        name: `probe${i}`,
        what: `against the new package without the changed ${i === 0 && plan.members.length ? 'members' : 'elements'}`,
        pkg: join(work, `probe${i}`),
      });
    });
    const revert = revertFiles(diff.changes, input.models, diff.plans.after, serviceNames.after, config, imported);
    if (revert.files.length) {
      probePackage(join(work, 'revert'), newPackage, revert.files);
      variants.push({ name: 'revert', what: 'against the new package with the old types', pkg: join(work, 'revert') });
    }

    // a project that reaches the generated folder by a path is compiled in a mirror, one per compile
    const places = new Map<string, (path: string) => string>();
    if (reach.byPath)
      for (const v of variants)
        places.set(
          v.name,
          mirrorProject(join(work, `mirror-${v.name}`), [...reach.files, ...tsconfigFiles(tsconfig)], out, v.pkg).place,
        );

    const outputs: string[] = [];
    // two at a time: the machine's cores, and tsc is one process each
    for (let i = 0; i < variants.length; i += 2) {
      const batch = variants.slice(i, i + 2);
      const which = batch.length === 1 ? `${i + 1}` : `${i + 1} and ${i + 2}`;
      step(`compiling your project (${which} of ${variants.length} compiles)`);
      outputs.push(
        ...(await Promise.all(batch.map((v) => tsc(v, places.get(v.name), v.name === 'new' ? 'list' : undefined)))),
      );
    }
    // a project that never reaches the package (another package name, the wrong tsconfig) would check nothing
    const reached = [newPackage, ...(places.has('new') ? [places.get('new')!(out)] : [])];
    if (!outputs[1]!.split(/\r?\n/).some((line) => reached.some((p) => isInside(resolve(line.trim()), p))))
      throw new UserError(
        'ERPGEN_PROJECT_NO_IMPORT',
        `${shown}: no file of the project imports ${config.packageName} (the packageName of erpgen.config.json): give the tsconfig of the project that imports it (not one that only lists references)`,
      );
    const packages = variants.map((v) => v.pkg);
    const diagnostics = outputs.map((output, i) => {
      const { located, global } = parseDiagnostics(output);
      if (global.length)
        throw new UserError('ERPGEN_PROJECT_TSC_FAILED', `${shown}: tsc cannot check the project: ${global[0]}`);
      // errors inside the packages themselves are not the team's code (paths as printed from where tsc ran)
      const cwd = places.get(variants[i]!.name)?.(projectDir) ?? projectDir;
      return located.filter((d) => !packages.some((p) => isInside(resolve(cwd, d.file), p)));
    });
    const at = (name: string) => diagnostics[variants.findIndex((v) => v.name === name)]! as Diagnostic[];
    const compiles: Compiles = {
      before: at('old'),
      after: at('new'),
      probes: groups.map(({ group }, i) => ({ diagnostics: at(`probe${i}`), probes: group })),
      ...(revert.files.length ? { revert: { diagnostics: at('revert'), changes: revert.changes } } : {}),
    };
    const sources = new Map<string, string | undefined>();
    return mapErrors(
      compiles,
      plan.removals,
      diff.changes,
      {
        read: (file) => {
          if (!sources.has(file)) sources.set(file, readCapped(resolve(projectDir, file), SOURCE_MAX_BYTES));
          return sources.get(file);
        },
      },
      { tsconfig: shownPath(tsconfig), compiler: `TypeScript ${compiler.version}` },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The team's output folder, as its real path where it can be had. */
function outFolder(out: string): string {
  try {
    return realOutput(out, shownPath(out));
  } catch {
    return resolve(out);
  }
}
