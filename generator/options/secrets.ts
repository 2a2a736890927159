// Secrets come from the environment (or a prompt), never from flags: a flag value sits in shell history and in every
// process list. The secret flags (options.ts) exist only so that using one is refused with a message that says
// what to do instead.
import { UserError } from '../errors.js';
import { flagName } from './option-table.js';
import { SECRET_FLAGS } from './options.js';

/** Refuses a secret given as a flag; the message never repeats the value. */
export function refuseSecretFlags(flags: object): void {
  for (const key of Object.keys(SECRET_FLAGS)) {
    if ((flags as Record<string, unknown>)[key] !== undefined)
      throw new UserError(
        'ERPGEN_SECRET_FLAG',
        `--${flagName(key)}: secrets are not taken as flags (they would sit in shell history and process lists); set ERP_PASSWORD or ERP_CONSUMER_KEY instead`,
        { exitCode: 2, where: { option: `--${flagName(key)}` } },
      );
  }
}

/** A non-empty environment variable, or undefined. */
export function fromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
