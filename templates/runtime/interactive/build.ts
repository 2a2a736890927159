// The Interactive API family (`client.interactive`), on the UI server: a session, windows opened in it for a
// transaction service, field changes typed from that service's definition, tab changes, reads, saves, tools.
//
// The service's rules, encoded once:
// - A session is created with `POST /api/ui/interactive/sessions/` and `Accept: application/json` (without it
//   the service answers an empty 500 or XML, by build); its id is `Id` (26.1) or `SessionId` (25.2). It is
//   always deleted at the end (`DELETE /api/ui/interactive/sessions`, which ends the token's sessions), on
//   errors too. A `409 Session already exists.` (a session left behind by this token; builds up to 26.1.5910.3,
//   which answer it and a 500 of the same message in turn) deletes the token's sessions and creates one again,
//   once; when the session left behind is another token's, the DELETE answers 400 `Invalid session` and the
//   error says that session ends by itself.
// - A consumer key's token without a user name cannot open sessions (the service fails to find the user): the
//   token's `sub` claim says so, and the client refuses before calling.
// - Changes go to `PUT /api/ui/interactive/v2/change` as `{WindowId, List: [{TabName, FieldName, Value,
//   DatawindowName}]}` (the shape public client code uses; the documents show the item, not the envelope); the
//   tab is selected first with `PUT /v2/tab {WindowId, PageName}` (a `TabName` alone is refused). Saving is
//   `PUT /v2/data` with the window id as the JSON body (a bare string, as public client code sends it); reading
//   is `GET /v2/data?id=`, closing `DELETE /v2/window?id=`, tools `GET /v2/tools?windowId=` (the one endpoint
//   that takes `windowId`) and `POST /v2/tools {WindowId, ToolName, ToolText}`.
// - The session answer carries named property groups (a public capture of 26.1): the build is read from the group
//   named `Telemetry` (`fullversion`), never by position. Sessions end after `SessionTimeout` without a request:
//   the documents give 60 s by default (longer on some configurations: the caller's `sessionTimeoutSeconds`, sent
//   as `SessionTimeout`, or one `SessionHandling` reports, wins). `SessionHandling`'s `SessionCleanupExpiration`
//   (`00:06:00` on measured tenants) is another limit, which the documents list apart: it is reported, not taken for
//   the idle timeout. A call after a longer pause is refused before sending with ErpSessionExpiredError, rather than
//   waiting on a session the server has dropped.
// - Window data comes as a list of datawindows `{Name, Columns, Data}` with rows by position, and only for some
//   datawindows per call (the active tab's, and those just changed); `{Data: [...]}` and `{Data: {Data: [...]}}`
//   are read too. `rows(element)` selects the element's tab first and reads its rows by column name.
import {
  ErpHttpError,
  ErpServerError,
  ErpUnexpectedResponseError,
  type RequestInfo,
  type WriteMismatch,
} from '../errors.js';
import type { Family, FamilyContext } from '../family.js';
import type { Exchange } from '../http/types.js';
import { tokenClaims } from '../jwt.js';
import { localDateTime, plainNumber } from '../literals.js';
import { hasOwn } from '../object.js';
import { checkVerify } from '../option-checks.js';
import { overlayLine } from '../overlay-line.js';
import { fieldMismatch, settle, type VerifyMode } from '../write-check.js';
import type { ElementDescriptor, ServiceDescriptor } from '../define-service.js';
import {
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpInteractiveUsageError,
  ErpSessionExpiredError,
  ErpWindowNotFoundError,
  ErpWindowUnusableError,
  type ChangeItem,
} from './errors.js';
import { errorText, eventValue, readAnswer } from './wire.js';
import type {
  DatawindowData,
  DatawindowValue,
  Interactive,
  InteractiveResult,
  Session,
  SessionOptions,
  Tool,
  Window,
  WriteOptions,
} from './index.js';

const API = '/api/ui/interactive';
const DEFAULT_TIMEOUT_SECONDS = 60;

// through globalThis: the package compiles without DOM or Node type definitions
const clock = globalThis as unknown as { Date: { now(): number } };

