import { ErpHttpError, type RequestInfo } from '../errors.js';
/** The last segment of an `ErrorType`: `P21.Common.Exceptions.ServiceException` -> `ServiceException`. */
export declare function exceptionOf(errorType: string | undefined): string | undefined;
/** `/Date(1739287800000)/`, `/Date(1739287800000+0100)/` or an ISO date-time; undefined when neither. */
export declare function restDate(value: unknown): Date | undefined;
/** The typed error for a failed REST answer, or undefined to let the client's common reading apply. */
export declare function explainRestError(
  status: number,
  body: unknown,
  info: (status: number, serverMessage?: string) => RequestInfo,
  redact: (text: string) => string,
): ErpHttpError | undefined;
