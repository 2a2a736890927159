// `erpgen diff OLD [NEW]`: what changed between two snapshots, by table, view and service, each change under its
// rule (breaking or not); with --project, which of the team's code each change breaks. Exit codes as diff(1):
// 0 nothing at the --fail-on level, 1 changes at that level, 2 trouble (bad arguments, an unreadable snapshot).
import type { DiffReport } from '../diff/run.js';
import { readApiOptions, type ApiOptions, type Command } from '../options/option-table.js';
import { DIFF_OPTIONS } from '../options/options.js';

export type { DiffReport } from '../diff/run.js';
export type DiffOptions = ApiOptions<typeof DIFF_OPTIONS>;

/**
 * What changed between two snapshots, and what it breaks, as `erpgen diff` reports it. Trouble (bad options, an
 * unreadable snapshot) rejects with a `UserError` whose `exitCode` is 2, as the command's.
 */
export async function diff(options: DiffOptions): Promise<DiffReport> {
  const flags = readApiOptions(DIFF_OPTIONS, options, 'diff');
  const { runDiff } = await import('../diff/run.js');
  return runDiff(flags);
}

export const diffCommand: Command<typeof DIFF_OPTIONS> = {
  name: 'diff',
  describe: 'What changed between two snapshots, and what it breaks',
  options: DIFF_OPTIONS,
  epilog:
    'Exit codes: 0 no change at the --fail-on level (always, without --fail-on), 1 changes at that level, ' +
    '2 bad arguments or an unreadable snapshot. git:REV:path reads the snapshot folder at a revision ' +
    '(path relative to the working folder) without touching the work tree.',
  async run(flags) {
    const { runDiff } = await import('../diff/run.js');
    const { colours } = await import('../diff/report.js');
    const { stepLine } = await import('../progress.js');
    // what a long run (--project) is doing, on a terminal
    const progress = stepLine(process.stderr);
    try {
      const result = await runDiff(flags, colours(process.stdout), progress.step);
      progress.done();
      process.stdout.write(result.report);
      return result.failed ? 1 : 0;
    } finally {
      progress.done();
    }
  },
};
