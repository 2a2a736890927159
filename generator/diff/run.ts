// One `erpgen diff`: both snapshots opened, compared, the team's project checked against the new one if asked,
// the report rendered. Exit codes as diff(1): trouble of any kind is 2 (1 is "there are changes").
import { relative } from 'node:path';
import type { Flags } from '../options/option-table.js';
import type { DIFF_OPTIONS } from '../options/options.js';
import { configPath, loadConfig } from '../config.js';
import { UserError } from '../errors.js';
import type { ProjectResult } from './project-map.js';
import { modelKey, type ChangedModels } from './probes.js';
import { sideOverlay } from './overlays.js';
import { checkProject } from './project.js';
import { jsonReport, markdownReport, textReport, type Colours } from './report.js';
import { levelOf } from './rules.js';
import { diffSnapshots, type SnapshotDiff } from './snapshots.js';
import { openSource, type SnapshotSource } from './source.js';

export interface DiffReport {
  /** how the report names the two snapshots: the folders as given, or `git:REV:path` */
  readonly before: string;
  readonly after: string;
  /** every change under its rule, in report order, and the server builds when the snapshots say */
  readonly diff: SnapshotDiff;
  /** with `project`: the team's compile errors the new snapshot brings, each mapped to the change behind it */
  readonly project?: ProjectResult;
  /** the report in the `format` asked for */
  readonly report: string;
  /** whether there are changes at the `failOn` level (the command exits 1) */
  readonly failed: boolean;
}

function failed(flags: Flags<typeof DIFF_OPTIONS>, diff: SnapshotDiff, project: ProjectResult | undefined): boolean {
  if (flags.failOn === 'any') return diff.changes.length > 0;
  if (flags.failOn === 'breaking')
    return diff.changes.some((c) => levelOf(c.rule) === 'breaking') || (project?.newErrors ?? 0) > 0;
  return false;
}

/**
 * `paint`: the text report's colours (none unless given); `step`: told each step of a long run (`--project`), as
 * a terminal shows it.
 */
export async function runDiff(
  flags: Flags<typeof DIFF_OPTIONS>,
  paint?: Colours,
  step?: (what: string) => void,
): Promise<DiffReport> {
  const sources: SnapshotSource[] = [];
  try {
    const configFlags = flags.config !== undefined ? { config: flags.config } : {};
    const config = loadConfig(configFlags);
    const before = await openSource(flags.old);
    sources.push(before);
    const after = await openSource(flags.new ?? (relative(process.cwd(), config.snapshot) || '.'));
    sources.push(after);
    const models: ChangedModels = {
      objects: new Map(),
      services: new Map(),
      before: { objects: new Map(), services: new Map() },
    };
    const overlays = {
      before: sideOverlay(before, config, configPath(configFlags)),
      after: sideOverlay(after, config, configPath(configFlags)),
    };
    step?.('comparing the snapshots');
    const diff = diffSnapshots(
      before,
      after,
      config,
      flags.project === undefined
        ? {}
        : {
            onObject: (was, o) => {
              models.objects.set(modelKey(o.surface, o.name), o);
              models.before.objects.set(modelKey(was.surface, was.name), was);
            },
            onService: (was, s) => {
              models.services.set(s.name, s);
              models.before.services.set(was.name, was);
            },
          },
      overlays,
    );
    const project =
      flags.project === undefined
        ? undefined
        : await checkProject({
            tsconfig: flags.project,
            config,
            before: before.dir,
            after: after.dir,
            diff,
            models,
            timeoutMs: flags.projectTimeout * 1000,
            step: step ?? (() => undefined),
          });
    const input = { before: before.label, after: after.label, diff, ...(project ? { project } : {}) };
    const report =
      flags.format === 'json'
        ? jsonReport(input)
        : flags.format === 'markdown'
          ? markdownReport(input)
          : textReport(input, paint);
    return { ...input, report, failed: failed(flags, diff, project) };
  } catch (error) {
    // as diff(1): 2 is trouble, whatever it was; 1 is reserved for "there are changes"
    if (error instanceof UserError)
      throw new UserError(error.code, error.message, { exitCode: 2, ...(error.where ? { where: error.where } : {}) });
    throw error;
  } finally {
    for (const s of sources) s.close();
  }
}
