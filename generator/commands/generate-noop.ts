// `erpgen generate` with nothing to do, answered before the command line is parsed: loading yargs, zod and the
// config file's schema costs more than the rest of such a run. Each run that reads its flags and config file
// records beside the output (write/cache.ts) the key of its command line and the settings they gave. The same
// command line, in the same folder, with the config file's bytes unchanged, gives the same settings, so a run can
// take them from the record instead: when the output is then up to date, it says so and stops. Anything else (a
// command line not recorded, a config file edited, an output to write, anything odd) goes to the full command
// line (cli.ts), which records it for the next time. The flags keep their meaning because only the full command
// line ever reads them; this only recognises a command line it has seen.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Config } from '../config.js';
import { DEFAULT_CONFIG_FILE, DEFAULT_OUT } from '../defaults.js';
import { diagnosticLine, noticeDiagnostic, type Notice } from '../diagnostics.js';
import { installed } from '../fingerprint.js';
import { openRun, previousRun } from '../run-inputs.js';
import { readCache, type Invocation } from '../write/cache.js';
import type { GenerateReport } from './generate.js';

/** How a run is shown, and whether it writes: the flags that choose nothing of what is generated. */
export interface Shown {
  readonly check: boolean;
  readonly quiet: boolean;
  readonly format: 'text' | 'json';
}

/**
 * `--check`, `--quiet` and `--format F` taken out of a command line (`generate --check` finds the settings that
 * `generate` recorded), the other words kept as they are. Undefined when they are not given plainly (twice,
 * negated, followed by a word yargs could read otherwise), or the words need reading (`--`, `--help`).
 */
function shownApart(words: readonly string[]): { chosen: string[]; shown: Shown } | undefined {
  const chosen: string[] = [];
  const seen = new Set<string>();
  let format: Shown['format'] = 'text';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let flag: string;
    if (word === '--check' || word === '--quiet') flag = word;
    else if (word === '--format=text' || word === '--format=json') {
      flag = '--format';
      format = word.slice('--format='.length) as Shown['format'];
    } else if (word === '--format' && (words[i + 1] === 'text' || words[i + 1] === 'json')) {
      flag = '--format';
      format = words[++i] as Shown['format'];
    } else if (/^-+(no-?)?(check|quiet|format|help|version)|^-[^-]|^--$/i.test(word)) return undefined;
    else {
      chosen.push(word);
      continue;
    }
    if (seen.has(flag)) return undefined;
    seen.add(flag);
    const next = words[i + 1];
    if (next !== undefined && !next.startsWith('--')) return undefined;
  }
  return { chosen, shown: { check: seen.has('--check'), quiet: seen.has('--quiet'), format } };
}

/**
 * The key of `erpgen generate ...` as an invocation (write/cache.ts): its words that choose what is generated,
 * the working folder they are relative to, and the parsers that read them. Undefined for a command line this
 * module does not take apart.
 */
export function invocationKey(args: readonly string[], cwd = process.cwd()): string | undefined {
  if (args[0] !== 'generate') return undefined;
  const apart = shownApart(args.slice(1));
  return apart && keyOf(apart.chosen, cwd);
}

function keyOf(chosen: readonly string[], cwd: string): string {
  const parsers = ['yargs', 'zod'].map(installed);
  return createHash('sha256')
    .update(JSON.stringify(['generate', cwd, parsers, chosen]))
    .digest('hex');
}

/** The sha256 of the config file's bytes, 'none' when there is none, undefined when it cannot be read. */
export function configShaOf(file: string): string | undefined {
  if (!existsSync(file)) return 'none';
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The value of `--name V` or `--name=V`; null when it is given in another form or more than once. */
function valueOf(words: readonly string[], name: string): string | undefined | null {
  let value: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith(`--${name}`)) continue;
    const given =
      word === `--${name}` ? words[++i] : word.startsWith(`--${name}=`) ? word.slice(name.length + 3) : null;
    if (given === null || given === undefined || value !== undefined || given.startsWith('-')) return null;
    value = given;
  }
  return value;
}

/**
 * Where the output of these words probably is, to find its record: only a guess, since the record's settings
 * must then name the same folder.
 */
function outOf(chosen: readonly string[], cwd: string): string | undefined {
  const out = valueOf(chosen, 'out');
  if (out === null) return undefined;
  if (out !== undefined) return resolve(cwd, out);
  const config = valueOf(chosen, 'config');
  if (config === null) return undefined;
  const file = resolve(cwd, config ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) return resolve(cwd, DEFAULT_OUT);
  try {
    const inFile = (JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as { out?: unknown }).out;
    return resolve(dirname(file), typeof inFile === 'string' ? inFile : DEFAULT_OUT);
  } catch {
    return undefined;
  }
}

/** What `erpgen generate` shows of a run that is up to date or has written the output, and its exit code. */
export function showDone(
  report: Pick<GenerateReport, 'out' | 'objects' | 'services' | 'changed' | 'removed' | 'unchanged'>,
  shown: Shown,
  started: number,
): number {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { out, objects, services } = report;
  if (shown.check) {
    if (shown.format === 'json') console.log(JSON.stringify({ upToDate: true, out, objects, services }));
    else if (!shown.quiet) console.log(`${out} is up to date (${objects} objects, ${services} services, ${seconds} s)`);
  } else if (shown.format === 'json') {
    const { changed, removed, unchanged } = report;
    console.log(
      JSON.stringify({
        upToDate: true,
        out,
        objects,
        services,
        written: changed.length,
        removed: removed.length,
        unchanged,
      }),
    );
  } else if (!shown.quiet) {
    console.log(
      `erpgen: ${objects} objects${services ? ` and ${services} services` : ''} into ${out}: ${report.changed.length} file(s) written, ${report.removed.length} removed, ${report.unchanged} unchanged (${seconds} s)`,
    );
  }
  return 0;
}

/**
 * `erpgen generate ...` (`args`, the command's name first) when a run with its command line recorded its settings
 * and the output is up to date with them: says so, as the full command does, and gives the exit code. Undefined
 * when there may be something to do, or the command line must be read.
 */
export function nothingToDo(args: readonly string[], cwd = process.cwd()): number | undefined {
  const started = performance.now();
  try {
    if (args[0] !== 'generate') return undefined;
    const apart = shownApart(args.slice(1));
    const out = apart && outOf(apart.chosen, cwd);
    if (!apart || !out) return undefined;
    const key = keyOf(apart.chosen, cwd);
    const record = readCache(out);
    const invocation = record?.invocations.find((i) => i.key === key);
    if (!invocation || configShaOf(invocation.configFile) !== invocation.configSha) return undefined;
    const config = invocation.config as Config;
    if (config.out !== out) return undefined;
    const { shown } = apart;
    const run = openRun(config, shown.check, invocation satisfies Invocation, record);
    const notices: Notice[] = [];
    const result = previousRun(run, shown.check, (n) => notices.push(n));
    if (!result) return undefined;
    if (!shown.quiet) for (const n of notices) process.stderr.write(diagnosticLine(noticeDiagnostic(n), shown.format));
    return showDone({ ...result, out: relative(cwd, config.out) || '.' }, shown, started);
  } catch {
    // whatever went wrong, the full command line meets it again and tells it properly
    return undefined;
  }
}
