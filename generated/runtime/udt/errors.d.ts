import { ErpError, ErpHttpError, type RequestInfo } from '../errors.js';
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
/** The service answered success with `[0] rows ...`: nothing was deleted or updated. */
export declare class ErpUdtNothingChangedError extends ErpUdtError {
  name: string;
}
