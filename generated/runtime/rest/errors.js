// The REST families' typed errors (shared by `entity` and `inventory`); error-body.ts reads them out of the
// service's error bodies.
import { ErpHttpError, ErpNotFoundError, ErpServerError, ErpWriteNotAppliedError } from '../errors.js';
/** 404 `ResourceNotFoundException`: the record asked for does not exist. */
export class ErpResourceNotFoundError extends ErpNotFoundError {
  name = 'ErpResourceNotFoundError';
  details;
  constructor(summary, info, details) {
    super(summary, info);
    this.details = details;
  }
}
/**
 * A 500-class REST error with an `ErrorType` (a business or service exception). For items, `itemId` and
 * `reason` are read from the `Error updating {ItemId}: Error updating inv_mast: {reason}` prefixes.
 */
export class ErpServiceError extends ErpServerError {
  name = 'ErpServiceError';
  details;
  itemId;
  /** the server's message without the `Error updating ...:` prefixes */
  reason;
  constructor(summary, info, details, itemId, reason) {
    super(summary, info);
    this.details = details;
    this.itemId = itemId;
    this.reason = reason;
  }
}
/** A validation failure, `{Message, Errors[]}`: `issues` lists each one the server gave. */
export class ErpValidationError extends ErpHttpError {
  name = 'ErpValidationError';
  issues;
  constructor(summary, info, issues) {
    super(`${summary}${issues.length ? ` (${issues.join('; ')})` : ''}`, info);
    this.issues = issues;
  }
}
/**
 * @deprecated a write answered 200 whose effect is not there when read back is the one error every family throws for
 * it, ErpWriteNotAppliedError; this name is an alias of it
 */
export const ErpNotAppliedError = ErpWriteNotAppliedError;
