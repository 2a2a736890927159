// A UserError is a problem with the user's input, flags, files or server: the CLI prints its message as one
// line (or, with --format json, as a JSON line with its code) and exits non-zero, without a stack trace. Anything
// else is a bug in erpgen and keeps its stack. Each is raised with its stable code (diagnostics.ts).
import type { Code, Diagnostic, Where } from './diagnostics.js';
import { oneLine } from './message-text.js';

export interface UserErrorOptions {
  /** the CLI's exit code: 1 bad input (the default), 2 bad flags or arguments, 130 stopped */
  readonly exitCode?: number;
  readonly where?: Where;
}

export class UserError extends Error {
  override readonly name = 'UserError';
  /** the CLI's exit code */
  readonly exitCode: number;
  /** where it applies, as far as known */
  readonly where: Where | undefined;
  constructor(
    /** stable: what kind of problem, for tools (docs/cli.md lists every code) */
    readonly code: Code,
    message: string,
    options: UserErrorOptions = {},
  ) {
    // one line whatever went into it: names should come through `quote`, this catches the rest
    super(oneLine(message));
    this.exitCode = options.exitCode ?? 1;
    this.where = options.where;
  }

  /** The error as the reporters show it. */
  diagnostic(): Diagnostic {
    return {
      code: this.code,
      level: 'error',
      message: oneLine(this.message),
      ...(this.where ? { where: this.where } : {}),
    };
  }
}

/** `file: message (at byte N)`: the shape of every input error, so a user can jump to the place */
export function inputError(code: Code, file: string, message: string, offset?: number): UserError {
  return new UserError(code, `${file}: ${message}${offset === undefined ? '' : ` (at byte ${offset})`}`, {
    where: offset === undefined ? { file } : { file, offset },
  });
}

/** A run stopped by the user (Ctrl-C): exit code 130, as a shell gives a process that SIGINT ended. */
export class Stopped extends UserError {
  constructor(message: string, where?: Where) {
    super('ERPGEN_STOPPED', message, { exitCode: 130, ...(where ? { where } : {}) });
  }
}
