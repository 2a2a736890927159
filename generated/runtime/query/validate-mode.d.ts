/** `error`: the first row that does not fit throws an ErpRowValidationError; `warn`: logged; `off`: not checked. */
export type ValidateMode = 'warn' | 'error' | 'off';
/** The mode given (`off` when none), refused with an ErpConfigError when it is none of the three. */
export declare const validateMode: (mode: unknown, where: string) => ValidateMode;
