// The row validation setting, apart from the validation itself (validate.ts): the client reads the setting when it
// is made, and loads the checks only when a call asks for them, so that a client that never validates never loads
// them (a bundle splits them off).
import { checkWord } from '../option-checks.js';

/** `error`: the first row that does not fit throws an ErpRowValidationError; `warn`: logged; `off`: not checked. */
export type ValidateMode = 'warn' | 'error' | 'off';

/** The mode given (`off` when none), refused with an ErpConfigError when it is none of the three. */
export const validateMode = (mode: unknown, where: string): ValidateMode =>
  checkWord(where, 'validate', mode, ['warn', 'error', 'off']) ?? 'off';
