// `erpgen diff --project tsconfig.json`: the team's code type-checked against the package the old snapshot gives
// and the one the new snapshot gives, and against probe packages (probes.ts; project-map.ts says what they are
// for and how errors are traced to changes), with the team's own compiler (tsconfig.ts). Everything is made in a
// temporary folder: the packages, the probes and a tsconfig per compile that extends the team's and points the
// package's name at the package to check. Nothing of theirs is written.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Config } from '../config.js';
import { UserError } from '../errors.js';
import { generate } from '../generate.js';
import { nameServices } from '../model/naming.js';
import type { Overlay } from '../model/overlay.js';
import { openServices } from '../source/snapshot.js';
import { modelKey, planProbes, probeFiles, probePackage, type ChangedModels } from './probes.js';
import { mapErrors, parseDiagnostics, type Diagnostic, type ProjectResult } from './project-map.js';
import type { SnapshotDiff } from './snapshots.js';
import { findCompiler, findTsconfig, runTsc, teamSettings, variantTsconfig } from './tsconfig.js';

export interface ProjectInput {
  readonly tsconfig: string;
  readonly config: Config;
  readonly before: string;
  readonly after: string;
  readonly diff: SnapshotDiff;
  readonly models: ChangedModels;
}

export async function checkProject(input: ProjectInput): Promise<ProjectResult> {
  const { config, diff } = input;
  const tsconfig = findTsconfig(input.tsconfig);
  const projectDir = dirname(tsconfig);
  const shown = relative(process.cwd(), tsconfig) || tsconfig;
  const compiler = findCompiler(projectDir, shown);
  const team = teamSettings(tsconfig);
  const work = mkdtempSync(join(tmpdir(), 'erpgen-diff-project-'));
  try {
    const ext = config.emit === 'ts' ? '.ts' : '.d.ts';
    // each package with its side's overlay (less the lines its snapshot does not match, which the diff reports)
    const packageAt = (name: string, snapshot: string, definitions: Overlay) =>
      generate({ ...config, snapshot, out: join(work, name), definitions: [...definitions] });
    await packageAt('old', input.before, diff.overlays.before);
    await packageAt('new', input.after, diff.overlays.after);

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

    const variants: Array<{ name: string; dirs: string[] }> = [
      { name: 'old', dirs: [join(work, 'old')] },
      { name: 'new', dirs: [join(work, 'new')] },
    ];
    const groups = [plan.members, plan.elements].filter((g) => g.length > 0);
    groups.forEach((group, i) => {
      const keys = new Set(group.map((p) => p.key));
      const dir = join(work, `probe${i}`);
      probePackage(
        dir,
        join(work, 'new'),
        probeFiles(keys, input.models, diff.plans.after, serviceNames.after, config),
      );
      variants.push({ name: `probe${i}`, dirs: [dir, join(work, 'new')] });
    });

    const major = Number(compiler.version.split('.')[0]);
    const outputs: string[] = [];
    // two at a time: the machine's cores, and tsc is one process each
    for (let i = 0; i < variants.length; i += 2) {
      const batch = variants.slice(i, i + 2).map((v) => {
        const file = join(work, `${v.name}.tsconfig.json`);
        writeFileSync(
          file,
          JSON.stringify(variantTsconfig(tsconfig, projectDir, team, major, config.packageName, v.dirs, ext), null, 2),
        );
        return runTsc(compiler.tsc, file, projectDir, v.name === 'new');
      });
      outputs.push(...(await Promise.all(batch)));
    }
    // a project that never reaches the package (another package name, the wrong tsconfig) would check nothing
    const newPackage = realpathSync(join(work, 'new'));
    if (!outputs[1]!.split(/\r?\n/).some((line) => resolve(line.trim()).startsWith(newPackage + sep)))
      throw new UserError(
        'ERPGEN_PROJECT_NO_IMPORT',
        `--project ${shown}: no file of the project imports ${config.packageName} (the packageName of erpgen.config.json): give the tsconfig of the project that imports it (not one that only lists references)`,
        { where: { option: '--project' } },
      );
    const diagnostics = outputs.map((output) => {
      const { located, global } = parseDiagnostics(output);
      if (global.length)
        throw new UserError(
          'ERPGEN_PROJECT_TSC_FAILED',
          `--project ${shown}: tsc cannot check the project: ${global[0]}`,
          { where: { option: '--project' } },
        );
      // errors inside the packages themselves are not the team's code
      return located.filter((d) => !resolve(projectDir, d.file).startsWith(work + sep));
    });
    const sources = new Map<string, string | undefined>();
    return mapErrors(
      {
        before: diagnostics[0]!,
        after: diagnostics[1]!,
        probes: groups.map((probes, i) => ({ diagnostics: diagnostics[2 + i]! as Diagnostic[], probes })),
      },
      plan.removals,
      diff.changes,
      {
        read: (file) => {
          if (!sources.has(file)) {
            try {
              sources.set(file, readFileSync(resolve(projectDir, file), 'utf8'));
            } catch {
              sources.set(file, undefined);
            }
          }
          return sources.get(file);
        },
      },
      { tsconfig: shown, compiler: `TypeScript ${compiler.version}` },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
