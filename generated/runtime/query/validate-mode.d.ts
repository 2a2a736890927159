/** `error`: the first row that does not fit throws an ErpRowValidationError; `warn`: logged; `off`: not checked. */
export type ValidateMode = 'warn' | 'error' | 'off';
/** The mode given, refused with a readable error when it is none of the three. */
export declare function validateMode(mode: unknown, where: string): ValidateMode;
