// The erpgen command line: the yargs program. Each command (commands/) declares its options in one table and runs
// through the programmatic API; this file wires the commands to yargs and turns errors into exit codes.
import yargs from 'yargs';
import { diffCommand } from './commands/diff.js';
import { fetchCommand } from './commands/fetch.js';
import { generateCommand } from './commands/generate.js';
import { readFlags, type Command, type Table } from './commands/option-table.js';
import { sandboxCommand } from './commands/sandbox.js';
import { commandLine, withFlags } from './commands/yargs-flags.js';
import { UserError } from './errors.js';
import { oneLine } from './message-text.js';
import { ERPGEN_VERSION } from './version.js';

const COMMANDS: ReadonlyArray<Command<Table>> = [generateCommand, fetchCommand, sandboxCommand, diffCommand];

export async function main(args: string[]): Promise<number> {
  let exitCode = 0;
  const parser = yargs(args).scriptName('erpgen').usage('$0 <command> [options]');
  for (const command of COMMANDS)
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
    .demandCommand(1, `Give a command: ${COMMANDS.map((c) => `erpgen ${c.name}`).join(', ')}`)
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
