import type { OrProblem } from '../messages.js';
import type { Edits, RowProblem, Service } from '../define-service.js';
import type { WriteOptions } from '../write-check.js';
import type { ChangeItem } from './errors.js';
import type { InteractiveEvent, InteractiveMessage } from './wire.js';
export type { ChangeItem } from './errors.js';
export type { WriteOptions } from '../write-check.js';
export type { InteractiveEvent, InteractiveMessage } from './wire.js';
export interface SessionOptions {
  /**
   * seconds without a request after which the server ends the session, sent as `SessionTimeout`. Without it, a
   * `SessionTimeout` the session answer's `SessionHandling` reports, else the documents' default, 60 s (its
   * `SessionCleanupExpiration` is another limit: see `Session.cleanupExpirationSeconds`)
   */
  readonly sessionTimeoutSeconds?: number;
  /**
   * true (the default): a response window is returned to the caller as a `blocked` result to answer. false: the
   * server answers response windows with their default button.
   */
  readonly handleResponseWindows?: boolean;
  /** the clock idle time is measured with, in milliseconds (default Date.now; for tests) */
  readonly now?: () => number;
}
interface ResultBase {
  /** the `Status` the service answered (0 and 1 success, 2 missing record, 3 blocked) */
  readonly status: number;
  /** judge them by `Type`, not by their count */
  readonly messages: readonly InteractiveMessage[];
  readonly events: readonly InteractiveEvent[];
}
/**
 * What a call on a window did: `ok` (Status 1, or 0 on older builds); `missing` (Status 2 on 26.1, or 0 with a message
 * of Type 2 on 25.2: the record asked for does not exist, and the window is empty); `blocked` (Status 3: a response window opened; answer it through
 * `responseWindow`, e.g. with its tools, before going on).
 */
export type InteractiveResult =
  | (ResultBase & {
      readonly kind: 'ok';
    })
  | (ResultBase & {
      readonly kind: 'missing';
    })
  | (ResultBase & {
      readonly kind: 'blocked';
      readonly responseWindow: ResponseWindow;
    });
/**
 * A datawindow's data as `GET /v2/data` answers it (only the datawindows of the active tab, and those just changed,
 * are sure to be there): `Name` (the element, `TABPAGE_1.order`), `Columns`, and `Data`, its rows by position.
 */
export interface DatawindowData {
  readonly Name: string;
  readonly Columns?: readonly string[];
  readonly Data?: readonly unknown[];
  readonly [property: string]: unknown;
}
/** A value of a window's row, as the service sends it. */
export type DatawindowValue = string | number | boolean | null;
/** A button or menu entry of a window, as `GET /v2/tools` lists it. */
export interface Tool {
  readonly ToolName: string;
  readonly ToolText?: string | null;
  readonly DatawindowName?: string | null;
  readonly FieldName?: string | null;
}
type FieldsOf<F, L, El> = El extends keyof F ? F[El] : El extends keyof L ? L[El] : never;
/** `TABPAGE_1.order` -> `TABPAGE_1` */
type TabOf<El> = El extends `${infer Tab}.${string}` ? Tab : never;
/** The operations every window has, typed or not. */
export interface RawWindow {
  /** the service's window id */
  readonly id: string;
  /** the service the window was opened for */
  readonly service: string;
  /** false after a change named a datawindow the window does not have (see ErpWindowUnusableError) */
  readonly usable: boolean;
  /** Changes exactly these items (untyped: fields the definition does not describe, response windows). */
  changeRaw(items: readonly ChangeItem[]): Promise<InteractiveResult>;
  /** The data of the window's datawindows (`GET /v2/data?id=`). */
  data(): Promise<readonly DatawindowData[]>;
  /**
   * Saves the window (`PUT /v2/data`). With `verify` (default: the client's `verify`, else false) a save that
   * succeeded is read back (`GET /v2/data`, after selecting a tab the answer leaves out) and each value changed since
   * the last save compared with what the window shows: one not there is an ErpWriteNotAppliedError, one in another
   * form (a decimal rounded, another case) a line in the log, an error under `'strict'`. A save that a response
   * window holds is written when the dialog is answered, and is not read back.
   */
  save(options?: WriteOptions): Promise<InteractiveResult>;
  /** The window's tools (buttons), `GET /v2/tools?windowId=`. */
  tools(): Promise<readonly Tool[]>;
  /** Runs a tool (presses a button): `POST /v2/tools`. */
  runTool(toolName: string, toolText?: string): Promise<InteractiveResult>;
  /** Closes the window (`DELETE /v2/window?id=`); a window already gone is fine. */
  close(): Promise<void>;
}
/** A response window (a dialog): no tabs, no definition; answer it with its tools or changeRaw (TabName null). */
export type ResponseWindow = RawWindow;
/** A window of a transaction service: its elements' fields, typed from the service's definition. */
export interface Window<in out Forms, in out Lists> extends RawWindow {
  /**
   * Changes fields of one data element (`TABPAGE_1.order`): only that element's fields, with the values its
   * definition takes (display labels for fields with valid values). Selects the element's tab first when it is not
   * the active one. A value longer than its column is refused before sending.
   */
  change<
    El extends (keyof Forms | keyof Lists) & string,
    K extends string,
    F = FieldsOf<Forms, Lists, El>,
    Mistake extends string = RowProblem<K, F, El, never>,
  >(
    element: El,
    fields: OrProblem<Edits<K, F, never>, Mistake>,
  ): Promise<InteractiveResult>;
  /** Selects a tab (`PUT /v2/tab` with `PageName`). */
  tab(name: TabOf<(keyof Forms | keyof Lists) & string>): Promise<InteractiveResult>;
  /** Makes a row of a List element the current one (`PUT /v2/row`), before changing its fields. */
  selectRow(element: keyof Lists & string, row: number): Promise<InteractiveResult>;
  /**
   * The rows one element shows, by field name (`GET /v2/data`: its positional `Columns` / `Data` read by column,
   * `_internalrowindex` left out). The service answers only some datawindows per call, so the element's tab is
   * selected first when it is not the active one.
   */
  rows<El extends (keyof Forms | keyof Lists) & string>(
    element: El,
  ): Promise<
    Array<{
      readonly [P in keyof FieldsOf<Forms, Lists, El>]?: DatawindowValue;
    }>
  >;
}
export interface Session {
  /** the session id the service gave (`Id`, or `SessionId` on 25.2) */
  readonly id: string;
  /** the server's build, when the session answer reports it (the `Telemetry` group's `fullversion`) */
  readonly build: string | undefined;
  /** seconds without a request after which the server ends the session (see SessionOptions) */
  readonly idleTimeoutSeconds: number;
  /**
   * `SessionHandling` -> `SessionCleanupExpiration` in seconds (360 on measured tenants), when the session answer
   * reports it: a limit of the server's session pool, listed apart from the idle timeout by the documents
   */
  readonly cleanupExpirationSeconds: number | undefined;
  /** Opens a window for a transaction service (`POST /v2/window {ServiceName}`), typed by its definition. */
  open<Forms, Lists>(service: Service<Forms, Lists>): Promise<Window<Forms, Lists>>;
  /** Opens a window by service name, untyped. */
  openRaw(serviceName: string): Promise<RawWindow>;
}
export interface Interactive {
  /**
   * Runs `work` in a new session and deletes the session afterwards, whether `work` returned or threw. The
   * session ends by itself after its idle timeout without a request (`session.idleTimeoutSeconds`).
   */
  session<T>(work: (session: Session) => Promise<T>, options?: SessionOptions): Promise<T>;
}
export declare const interactive: import('../family.js').Family<Interactive>;
