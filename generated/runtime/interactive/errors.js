// How the Interactive API says no, as typed errors. Each names the window (its service) and the request; the
// server's own message, redacted, follows.
import { ErpError, ErpHttpError } from '../errors.js';
/** Refused before anything was sent: the call cannot work (a consumer key without a user, a value too long, ...). */
export class ErpInteractiveUsageError extends ErpError {
  name = 'ErpInteractiveUsageError';
  /** the field the refusal is about, when it is about one (`TABPAGE_1.order.po_no`) */
  field;
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}
/** The Interactive API refused a request; the subclasses say what the service means by it. */
export class ErpInteractiveError extends ErpHttpError {
  name = 'ErpInteractiveError';
}
/**
 * `Session not found or expired`: the session ended on the server, most often after its inactivity timeout
 * (60 s by default). Also thrown before sending when the session has been idle longer than its timeout.
 */
export class ErpSessionExpiredError extends ErpInteractiveError {
  name = 'ErpSessionExpiredError';
}
/** `Window not found`: the window was closed (or its session ended). */
export class ErpWindowNotFoundError extends ErpInteractiveError {
  name = 'ErpWindowNotFoundError';
}
/**
 * A change named a datawindow the window does not have (`Unable to find datawindow named ...`). The service then
 * answers the next request on that window with an empty 500 and applies nothing, so the client marks the window
 * unusable: further calls on it are refused until it is closed (close() absorbs the lost request).
 */
export class ErpWindowUnusableError extends ErpInteractiveError {
  name = 'ErpWindowUnusableError';
}
/**
 * A batched change was refused at one item (HTTP 400 without a Status). The service applies the items before it
 * and does not attempt the items after it; `rejected` is the item the server's message names, when it names one
 * (an over-length value, a disabled column). When it names none, `undetermined` holds every item: read back.
 */
export class ErpChangeRejectedError extends ErpInteractiveError {
  name = 'ErpChangeRejectedError';
  applied;
  rejected;
  notAttempted;
  undetermined;
  constructor(summary, info, items, rejectedAt) {
    super(summary, info);
    const known = rejectedAt !== undefined;
    this.applied = known ? items.slice(0, rejectedAt) : [];
    this.rejected = known ? items[rejectedAt] : undefined;
    this.notAttempted = known ? items.slice(rejectedAt + 1) : [];
    this.undetermined = known ? [] : items;
  }
}
