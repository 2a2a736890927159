import {
  ErpHttpError,
  ErpNotFoundError,
  ErpServerError,
  ErpWriteNotAppliedError,
  type RequestInfo,
} from '../errors.js';
/** The fields of a REST error body, as decoded. */
export interface RestErrorDetails {
  /** `ErrorType` as sent, e.g. `ResourceNotFoundException`, `Svc.Common.Exceptions.ServiceException` */
  readonly errorType: string | undefined;
  /**
   * The last segment of `ErrorType` (`ServiceException`, `BusinessException`, `ResourceNotFoundException`): what to
   * match on, since the namespace before it differs between the documents and the real service
   */
  readonly exception: string | undefined;
  readonly innerException: string | undefined;
  /** `LogId`: quote it to the server's administrator */
  readonly logId: string | undefined;
  /** `DateTimeStamp` (ISO or `/Date(ms)/`), when the body had one */
  readonly timestamp: Date | undefined;
  readonly hostName: string | undefined;
  readonly userId: string | undefined;
}
/** 404 `ResourceNotFoundException`: the record asked for does not exist. */
export declare class ErpResourceNotFoundError extends ErpNotFoundError {
  name: string;
  readonly details: RestErrorDetails;
  constructor(summary: string, info: RequestInfo, details: RestErrorDetails);
}
/**
 * A 500-class REST error with an `ErrorType` (a business or service exception). For items, `itemId` and
 * `reason` are read from the `Error updating {ItemId}: Error updating inv_mast: {reason}` prefixes.
 */
export declare class ErpServiceError extends ErpServerError {
  name: string;
  readonly details: RestErrorDetails;
  readonly itemId: string | undefined;
  /** the server's message without the `Error updating ...:` prefixes */
  readonly reason: string | undefined;
  constructor(summary: string, info: RequestInfo, details: RestErrorDetails, itemId?: string, reason?: string);
}
/** A validation failure, `{Message, Errors[]}`: `issues` lists each one the server gave. */
export declare class ErpValidationError extends ErpHttpError {
  name: string;
  readonly issues: readonly string[];
  constructor(summary: string, info: RequestInfo, issues: readonly string[]);
}
/**
 * @deprecated a write answered 200 whose effect is not there when read back is the one error every family throws for
 * it, ErpWriteNotAppliedError; this name is an alias of it
 */
export declare const ErpNotAppliedError: typeof ErpWriteNotAppliedError;
/** @deprecated ErpWriteNotAppliedError */
export type ErpNotAppliedError = ErpWriteNotAppliedError;
