// How the UDT service says no, as typed errors.
import { ErpError, ErpHttpError, ErpWriteNotAppliedError } from '../errors.js';
/** Refused before sending: not a user-defined table with `row_uid`, a bare name, a value that cannot be sent. */
export class ErpUdtUsageError extends ErpError {
  name = 'ErpUdtUsageError';
}
/** The UDT service refused the request: `{error: [...]}` or `{id, errorNo, errorMessage}` (errorNo 4001: not a UDT). */
export class ErpUdtError extends ErpHttpError {
  name = 'ErpUdtError';
  /** the service's `errorNo`, when it gave one */
  errorNo;
  constructor(summary, info, errorNo) {
    super(summary, info);
    this.errorNo = errorNo;
  }
}
/**
 * @deprecated the service answered success with `[0] rows ...` (nothing deleted or updated): the one error of a write
 * that did not land, ErpWriteNotAppliedError; this name is an alias of it
 */
export const ErpUdtNothingChangedError = ErpWriteNotAppliedError;
