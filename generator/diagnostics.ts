// What erpgen tells the user, as data: each notice, warning and user error has a stable code (`ERPGEN_...`, given
// where it is raised, listed in docs/cli.md#codes), a level, its one-line message and, where known, where it
// applies. Two reporters over the same data: text (`erpgen: <message>`, for people) and JSON lines (for CI, with
// `--format json`), both on standard error; a command's result goes to standard output.

/** A stable code: `ERPGEN_` and upper-case words. Never reused for another meaning; docs/cli.md lists each. */
export type Code = `ERPGEN_${string}`;

type Level = 'error' | 'warning' | 'notice';

/** Where a diagnostic applies, as far as it is known. */
export interface Where {
  /** a file or folder, as the message names it (relative to the working folder) */
  readonly file?: string;
  /** the byte of `file` */
  readonly offset?: number;
  /** a flag (`--snapshot`) or a key of erpgen.config.json (`definitions.Order`) */
  readonly option?: string;
  /** what of the schema: `table customer`, `service Order` */
  readonly subject?: string;
  /** a request to the server, its address redacted: `GET /api/v2/services` */
  readonly request?: string;
}

export interface Diagnostic {
  readonly code: Code;
  readonly level: Level;
  readonly message: string;
  readonly where?: Where;
}

/** A notice of a run: said, and the run goes on (an object left out, a pattern that matched nothing). */
export type Notice = Omit<Diagnostic, 'level'> & { readonly level?: 'notice' | 'warning' };

/** `notice(code, message, where)`: a Notice, so that raising one reads as raising an error does. */
export function notice(code: Code, message: string, where?: Where): Notice {
  return where === undefined ? { code, message } : { code, message, where };
}

export type Format = 'text' | 'json';

/** One line of standard error: `erpgen: <message>`, or the diagnostic as a JSON line. */
export function diagnosticLine(d: Diagnostic, format: Format): string {
  if (format === 'text') return `erpgen: ${d.message}\n`;
  return `${JSON.stringify({ code: d.code, level: d.level, message: d.message, where: d.where ?? null })}\n`;
}

/** A notice as a diagnostic (its level `notice` unless it says otherwise). */
export function noticeDiagnostic(n: Notice): Diagnostic {
  return { ...n, level: n.level ?? 'notice' };
}

/** The format a command line asks for (`--format json` or `--format=json`), read before yargs has parsed it. */
export function formatOf(args: readonly string[]): Format {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--format=json' || (args[i] === '--format' && args[i + 1] === 'json')) return 'json';
    if (args[i] === '--') break;
  }
  return 'text';
}
