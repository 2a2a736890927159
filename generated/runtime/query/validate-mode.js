// The row validation setting, apart from the validation itself (validate.ts): the client reads the setting when it
// is made, and loads the checks only when a call asks for them, so that a client that never validates never loads
// them (a bundle splits them off).
import { ErpError } from '../errors.js';
/** The mode given, refused with a readable error when it is none of the three. */
export function validateMode(mode, where) {
  if (mode === undefined) return 'off';
  if (mode === 'warn' || mode === 'error' || mode === 'off') return mode;
  throw new ErpError(`${where}: validate is 'warn', 'error' or 'off', not ${JSON.stringify(mode)}`);
}
