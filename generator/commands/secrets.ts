// Secrets come from the environment (or a prompt), never from flags: a flag value sits in shell history and in every
// process list. These flags exist only so that using one is refused with a message that says what to do instead.
import { UserError } from '../errors.js';

const hidden = { type: 'string', hidden: true } as const;
export const SECRET_FLAG_OPTIONS = {
  password: hidden,
  'consumer-key': hidden,
  key: hidden,
  secret: hidden,
  token: hidden,
} as const;

/** Refuses a secret given as a flag; the message never repeats the value. */
export function refuseSecretFlags(argv: object): void {
  for (const flag of Object.keys(SECRET_FLAG_OPTIONS)) {
    if ((argv as Record<string, unknown>)[flag] !== undefined)
      throw new UserError(
        `--${flag}: secrets are not taken as flags (they would sit in shell history and process lists); set ERP_PASSWORD or ERP_CONSUMER_KEY instead`,
        2,
      );
  }
}

/** A non-empty environment variable, or undefined. */
export function fromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
