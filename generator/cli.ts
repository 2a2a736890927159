// The erpgen command line. Commands only: the work lives in generate.ts and what it calls.
import { relative } from 'node:path';
import yargs from 'yargs';
import { loadConfig } from './config.js';
import { UserError } from './errors.js';
import { generate } from './generate.js';
import { staleReport, staleText } from './check-report.js';
import { oneLine } from './message-text.js';
import { progressBar } from './progress.js';
import { ERPGEN_VERSION } from './version.js';
import { runSandbox, sandboxOptions } from './commands/sandbox.js';
import { fetchOptions, runFetch } from './commands/fetch.js';
import { diffOptions, runDiff } from './commands/diff.js';

/** `npx erpgen generate` with the flags this run was given, less those of checking. */
function fixCommand(argv: Record<string, unknown>): string {
  const words = ['npx', 'erpgen', 'generate'];
  const shell = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  for (const flag of ['config', 'snapshot', 'out', 'include', 'exclude', 'decimals', 'emit'])
    for (const value of ([] as unknown[]).concat(argv[flag] ?? [])) words.push(`--${flag}`, shell(String(value)));
  return words.join(' ');
}

async function runGenerate(argv: {
  config?: string | undefined;
  snapshot?: string | undefined;
  out?: string | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  decimals?: 'number' | 'string' | undefined;
  emit?: 'js' | 'ts' | undefined;
  check: boolean;
  quiet: boolean;
  format: 'text' | 'json';
}): Promise<number> {
  const started = performance.now();
  const config = loadConfig(argv);
  const out = relative(process.cwd(), config.out) || '.';
  const bar = argv.quiet ? undefined : progressBar(process.stderr);
  // Ctrl-C stops the run between two steps, which removes its staging folder (a second one kills at once)
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const result = await generate(config, {
      check: argv.check,
      signal: stop.signal,
      ...(bar ? { progress: bar.update } : {}),
      notice: (line) => {
        if (!argv.quiet) process.stderr.write(`erpgen: ${line}\n`);
      },
    });
    bar?.done();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (argv.check) {
      if (result.changed.length + result.removed.length === 0) {
        if (argv.format === 'json')
          console.log(JSON.stringify({ upToDate: true, out, objects: result.objects, services: result.services }));
        else if (!argv.quiet)
          console.log(`${out} is up to date (${result.objects} objects, ${result.services} services, ${seconds} s)`);
        return 0;
      }
      const report = staleReport(config, result, out, fixCommand(argv));
      if (argv.format === 'json') console.log(JSON.stringify({ upToDate: false, ...report }, null, 2));
      else process.stderr.write(staleText(report));
      return 1;
    }
    if (!argv.quiet) {
      console.log(
        `erpgen: ${result.objects} objects${result.services ? ` and ${result.services} services` : ''} into ${out}: ${result.changed.length} file(s) written, ${result.removed.length} removed, ${result.unchanged} unchanged (${seconds} s)`,
      );
    }
    return 0;
  } finally {
    process.off('SIGINT', onInterrupt);
    bar?.done();
  }
}

interface YargsInternals {
  getInternalMethods(): { getCommandInstance(): { getCommands(): string[] } };
}

export async function main(args: string[]): Promise<number> {
  let exitCode = 0;
  const parser = yargs(args)
    .scriptName('erpgen')
    .usage('$0 <command> [options]')
    .command(
      'generate',
      'Generate the typed package from a schema snapshot',
      (y) =>
        y
          .option('config', { type: 'string', describe: 'config file (default: erpgen.config.json if present)' })
          .option('snapshot', {
            type: 'string',
            describe: 'snapshot folder (tables.metadata.json, views.metadata.json)',
          })
          .option('out', { type: 'string', describe: 'output folder of the generated package' })
          .option('include', {
            type: 'string',
            array: true,
            describe: 'globs over object names to generate (replaces the config list)',
          })
          .option('exclude', {
            type: 'string',
            array: true,
            describe: 'globs over object names to leave out (replaces the config list)',
          })
          .option('decimals', {
            choices: ['number', 'string'] as const,
            describe: 'TypeScript type of Edm.Decimal columns',
          })
          .option('emit', {
            choices: ['js', 'ts'] as const,
            describe: 'js: JavaScript with .d.ts declarations (runs everywhere); ts: TypeScript sources',
          })
          .option('check', {
            type: 'boolean',
            default: false,
            describe: 'write nothing; exit 1 and explain what differs, and why, when the output is stale',
          })
          .option('format', {
            choices: ['text', 'json'] as const,
            default: 'text' as const,
            describe: "--check's report: text, or json for tools",
          })
          .option('quiet', { type: 'boolean', default: false, describe: 'print errors only' }),
      async (argv) => {
        exitCode = await runGenerate(argv);
      },
    )
    .command('fetch', 'Download a snapshot from a live server', fetchOptions, async (argv) => {
      exitCode = await runFetch(argv);
    })
    .command('sandbox', 'Serve a snapshot as a simulated ERP server on 127.0.0.1', sandboxOptions, async (argv) => {
      exitCode = await runSandbox(argv);
    })
    .command(
      'diff <old> [new]',
      'What changed between two snapshots, and what it breaks',
      diffOptions,
      async (argv) => {
        exitCode = await runDiff(argv);
      },
    );
  // bare `erpgen` names every command registered above (yargs keeps them; its typings do not show the method,
  // and the CLI test fails should a yargs release drop it)
  const commands = (parser as unknown as YargsInternals).getInternalMethods().getCommandInstance().getCommands();
  parser
    .demandCommand(1, `Give a command: ${commands.map((c) => `erpgen ${c}`).join(', ')}`)
    .strict()
    .help()
    .version('version', "Show erpgen's version number", ERPGEN_VERSION)
    .fail((message, error) => {
      // yargs' own complaints (unknown flag, bad choice) become a UserError; errors from commands pass through
      if (error) throw error;
      throw new UserError(`${message.replace(/\s*\n\s*/g, ' ')} (see erpgen --help)`, 2);
    });
  await parser.parseAsync();
  return exitCode;
}

/** Runs the CLI and sets the exit code: one line for user errors, a stack only for erpgen's own bugs. */
export async function run(args: string[]): Promise<void> {
  try {
    process.exitCode = await main(args);
  } catch (error) {
    if (error instanceof UserError) {
      // the last line of defence: the constructor made the message one line, but `message` can be reassigned
      console.error(`erpgen: ${oneLine(error.message)}`);
      process.exitCode = error.exitCode;
    } else {
      console.error('erpgen: internal error, please report it:');
      console.error(error);
      process.exitCode = 70;
    }
  }
}
