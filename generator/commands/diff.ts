// `erpgen diff OLD [NEW]`: what changed between two snapshots, by table, view and service, each change under its
// rule (breaking or not); with --project, which of the team's code each change breaks. Exit codes as diff(1):
// 0 nothing at the --fail-on level, 1 changes at that level, 2 trouble (bad arguments, an unreadable snapshot).
import { relative } from 'node:path';
import type { Argv } from 'yargs';
import { loadConfig } from '../config.js';
import { UserError } from '../errors.js';
import type { ProjectResult } from '../diff/project-map.js';
import { modelKey, type ChangedModels } from '../diff/probes.js';
import { checkProject } from '../diff/project.js';
import { colours, jsonReport, markdownReport, textReport, type Format } from '../diff/report.js';
import { levelOf } from '../diff/rules.js';
import { diffSnapshots } from '../diff/snapshots.js';
import { openSource, type SnapshotSource } from '../diff/source.js';

export interface DiffArgs {
  readonly old: string;
  readonly new?: string | undefined;
  readonly config?: string | undefined;
  readonly format: Format;
  readonly 'fail-on'?: 'breaking' | 'any' | undefined;
  readonly project?: string | undefined;
}

export function diffOptions<T>(y: Argv<T>) {
  return y
    .positional('old', { type: 'string', demandOption: true, describe: 'the old snapshot: a folder, or git:REV:path' })
    .positional('new', {
      type: 'string',
      describe: 'the new snapshot: a folder, or git:REV:path (default: the config\'s "snapshot")',
    })
    .option('config', { type: 'string', describe: 'config file (default: erpgen.config.json if present)' })
    .option('format', {
      choices: ['text', 'json', 'markdown'] as const,
      default: 'text' as const,
      describe: 'text for people, json for tools, markdown for a pull request comment',
    })
    .option('fail-on', {
      choices: ['breaking', 'any'] as const,
      describe: 'exit 1 when there is a breaking change (or, with --project, a new compile error), or any change',
    })
    .option('project', {
      type: 'string',
      describe: "a tsconfig.json: check that project's code against the package the new snapshot gives",
    })
    .epilog(
      'Exit codes: 0 no change at the --fail-on level (always, without --fail-on), 1 changes at that level, ' +
        '2 bad arguments or an unreadable snapshot. git:REV:path reads the snapshot folder at a revision ' +
        '(path relative to the working folder) without touching the work tree.',
    );
}

function failed(
  argv: DiffArgs,
  changes: ReadonlyArray<{ rule: Parameters<typeof levelOf>[0] }>,
  project?: ProjectResult,
): boolean {
  if (argv['fail-on'] === 'any') return changes.length > 0;
  if (argv['fail-on'] === 'breaking')
    return changes.some((c) => levelOf(c.rule) === 'breaking') || (project?.newErrors ?? 0) > 0;
  return false;
}

export async function runDiff(argv: DiffArgs): Promise<number> {
  try {
    const config = loadConfig(argv.config !== undefined ? { config: argv.config } : {});
    const sources: SnapshotSource[] = [];
    try {
      const before = await openSource(argv.old);
      sources.push(before);
      const after = await openSource(argv.new ?? (relative(process.cwd(), config.snapshot) || '.'));
      sources.push(after);
      const models: ChangedModels = { objects: new Map(), services: new Map() };
      const diff = diffSnapshots(
        before,
        after,
        config,
        argv.project === undefined
          ? {}
          : {
              onObject: (_, o) => models.objects.set(modelKey(o.surface, o.name), o),
              onService: (_, s) => models.services.set(s.name, s),
            },
      );
      const project =
        argv.project === undefined
          ? undefined
          : await checkProject({ tsconfig: argv.project, config, before: before.dir, after: after.dir, diff, models });
      const input = { before: before.label, after: after.label, diff, ...(project ? { project } : {}) };
      process.stdout.write(
        argv.format === 'json'
          ? jsonReport(input)
          : argv.format === 'markdown'
            ? markdownReport(input)
            : textReport(input, colours(process.stdout)),
      );
      return failed(argv, diff.changes, project) ? 1 : 0;
    } finally {
      for (const s of sources) s.close();
    }
  } catch (error) {
    // as diff(1): 2 is trouble, whatever it was; 1 is reserved for "there are changes"
    if (error instanceof UserError) throw new UserError(error.message, 2);
    throw error;
  }
}
