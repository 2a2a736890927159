// A UserError is a problem with the user's input, flags, files or server: the CLI prints its message as one
// line and exits non-zero, without a stack trace. Anything else is a bug in erpgen and keeps its stack.
import { oneLine } from './message-text.js';

export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    // one line whatever went into it: names should come through `quote`, this catches the rest
    super(oneLine(message));
  }
}

/** `file: message (at byte N)`: the shape of every input error, so a user can jump to the place */
export function inputError(file: string, message: string, offset?: number): UserError {
  return new UserError(`${file}: ${message}${offset === undefined ? '' : ` (at byte ${offset})`}`);
}

/** A run stopped by the user (Ctrl-C): exit code 130, as a shell gives a process that SIGINT ended. */
export class Stopped extends UserError {
  constructor(message: string) {
    super(message, 130);
  }
}
