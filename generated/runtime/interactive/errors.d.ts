import { ErpError, ErpHttpError, type RequestInfo } from '../errors.js';
/** One item of a change: `PUT /api/ui/interactive/v2/change` sends a list of them. */
export interface ChangeItem {
  readonly TabName: string | null;
  readonly FieldName: string;
  readonly Value: string;
  readonly DatawindowName?: string | null;
}
/** Refused before anything was sent: the call cannot work (a consumer key without a user, a value too long, ...). */
export declare class ErpInteractiveUsageError extends ErpError {
  name: string;
  /** the field the refusal is about, when it is about one (`TABPAGE_1.order.po_no`) */
  readonly field: string | undefined;
  constructor(message: string, field?: string);
}
/** The Interactive API refused a request; the subclasses say what the service means by it. */
export declare class ErpInteractiveError extends ErpHttpError {
  name: string;
}
/**
 * `Session not found or expired`: the session ended on the server, most often after its inactivity timeout
 * (60 s by default). Also thrown before sending when the session has been idle longer than its timeout.
 */
export declare class ErpSessionExpiredError extends ErpInteractiveError {
  name: string;
}
/** `Window not found`: the window was closed (or its session ended). */
export declare class ErpWindowNotFoundError extends ErpInteractiveError {
  name: string;
}
/**
 * A change named a datawindow the window does not have (`Unable to find datawindow named ...`). The service then
 * answers the next request on that window with an empty 500 and applies nothing, so the client marks the window
 * unusable: further calls on it are refused until it is closed (close() absorbs the lost request).
 */
export declare class ErpWindowUnusableError extends ErpInteractiveError {
  name: string;
}
/**
 * A batched change was refused at one item (HTTP 400 without a Status). The service applies the items before it
 * and does not attempt the items after it; `rejected` is the item the server's message names, when it names one
 * (an over-length value, a disabled column). When it names none, `undetermined` holds every item: read back.
 */
export declare class ErpChangeRejectedError extends ErpInteractiveError {
  name: string;
  readonly applied: readonly ChangeItem[];
  readonly rejected: ChangeItem | undefined;
  readonly notAttempted: readonly ChangeItem[];
  readonly undetermined: readonly ChangeItem[];
  constructor(summary: string, info: RequestInfo, items: readonly ChangeItem[], rejectedAt: number | undefined);
}
