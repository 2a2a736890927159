// How the UDT service says no, as typed errors.
import { ErpError, ErpHttpError, type RequestInfo } from '../errors.js';

/** Refused before sending: not a user-defined table with `row_uid`, a bare name, a value that cannot be sent. */
export class ErpUdtUsageError extends ErpError {
  override name = 'ErpUdtUsageError';
}

/** The UDT service refused the request: `{error: [...]}` or `{id, errorNo, errorMessage}` (errorNo 4001: not a UDT). */
export class ErpUdtError extends ErpHttpError {
  override name = 'ErpUdtError';
  /** the service's `errorNo`, when it gave one */
  readonly errorNo: number | undefined;

  constructor(summary: string, info: RequestInfo, errorNo?: number) {
    super(summary, info);
    this.errorNo = errorNo;
  }
}

/** The service answered success with `[0] rows ...`: nothing was deleted or updated. */
export class ErpUdtNothingChangedError extends ErpUdtError {
  override name = 'ErpUdtNothingChangedError';
}
