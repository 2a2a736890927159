// How a command's end becomes its exit: one line for user errors (a JSON line with its code, with --format json),
// a stack only for erpgen's own bugs. For every command line (cli.ts), and for a plain `erpgen generate` read
// without it (commands/generate-fast.ts).
import { diagnosticLine, formatOf } from './diagnostics.js';
import { UserError } from './errors.js';
import { oneLine } from './message-text.js';

/** Runs a command (`args`, the command line) and sets the exit code from what it gives or throws. */
export async function exitWith(args: readonly string[], command: () => Promise<number>): Promise<void> {
  const format = formatOf(args);
  try {
    process.exitCode = await command();
  } catch (error) {
    if (error instanceof UserError) {
      // the last line of defence: diagnostic() makes the message one line, though `message` can be reassigned
      process.stderr.write(diagnosticLine(error.diagnostic(), format));
      process.exitCode = error.exitCode;
    } else {
      const message = `internal error, please report it: ${error instanceof Error ? error.message : String(error)}`;
      if (format === 'json')
        process.stderr.write(
          diagnosticLine({ code: 'ERPGEN_INTERNAL_ERROR', level: 'error', message: oneLine(message) }, format),
        );
      console.error('erpgen: internal error, please report it:');
      console.error(error);
      process.exitCode = 70;
    }
  }
}