/** A field value as the service takes it: text, plain numbers, dates as `YYYY-MM-DD` (or with the time). */
function valueText(value: unknown, what: string): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value, what);
  if (value instanceof Date) {
    // as the transaction builders send it: the server's dates have no zone, so a Date is its local day and
    // wall-clock time, and a local midnight is a day
    const local = localDateTime(value);
    if (!local)
      throw new ErpInteractiveUsageError(
        `${what}: ${Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date outside the years 0000-9999'}`,
        what,
      );
    return local.midnight ? local.date : `${local.date}T${local.time}`;
  }
  throw new ErpInteractiveUsageError(`${what}: ${JSON.stringify(value)} is not text, a number or a Date`, what);
}

/** Whether a token is a consumer key's without a user name: its `sub` is empty. */
function consumerKeyWithoutUser(token: string): boolean {
  const claims = tokenClaims(token);
  if (claims === undefined) return false;
  const sub = claims['sub'];
  const noUser = typeof sub !== 'string' || sub.trim() === '';
  return noUser && (sub === '' || hasOwn(claims, 'Svc.ConsumerUid'));
}

function elementTab(element: string): string {
  const dot = element.indexOf('.');
  return dot < 0 ? element : element.slice(0, dot);
}

/** The datawindow a change names: the definition's DatawindowName, else the element name's part after the tab. */
function datawindowOf(name: string, element: ElementDescriptor): string {
  if (element.datawindowName) return element.datawindowName;
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

const mentions = (message: string, field: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`, 'i').test(message);

interface SessionState {
  readonly context: FamilyContext;
  readonly ui: string;
  timeoutMs: number;
  readonly now: () => number;
  lastUsed: number;
}

/** What a window keeps between calls. */
interface WindowState {
  readonly id: string;
  readonly service: string;
  readonly descriptor: ServiceDescriptor | undefined;
  usable: boolean;
  closed: boolean;
  activeTab: string | undefined;
  /** the values the window took since its last save, by element and field: what a verified save reads back */
  readonly changed: Map<string, Map<string, string>>;
  /** the row made current in each List element (selectRow), 0 by default */
  readonly currentRow: Map<string, number>;
}

interface Call {
  readonly method: Exchange['method'];
  readonly path: string;
  readonly body?: unknown;
  readonly kind?: 'read' | 'write';
  readonly window?: WindowState;
  /** the items of a change, to say which were applied when one is refused */
  readonly items?: readonly ChangeItem[];
}

/** One request in a session: idle check, the UI server, Accept, and the service's failures as typed errors. */
async function call(session: SessionState, request: Call): Promise<unknown> {
  const shown = `${request.method} ${request.path}`;
  const object = request.window?.service;
  const idle = session.now() - session.lastUsed;
  if (idle > session.timeoutMs)
    throw new ErpSessionExpiredError(
      `the session was idle for ${Math.round(idle / 1000)} s, beyond its ${session.timeoutMs / 1000} s idle timeout: the server has ended it (not sent; start a new session, or keep it busy)`,
      { request: `${shown} (not sent)`, status: 0, ...(object !== undefined ? { object } : {}) },
    );
  session.lastUsed = session.now();
  const explain = (status: number, body: unknown, text: string, info: (s: number, m?: string) => RequestInfo) => {
    const message = errorText(body, text);
    const where = object !== undefined ? `${object}: ` : '';
    if (/session not found or expired/i.test(message))
      return new ErpSessionExpiredError(
        `${where}the session has ended (it ends after ${session.timeoutMs / 1000} s without a request)`,
        info(status, message),
      );
    if (/window not found/i.test(message))
      return new ErpWindowNotFoundError(
        `${where}the window is gone (closed, or its session ended)`,
        info(status, message),
      );
    if (/unable to find datawindow named/i.test(message)) {
      if (request.window) request.window.usable = false;
      return new ErpWindowUnusableError(
        `${where}the window has no such datawindow; the service answers the next request on this window with an empty 500 and applies nothing, so the window is marked unusable: close it and open it again`,
        info(status, message),
      );
    }
    if (status === 400 && request.items !== undefined) {
      const at = request.items.findIndex((item) => mentions(message, item.FieldName));
      const count = request.items.length;
      const summary =
        at >= 0
          ? `${where}the change was refused at item ${at + 1} of ${count} (${request.items[at]!.FieldName}); the ${at} item${at === 1 ? '' : 's'} before it ${at === 1 ? 'was' : 'were'} applied, the ${count - at - 1} after it not attempted`
          : `${where}the change was refused at an item the message does not name: the items before it were applied and the ones after it not attempted; read the window back`;
      // a disabled column: the erpgen.config.json line that makes writing it a compile error
      const descriptor = request.window?.descriptor;
      const element = at >= 0 && descriptor ? elementOf(descriptor, request.items[at]!) : undefined;
      const hint =
        element !== undefined && /column is disabled/i.test(message)
          ? `; ${element}.${request.items[at]!.FieldName} is disabled on this server: say so in erpgen.config.json and writing it becomes a compile error: ${overlayLine(
              descriptor!.name,
              [{ element, field: request.items[at]!.FieldName, fact: { disabled: true } }],
            )}`
          : '';
      return new ErpChangeRejectedError(
        `${summary}${hint}`,
        info(status, message),
        request.items,
        at >= 0 ? at : undefined,
      );
    }
    if (status >= 500 && text.trim() === '')
      return new ErpServerError(
        `${where}an empty 500 from the interactive service: it answers so when Accept: application/json is missing (builds up to 26.1.5910.3) and to the request after a change that named an unknown datawindow; nothing was applied`,
        info(status),
      );
    if (status >= 400 && message !== '' && status !== 401 && status !== 403)
      return new ErpInteractiveError(`${where}the interactive service refused ${shown}`, info(status, message));
    return undefined;
  };
  try {
    return await session.context.http.json({
      method: request.method,
      url: `${session.ui}${request.path}`,
      shown: request.path,
      ...(object !== undefined ? { object } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      kind: request.kind ?? (request.method === 'GET' ? 'read' : 'write'),
      explain,
    });
  } finally {
    session.lastUsed = session.now();
  }
}

/** The element a change item names: by its DatawindowName, else by its tab and field; it must hold the field. */
function elementOf(descriptor: ServiceDescriptor, item: ChangeItem): string | undefined {
  const element = Object.entries(descriptor.elements).find(([name, el]) =>
    item.DatawindowName
      ? datawindowOf(name, el) === item.DatawindowName || name === item.DatawindowName
      : (item.TabName === null || elementTab(name) === item.TabName) && hasOwn(el.fields, item.FieldName),
  )?.[0];
  return element !== undefined && hasOwn(descriptor.elements[element]!.fields, item.FieldName) ? element : undefined;
}

/**
 * Changes the window took, kept for a verified save: each item's element found by its DatawindowName (or, without
 * one, by its tab and field), for a window of a described service; items of no element known are not kept.
 */
function remember(state: WindowState, items: readonly ChangeItem[]): void {
  const descriptor = state.descriptor;
  if (!descriptor) return;
  for (const item of items) {
    const element = elementOf(descriptor, item);
    if (element === undefined) continue;
    const fields = state.changed.get(element) ?? new Map<string, string>();
    fields.set(item.FieldName, item.Value);
    state.changed.set(element, fields);
  }
}

function windowCheck(state: WindowState, what: string): void {
  if (state.closed) throw new ErpInteractiveUsageError(`${state.service}: ${what} on a window that was closed`);
  if (!state.usable)
    throw new ErpInteractiveUsageError(
      `${state.service}: ${what} on a window marked unusable after a change named an unknown datawindow (the service would answer an empty 500 and apply nothing): close it and open it again`,
    );
}

function makeWindow(session: SessionState, state: WindowState): Window<unknown, unknown> {
  const q = encodeURIComponent(state.id);
  /** the service's data element named so, or a usage error naming it */
  const dataElement = (element: string) => {
    const descriptor = state.descriptor;
    const el = descriptor && hasOwn(descriptor.elements, element) ? descriptor.elements[element] : undefined;
    if (!el)
      throw new ErpInteractiveUsageError(
        `${state.service}: ${JSON.stringify(element)} is not a data element of the service`,
      );
    return el;
  };
  const info = (path: string) => () => ({
    request: path,
    status: 200,
    object: state.service,
  });
  const result = (body: unknown, path: string): InteractiveResult => {
    const answer = readAnswer(body, info(path));
    const base = { status: answer.status, messages: answer.messages, events: answer.events };
    // X4: a missing record is Status 2 on 26.1 and 0 on 25.2, where 0 is also a success: judged by the messages'
    // Type (2: the missing-record message) on every build, never by their count (a success may carry Type 1)
    if (answer.status === 2 || (answer.status === 0 && answer.messages.some((m) => m.Type === 2)))
      return { kind: 'missing', ...base };
    if (answer.status === 0 || answer.status === 1) return { kind: 'ok', ...base };
    if (answer.status === 3) {
      const id = eventValue(answer.events, 'windowopened', 'windowid');
      if (typeof id !== 'string' || id === '')
        throw new ErpUnexpectedResponseError(
          `${state.service}: Status 3 (a response window opened) without a windowopened event naming it`,
          info(path)(),
        );
      const dialog: WindowState = {
        id,
        service: `${state.service} (response window)`,
        descriptor: undefined,
        usable: true,
        closed: false,
        activeTab: undefined,
        changed: new Map(),
        currentRow: new Map(),
      };
      return { kind: 'blocked', responseWindow: makeWindow(session, dialog), ...base };
    }
    throw new ErpUnexpectedResponseError(`${state.service}: an unknown Status ${answer.status}`, info(path)());
  };
  const send = async (items: readonly ChangeItem[]) => {
    windowCheck(state, 'a change');
    const path = `${API}/v2/change`;
    let answer: InteractiveResult;
    try {
      answer = result(
        await call(session, { method: 'PUT', path, body: { WindowId: state.id, List: items }, window: state, items }),
        `PUT ${path}`,
      );
    } catch (error) {
      // X5: the items before the refused one stay applied: a save writes them
      if (error instanceof ErpChangeRejectedError) remember(state, error.applied);
      throw error;
    }
    if (answer.kind === 'ok') remember(state, items);
    return answer;
  };
  /** GET /v2/data: a list of datawindows, or that list as `{Data}`, `{Data: {Data}}` or `{Datawindows}` */
  const readData = async (): Promise<DatawindowData[]> => {
    windowCheck(state, 'a read');
    const path = `${API}/v2/data?id=${q}`;
    const body = await call(session, { method: 'GET', path, window: state });
    const list = datawindowList(body);
    if (!list)
      throw new ErpUnexpectedResponseError(
        `${state.service}: the window data is not a list of datawindows`,
        info(`GET ${path}`)(),
      );
    return list;
  };
  const selectTab = async (name: string) => {
    windowCheck(state, 'a tab change');
    const path = `${API}/v2/tab`;
    const answer = result(
      await call(session, { method: 'PUT', path, body: { WindowId: state.id, PageName: name }, window: state }),
      `PUT ${path}`,
    );
    if (answer.kind === 'ok') state.activeTab = name;
    return answer;
  };

  /**
   * A saved window read back (`GET /v2/data`; an element the answer leaves out is read again after selecting its
   * tab) and each value changed since the last save compared with what the window shows now: a List element's on
   * its current row.
   */
  const verifySave = async (changed: ReadonlyMap<string, ReadonlyMap<string, string>>, mode: VerifyMode) => {
    let data = await readData();
    const found: WriteMismatch[] = [];
    for (const [element, fields] of changed) {
      const el = state.descriptor!.elements[element]!;
      const datawindow = datawindowOf(element, el);
      const shown = (list: readonly DatawindowData[]) => list.find((d) => d.Name === element || d.Name === datawindow);
      if (!shown(data)) {
        await selectTab(elementTab(element));
        data = await readData();
      }
      const rows = shown(data) ? rowsOf(shown(data)!) : [];
      const row = rows[state.currentRow.get(element) ?? 0];
      for (const [field, value] of fields) {
        const f = el.fields[field];
        const mismatch = fieldMismatch(
          { service: state.service, element, field },
          value,
          row?.[field],
          f?.type === 'Decimal' || f?.type === 'Long' || f?.type === 'Number'
            ? { kind: 'decimal' }
            : f?.type === 'Datetime'
              ? { kind: 'datetime' }
              : f?.validValues
                ? { labels: f.validValues }
                : {},
        );
        if (mismatch) found.push(mismatch);
      }
    }
    settle(
      found,
      mode,
      {
        service: state.service,
        info: { request: `PUT ${API}/v2/data`, status: 200, object: state.service },
        summary: 'the save succeeded, but read back from the window',
      },
      (value) => session.context.http.show(value, 40),
      session.context.log,
    );
  };

  return {
    id: state.id,
    service: state.service,
    get usable() {
      return state.usable && !state.closed;
    },

    async change(element: string, fields: Record<string, unknown>) {
      const el = dataElement(element);
      if (fields === null || typeof fields !== 'object')
        throw new ErpInteractiveUsageError(`${state.service} ${element}: change() takes an object of field values`);
      const tab = elementTab(element);
      const datawindow = datawindowOf(element, el);
      const items: ChangeItem[] = [];
      for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        const what = `${state.service} ${element}.${name}`;
        const field = hasOwn(el.fields, name) ? el.fields[name] : undefined;
        if (!field) throw new ErpInteractiveUsageError(`${what}: not a field of the element`, `${element}.${name}`);
        if (field.overlay?.disabled)
          throw new ErpInteractiveUsageError(
            `${what}: disabled on this server (erpgen.config.json definitions): leave it out`,
            `${element}.${name}`,
          );
        const text = valueText(value, what);
        const length = [...text].length;
        // a display label is stored as its code: the column's length does not measure it
        const label = field.validValues?.includes(text) === true;
        if (field.maxLength !== undefined && length > field.maxLength && !label)
          throw new ErpInteractiveUsageError(
            `${what}: ${length} characters, but its column holds ${field.maxLength} (refused before sending: the service refuses it at the change call)`,
            `${element}.${name}`,
          );
        items.push({ TabName: tab, FieldName: name, Value: text, DatawindowName: datawindow });
      }
      if (items.length === 0) throw new ErpInteractiveUsageError(`${state.service} ${element}: no field to change`);
      if (state.activeTab !== tab) {
        const selected = await selectTab(tab);
        if (selected.kind !== 'ok') return selected;
      }
      return send(items);
    },

    changeRaw: (items) => {
      if (!Array.isArray(items) || items.length === 0)
        return Promise.reject(
          new ErpInteractiveUsageError(`${state.service}: changeRaw() takes a non-empty list of items`),
        );
      return send(items);
    },

    tab: (name: string) => selectTab(name),

    async selectRow(element: string, row: number) {
      windowCheck(state, 'a row change');
      const el = dataElement(element);
      if (!Number.isInteger(row) || row < 0)
        throw new ErpInteractiveUsageError(`${state.service} ${element}: a row number is a whole number from 0`);
      const tab = elementTab(element);
      if (state.activeTab !== tab) {
        const selected = await selectTab(tab);
        if (selected.kind !== 'ok') return selected;
      }
      const path = `${API}/v2/row`;
      const body = { WindowId: state.id, DatawindowName: datawindowOf(element, el), Row: row };
      const answer = result(await call(session, { method: 'PUT', path, body, window: state }), `PUT ${path}`);
      if (answer.kind === 'ok') state.currentRow.set(element, row);
      return answer;
    },

    data: () => readData(),

    async rows(element: string) {
      windowCheck(state, 'a read');
      const el = dataElement(element);
      const tab = elementTab(element);
      if (state.activeTab !== tab) {
        const selected = await selectTab(tab);
        if (selected.kind !== 'ok')
          throw new ErpInteractiveError(`${state.service}: the tab ${tab} could not be selected to read ${element}`, {
            request: `PUT ${API}/v2/tab`,
            status: 200,
            object: state.service,
          });
      }
      const datawindow = datawindowOf(element, el);
      const found = (await readData()).find((d) => d.Name === element || d.Name === datawindow);
      if (!found)
        throw new ErpUnexpectedResponseError(
          `${state.service}: the window data holds no datawindow ${element} (${datawindow}), though its tab is active`,
          info(`GET ${API}/v2/data?id=${q}`)(),
        );
      return rowsOf(found);
    },

    async save(options?: WriteOptions) {
      windowCheck(state, 'a save');
      const mode = checkVerify(options?.verify, `${state.service}: save`) ?? session.context.verify ?? false;
      const path = `${API}/v2/data`;
      // the body is the window id alone, as a JSON string: an object here is refused (422)
      const saved = result(await call(session, { method: 'PUT', path, body: state.id, window: state }), `PUT ${path}`);
      // a save a response window holds is written when the dialog is answered: not verified here
      if (saved.kind !== 'ok') return saved;
      const changed = new Map(state.changed);
      state.changed.clear();
      if (mode !== false && changed.size > 0) await verifySave(changed, mode);
      return saved;
    },

    async tools() {
      windowCheck(state, 'a tool list');
      const path = `${API}/v2/tools?windowId=${q}`;
      const body = await call(session, { method: 'GET', path, window: state });
      if (!Array.isArray(body))
        throw new ErpUnexpectedResponseError(`${state.service}: the tool list is not a list`, info(`GET ${path}`)());
      return body as Tool[];
    },

    async runTool(toolName: string, toolText?: string) {
      windowCheck(state, 'a tool');
      const path = `${API}/v2/tools`;
      const body = {
        WindowId: state.id,
        ToolName: toolName,
        ...(toolText !== undefined ? { ToolText: toolText } : {}),
      };
      return result(await call(session, { method: 'POST', path, body, window: state }), `POST ${path}`);
    },

    async close() {
      if (state.closed) return;
      const path = `${API}/v2/window?id=${q}`;
      const once = () => call(session, { method: 'DELETE', path, kind: 'write', window: state });
      try {
        try {
          await once();
        } catch (error) {
          // an unusable window loses exactly this request to an empty 500: send it again
          if (state.usable || !(error instanceof ErpServerError)) throw error;
          await once();
        }
      } catch (error) {
        if (!(error instanceof ErpWindowNotFoundError)) throw error;
      } finally {
        state.closed = true;
      }
    },
  } as Window<unknown, unknown>;
}

async function openWindow(session: SessionState, name: string, descriptor: ServiceDescriptor | undefined) {
  if (typeof name !== 'string' || name === '')
    throw new ErpInteractiveUsageError('a window is opened for a service name');
  const path = `${API}/v2/window`;
  const body = await call(session, { method: 'POST', path, body: { ServiceName: name }, kind: 'write' });
  const b = (body ?? {}) as Record<string, unknown>;
  const events = Array.isArray(b['Events'])
    ? readAnswer({ Status: 1, Events: b['Events'] }, () => ({ request: path, status: 200 })).events
    : [];
  const id = b['WindowId'] ?? b['Id'] ?? eventValue(events, 'windowopened', 'windowid');
  if (typeof id !== 'string' || id === '')
    throw new ErpUnexpectedResponseError(`${name}: the window was opened without a window id in the answer`, {
      request: `POST ${path}`,
      status: 200,
      object: name,
    });
  return makeWindow(session, {
    id,
    service: name,
    descriptor,
    usable: true,
    closed: false,
    activeTab: undefined,
    changed: new Map(),
    currentRow: new Map(),
  });
}

/** Creates the session, once more after deleting the token's sessions on a 409 `Session already exists.` */
async function createSession(
  session: SessionState,
  options: SessionOptions | undefined,
): Promise<Record<string, unknown>> {
  const path = `${API}/sessions/`;
  const body = {
    ResponseWindowHandlingEnabled: options?.handleResponseWindows ?? true,
    ...(options?.sessionTimeoutSeconds !== undefined ? { SessionTimeout: options.sessionTimeoutSeconds } : {}),
  };
  const create = () => call(session, { method: 'POST', path, body, kind: 'write' });
  let answer: unknown;
  try {
    answer = await create();
  } catch (error) {
    // builds up to 26.1.5910.3 answer a session left behind with 409 `Session already exists.` (and 500 in turn)
    const exists =
      error instanceof ErpHttpError &&
      (error.status === 409 || /session already exists/i.test(error.serverMessage ?? ''));
    if (!exists) throw error;
    session.context.log?.('interactive: a session of this token already exists; deleting it and creating one again');
    try {
      await endSessions(session);
    } catch (refused) {
      // the session that holds the place was made with another token of this user (an earlier sign-in)
      if (!(refused instanceof ErpHttpError) || !/invalid session/i.test(refused.serverMessage ?? '')) throw refused;
      throw new ErpInteractiveError(
        'a session of this user made with another token (an earlier sign-in) is open, so no session can be created (Session already exists.), and this token cannot end it (Invalid session): it ends by itself after its idle timeout, or when the token that made it deletes it',
        { request: refused.request, status: refused.status, serverMessage: refused.serverMessage ?? 'Invalid session' },
      );
    }
    answer = await create();
  }
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
    throw new ErpUnexpectedResponseError('the session answer is not a JSON object', {
      request: `POST ${path}`,
      status: 200,
    });
  return answer as Record<string, unknown>;
}

function endSessions(session: SessionState): Promise<unknown> {
  // deleting is allowed after any pause: the check is for work on a session the server may have dropped
  session.lastUsed = session.now();
  return call(session, { method: 'DELETE', path: `${API}/sessions`, kind: 'write' });
}

/**
 * A property group of the session answer by its `Name` (`Telemetry`, `SessionHandling`), never by position; when no
 * group is named, the documents' `Properties[0]` stands for Telemetry.
 */
function propertyGroup(answer: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const groups = Array.isArray(answer['Properties']) ? (answer['Properties'] as unknown[]) : [];
  const named = (g: unknown) => (g as { Name?: unknown } | null)?.Name;
  const group =
    groups.find((g) => typeof named(g) === 'string' && (named(g) as string).toLowerCase() === name.toLowerCase()) ??
    (name === 'Telemetry' && groups.every((g) => named(g) === undefined) ? groups[0] : undefined);
  const properties = (group as { Properties?: unknown } | undefined)?.Properties;
  return properties !== null && typeof properties === 'object' && !Array.isArray(properties)
    ? (properties as Record<string, unknown>)
    : undefined;
}

function buildOf(answer: Record<string, unknown>): string | undefined {
  const version = propertyGroup(answer, 'Telemetry')?.['fullversion'];
  return typeof version === 'string' ? version : undefined;
}

/**
 * A member of the session answer's `SessionHandling` group in seconds: a .NET TimeSpan (`00:06:00`, `1.00:00:00`)
 * or a number of seconds. `SessionTimeout` is the idle timeout (the documents: 60 s by default, longer on some
 * configurations; no capture shows the group carrying it, so it is read only when it does);
 * `SessionCleanupExpiration` (`00:06:00` on measured tenants) is another limit, of the server's session pool.
 */
function sessionSeconds(answer: Record<string, unknown>, member: string): number | undefined {
  const value = propertyGroup(answer, 'SessionHandling')?.[member];
  if (typeof value === 'number') return value > 0 ? value : undefined;
  const m = typeof value === 'string' ? /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(value.trim()) : null;
  if (!m) return undefined;
  const seconds = ((Number(m[1] ?? 0) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4]);
  return seconds > 0 ? seconds : undefined;
}

/** The datawindows of a GET /v2/data answer in any of the forms public clients read, undefined for another. */
function datawindowList(body: unknown): DatawindowData[] | undefined {
  let value = body;
  for (let depth = 0; depth < 3 && value !== null && typeof value === 'object' && !Array.isArray(value); depth++) {
    const b = value as Record<string, unknown>;
    value = b['Data'] ?? b['Datawindows'];
  }
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (d: unknown): d is DatawindowData =>
      d !== null && typeof d === 'object' && typeof (d as { Name?: unknown }).Name === 'string',
  );
}

/** A datawindow's rows by column name: positional `Data` read through `Columns`, or rows that are objects already. */
function rowsOf(data: DatawindowData): Array<Record<string, DatawindowValue>> {
  const columns = Array.isArray(data.Columns) ? data.Columns : [];
  const rows = Array.isArray(data.Data) ? data.Data : [];
  return rows.map((row) => {
    const out = Object.create(null) as Record<string, DatawindowValue>;
    const entries: Array<[string, unknown]> = Array.isArray(row)
      ? columns.map((c, i) => [c, row[i]])
      : row !== null && typeof row === 'object'
        ? Object.entries(row as Record<string, unknown>)
        : [];
    for (const [column, value] of entries)
      if (column !== '_internalrowindex' && value !== undefined)
        out[column] =
          value === null || ['string', 'number', 'boolean'].includes(typeof value)
            ? (value as DatawindowValue)
            : JSON.stringify(value);
    return out;
  });
}

/**
 * One session at a time per client: the service keeps one session per token (a second one is a 409), and the
 * cure for a 409, deleting the token's sessions, would end a session still in use. Concurrent session() calls
 * therefore run one after another.
 */
export const build: Family<Interactive> = (context) => {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    session(work, options) {
      const run = queue.then(() => runSession(context, work, options));
      queue = run.catch(() => undefined);
      return run;
    },
  };
};

async function runSession<T>(
  context: FamilyContext,
  work: (session: Session) => Promise<T>,
  options: SessionOptions | undefined,
): Promise<T> {
  if (typeof work !== 'function')
    throw new ErpInteractiveUsageError('session() takes a function that uses the session');
  if (consumerKeyWithoutUser(await context.token()))
    throw new ErpInteractiveUsageError(
      "interactive sessions need a user: this token is a consumer key's without a user name (its `sub` claim is empty), and the service fails to find the user; request the token with the consumer key and a username",
    );
  // until the session answer says otherwise
  const timeoutSeconds = options?.sessionTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const now = options?.now ?? (() => clock.Date.now());
  const state: SessionState = {
    context,
    ui: await context.uiServer(),
    timeoutMs: timeoutSeconds * 1000,
    now,
    lastUsed: now(),
  };
  let answer: Record<string, unknown>;
  try {
    answer = await createSession(state, options);
  } catch (error) {
    // an answer that came but cannot be read (XML, when Accept was dropped on the way) may stand for a session
    // the server did create: it is ended before the error is told
    if (error instanceof ErpUnexpectedResponseError) await endSessions(state).catch(() => undefined);
    throw error;
  }
  const id = answer['Id'] ?? answer['SessionId'];
  if (typeof id !== 'string' || id === '') {
    await endSessions(state).catch(() => undefined);
    throw new ErpUnexpectedResponseError('the session answer has no Id (nor SessionId)', {
      request: `POST ${API}/sessions/`,
      status: 200,
    });
  }
  // the idle timeout: the one asked for, else a SessionTimeout the server reports, else the documents' 60 s
  const idleSeconds =
    options?.sessionTimeoutSeconds ?? sessionSeconds(answer, 'SessionTimeout') ?? DEFAULT_TIMEOUT_SECONDS;
  state.timeoutMs = idleSeconds * 1000;
  const session: Session = {
    id,
    build: buildOf(answer),
    idleTimeoutSeconds: idleSeconds,
    cleanupExpirationSeconds: sessionSeconds(answer, 'SessionCleanupExpiration'),
    open: (service) => {
      const descriptor = (service as { descriptor?: ServiceDescriptor } | null)?.descriptor;
      if (descriptor === undefined)
        return Promise.reject(new ErpInteractiveUsageError('open() takes a generated service (e.g. Order)'));
      return openWindow(state, descriptor.name, descriptor) as Promise<never>;
    },
    openRaw: (name) => openWindow(state, name, undefined),
  };
  let outcome: { value: T } | undefined;
  try {
    outcome = { value: await work(session) };
  } finally {
    try {
      await endSessions(state);
    } catch (error) {
      // the work's own error wins; after success, a session left behind is worth an error
      const gone = error instanceof ErpSessionExpiredError;
      if (outcome !== undefined && !gone) {
        if (error instanceof Error)
          error.message = `the session's work completed, but ending the session failed (it expires by itself after ${idleSeconds} s): ${error.message}`;
        throw error;
      }
      context.log?.(`interactive: ending the session failed: ${context.http.redact(String(error))}`);
    }
  }
  return outcome.value;
}
