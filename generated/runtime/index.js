// The query side of the runtime, re-exported by the generated package's index (which adds `query`, made with
// the package's default page size). The client and the Transaction API have their own entry, `client.ts`:
// a file that only builds queries does not make the compiler load them.
export {
  ErpAuthError,
  ErpCancelledError,
  ErpCheckpointError,
  ErpConfigError,
  ErpConnectionError,
  ErpDriftError,
  ErpError,
  ErpFilterRejectedError,
  ErpForbiddenError,
  ErpHttpError,
  ErpLiteralError,
  ErpLockedError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpPagingError,
  ErpQueryError,
  ErpRedirectError,
  ErpResponseTooLargeError,
  ErpResponseWindowError,
  ErpRowValidationError,
  ErpServerError,
  ErpSignInError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
  ErpWriteNotAppliedError,
  ErpWriteUnverifiedError,
} from './errors.js';
export { ErpNotAppliedError, ErpResourceNotFoundError, ErpServiceError, ErpValidationError } from './rest/errors.js';
export { and, not, or } from './filter.js';
export { decimal } from './literals.js';
export { defineObject } from './object.js';
export { changedSince, Query, queryWith } from './query/query.js';
