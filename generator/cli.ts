// The erpgen command line: the yargs program. Each command (commands/) has its options in one table (options/) and
// runs the code its function of the programmatic API runs (index.ts), adding what only a terminal shows; this file
// wires the commands to yargs and turns errors into exit codes.
import yargs from 'yargs';
import { diffCommand } from './commands/diff.js';
import { fetchCommand } from './commands/fetch.js';
import { generateCommand } from './commands/generate.js';
import { flagName, readFlags, type Command, type Table } from './options/option-table.js';
import { sandboxCommand } from './commands/sandbox.js';
import { commandLine, withFlags } from './commands/yargs-flags.js';
import { didYouMean } from '../common/did-you-mean.js';
import type { Code, Where } from './diagnostics.js';
import { exitWith } from './exit.js';
import { UserError } from './errors.js';
import { ERPGEN_VERSION } from './version.js';

const COMMANDS: ReadonlyArray<Command<Table>> = [generateCommand, fetchCommand, sandboxCommand, diffCommand];

/** Runs the command line `args` with `commands` (erpgen's; a test gives its own, to see what they are given). */
export async function main(args: string[], commands: ReadonlyArray<Command<Table>> = COMMANDS): Promise<number> {
  let exitCode = 0;
  const parser = yargs(args).scriptName('erpgen').usage('$0 <command> [options]');
  for (const command of commands)
    parser.command(
      commandLine(command.name, command.options),
      command.describe,
      (y) => {
        const withOptions = withFlags(y, command.options);
        return command.epilog === undefined ? withOptions : withOptions.epilog(command.epilog);
      },
      async (argv) => {
        exitCode = await command.run(readFlags(command.options, argv), args);
      },
    );
  parser
    .demandCommand(1, `Give a command: ${commands.map((c) => `erpgen ${c.name}`).join(', ')}`)
    .strict()
    .help()
    .version('version', "Show erpgen's version number", ERPGEN_VERSION)
    .fail((message, error) => {
      // yargs' own complaints (unknown flag, bad choice) become a UserError; errors from commands pass through
      if (error) throw error;
      const unknown = unknownWords(message, args);
      throw new UserError(
        unknown?.code ?? 'ERPGEN_ARGUMENTS',
        `${unknown?.message ?? message.replace(/\s*\n\s*/g, ' ')} (see erpgen --help)`,
        { exitCode: 2, ...(unknown?.where ? { where: unknown.where } : {}) },
      );
    });
  await parser.parseAsync();
  return exitCode;
}

/**
 * yargs' `Unknown argument(s): a, b` as erpgen says it: which command or flag is unknown, and the one meant when
 * one is close (`erpgen gen`, `--snapshots`). Undefined for any other complaint.
 */
function unknownWords(
  message: string,
  args: readonly string[],
): { code: Code; message: string; where?: Where } | undefined {
  const listed = /^Unknown arguments?: (.*)$/.exec(message.trim())?.[1]?.split(', ');
  if (!listed) return undefined;
  // yargs names an unknown --some-flag twice, the second time as someFlag
  const words = listed.filter((w) => !listed.includes(flagName(w)) || flagName(w) === w);
  const command = COMMANDS.find((c) => c.name === args[0]);
  const unknownCommand = !command && words.includes(args[0] ?? '');
  const said = words.map((word) => {
    if (!command && word === args[0])
      return `erpgen ${word}: no such command${didYouMean(
        word,
        COMMANDS.map((c) => c.name),
        (n) => `erpgen ${n}`,
      )}`;
    const flags = command
      ? Object.entries(command.options)
          .filter(([, o]) => o.on !== 'config' && !o.positional && !o.hidden)
          .map(([key]) => flagName(key))
      : [];
    const where = command ? ` of erpgen ${command.name}` : '';
    return `--${word}: no such flag${where}${didYouMean(word, [...flags, 'help', 'version'], (n) => `--${n}`)}`;
  });
  const text = said.join('; ');
  if (unknownCommand) return { code: 'ERPGEN_UNKNOWN_COMMAND', message: text };
  return { code: 'ERPGEN_UNKNOWN_FLAG', message: text, where: { option: `--${words[0]}` } };
}

/** Runs the CLI and sets the exit code (exit.ts). */
export async function run(args: string[]): Promise<void> {
  await exitWith(args, () => main(args));
}
