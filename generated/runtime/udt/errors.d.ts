import { ErpError, ErpHttpError, ErpWriteNotAppliedError, type RequestInfo } from '../errors.js';
/** Refused before sending: not a user-defined table with `row_uid`, a bare name, a value that cannot be sent. */
export declare class ErpUdtUsageError extends ErpError {
  name: string;
}
/** The UDT service refused the request: `{error: [...]}` or `{id, errorNo, errorMessage}` (errorNo 4001: not a UDT). */
export declare class ErpUdtError extends ErpHttpError {
  name: string;
  /** the service's `errorNo`, when it gave one */
  readonly errorNo: number | undefined;
  constructor(summary: string, info: RequestInfo, errorNo?: number);
}
/**
 * @deprecated the service answered success with `[0] rows ...` (nothing deleted or updated): the one error of a write
 * that did not land, ErpWriteNotAppliedError; this name is an alias of it
 */
export declare const ErpUdtNothingChangedError: typeof ErpWriteNotAppliedError;
/** @deprecated ErpWriteNotAppliedError */
export type ErpUdtNothingChangedError = ErpWriteNotAppliedError;
