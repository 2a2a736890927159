// The Interactive API on the sandbox's UI server (`{ui_server}/api/ui/interactive/...`): sessions per bearer token,
// windows of the snapshot's transaction services, field changes, tabs, reads, saves, tools and response windows.
// A window loads a record from, and saves it to, the rows every family shares (the sandbox's `load` and `save`, the
// Transaction API's record store). It plays the behaviours the service documents say clients meet:
// - no `Accept: application/json`: an empty 500 (builds up to 26.1.5910.3) or a 200 in XML (26.1.5940.0 and later);
// - up to 26.1.5910.3 a session left behind holds the user's place: creating another answers 409 `Session already
//   exists.` and a 500 in turn until it is deleted with the token that made it (another token's DELETE: 400
//   `Invalid session`); from 26.1.5940.0 a create replaces the token's earlier session;
// - 25.2: without `Accept: application/json` the default representation (JSON), `TabName` taken for a tab change,
//   `DatawindowName` required on every change item (26.1: optional for the fields of the main element only);
// - a consumer key's token without a user name: the session cannot be created (the user is not found);
// - the session answer as public captures show it: 26.1 `{Id, Properties: [{Name, Properties}]}` with named groups
//   (`Telemetry`: the build; `SessionHandling`: `SessionCleanupExpiration` and the pool's settings), 25.2
//   `{SessionId, Status: "Active"}`;
// - a session unused for longer than its idle timeout (the SessionTimeout its create asked for, else the documents'
//   60 s; SessionCleanupExpiration, reported in SessionHandling, is another limit; on an injectable clock) is gone:
//   `Session not found or expired`; a closed window: `Window not found`;
// - a change names its tab's fields: a batched change stops at the first refused item (400, no Status), the items
//   before it applied, the ones after it not attempted; an over-length value is refused naming the field;
// - a wrong `DatawindowName`: 400 `Unable to find datawindow named {name}`, and the next request on that window
//   answers an empty 500 and applies nothing;
// - a tab change needs `PageName` (a `TabName` alone is refused with a blank tab name);
// - `?id=` on the window and data endpoints, `?windowId=` on the tools endpoint (the other one: 422/400);
// - loading a record that does not exist (changing a Form's key field): Status 2 (0 on 25.2), an empty window and a
//   message of Type 2; saving a window of a service configured to ask (`dialogs`) opens a response window: Status 3 with a
//   `windowopened` event, answered with its tools `cb_yes` / `cb_no`;
// - window data as public captures show it: a list of `{Name, Columns, Data}` with the rows by position (and an
//   `_internalrowindex` column), only for the datawindows of the active tab and those changed since the last read;
//   under a switch wrapped as `{Data: [...]}` or `{Data: {Data: [...]}}`.
import { randomUUID } from 'node:crypto';
import type { ElementModel as DataElement, FieldModel, ServiceModel } from '../transactions/catalog.js';
import type { Caller } from '../auth.js';
import { answersXmlWithoutAccept, DEFAULT_BUILD, playsGhostSessions } from '../builds.js';
import type { Routes } from '../server.js';
import { xmlAnswer } from '../xml-answer.js';
import { emptyReply, jsonBody, jsonReply, type Reply, type ServiceRequest } from './route-types.js';

/** A save's outcome: the keys the server gave (element -> field -> value), or why it was refused. */
export type SaveOutcome =
  | { readonly ok: true; readonly keys: ReadonlyMap<string, ReadonlyMap<string, string>> }
  | { readonly ok: false; readonly reason: string };

/** The three forms public clients read window data in: a list, `{Data: [...]}`, `{Data: {Data: [...]}}`. */
export type WindowDataShape = 'list' | 'data' | 'nested';

export interface InteractiveSandboxOptions {
  /** the snapshot's transaction services (their definitions give windows, tabs, datawindows and fields) */
  readonly services: ReadonlyMap<string, ServiceModel>;
  /** column lengths (`table.column` in lower case), for over-length values */
  readonly lengths: ReadonlyMap<string, number>;
  /** the UI server's path on the host (default `/uiserver0`) */
  readonly prefix?: string;
  /** the build played: `25.2.x` answers `SessionId`, 26.1 `Id`; up to 26.1.5910.3 a missing Accept is an empty 500 */
  readonly build?: string;
  /** milliseconds, for session expiry (default Date.now) */
  readonly now?: () => number;
  /**
   * The record of a service's main element whose KeyFields hold these values: element -> its first row's fields,
   * undefined when there is none (the window then answers Status 2).
   */
  readonly load?: (
    service: ServiceModel,
    keys: ReadonlyMap<string, string>,
  ) => ReadonlyMap<string, ReadonlyMap<string, string>> | undefined;
  /** Saves the changed datawindows' values (element -> field -> value) as one transaction of the service. */
  readonly save?: (service: ServiceModel, rows: ReadonlyMap<DataElement, ReadonlyMap<string, string>>) => SaveOutcome;
  /** whether a row with this value in this column (`table.column`, the field's DbColumnName) exists: the sandbox's rows */
  readonly exists?: (dbColumn: string, value: string) => boolean;
  /** the stored value of `dbColumn` in the row whose `keyDbColumn` is `key` (same table), as the window shows it */
  readonly valueOf?: (dbColumn: string, keyDbColumn: string, key: string) => string | undefined;
  /** whether the window has this column disabled: a change of it is refused (400 `Column is disabled: {field}`) */
  readonly disabled?: (service: string, element: string, field: string) => boolean;
  /** services whose save opens a response window asking to confirm, with its text */
  readonly dialogs?: Readonly<Record<string, string>>;
  /**
   * what `SessionHandling` reports as `SessionCleanupExpiration` (default `00:06:00`, as measured): a limit of the
   * server's session pool, not the idle timeout (that is SessionTimeout: 60 s unless the create asks for more)
   */
  readonly sessionCleanup?: string;
  /** the order of the session answer's property groups: as captured (`Telemetry` first, default) or reversed */
  readonly propertyOrder?: 'captured' | 'reversed';
  /** the form of GET /v2/data (default `list`) */
  readonly dataShape?: WindowDataShape;
}

interface SandboxWindow {
  readonly id: string;
  readonly service: ServiceModel;
  /** for a response window: the window whose save it holds */
  readonly parent?: SandboxWindow;
  readonly text?: string;
  activeTab: string | undefined;
  /** datawindow -> field -> value (one row per datawindow) */
  readonly values: Map<string, Map<string, string>>;
  /** the next request on this window answers an empty 500 (after a wrong DatawindowName) */
  poisoned: boolean;
  /** datawindows changed since the record was loaded (a save writes these) and since the last read (a read shows these) */
  readonly dirty: Set<string>;
  readonly unread: Set<string>;
  /** the open response window blocking this one */
  dialog?: SandboxWindow;
}

interface SandboxSession {
  readonly id: string;
  readonly token: string;
  /** the user the token signs in as: up to 26.1.5910.3 a session holds the user's place */
  readonly user: string;
  /** creates refused while this session held the user's place: 409 and 500 in turn */
  refused: number;
  readonly timeoutMs: number;
  lastSeen: number;
  readonly windows: Map<string, SandboxWindow>;
}

export interface InteractiveSandbox {
  /**
   * The sessions and windows, and POST `{ui_server}/api/v2/commands`: the actions run one by one in a session of
   * their own (0 open window, 2 change data, 5 select row, 6 save, 1 close, 9 run tool). The service's answer is not
   * documented: the sandbox answers `{Results: [{Action, Status, Events, Messages}]}`, stops at the first action
   * that does not succeed, and answers a refused action with that action's own error status and body.
   */
  readonly routes: Routes;
  /** sessions open now (not deleted, not expired) */
  openSessions(): number;
  /** sessions ever created */
  created(): number;
  /** the values a window holds, for tests: datawindow -> field -> value */
  windowValues(windowId: string): Record<string, Record<string, string>> | undefined;
}

const XML_NAMESPACE = 'http://schemas.datacontract.org/2004/07/Svc.UI.Service';

/** The documents' `SessionTimeout`: 60 seconds of inactivity by default, unless the session's create asks for more. */
const DEFAULT_SESSION_TIMEOUT_MS = 60_000;

const ERROR = (status: number, message: string) =>
  jsonReply(status, { ErrorMessage: message, ErrorType: 'Svc.Business.Interactive' });
const result = (status: number, extra: { events?: unknown[]; messages?: unknown[] } = {}) =>
  jsonReply(200, { Status: status, Events: extra.events ?? [], Messages: extra.messages ?? [] });
const opened = (id: string) => ({ Name: 'windowopened', Data: [{ Key: 'windowid', Value: id }] });

function tabOf(element: DataElement): string {
  const dot = element.name.indexOf('.');
  return dot < 0 ? element.name : element.name.slice(0, dot);
}

/** A field's column length: names are lower case on this server, so the name as given is tried before lower case. */
function lengthOf(field: FieldModel, lengths: ReadonlyMap<string, number>): number | undefined {
  if (!field.dbColumn) return undefined;
  return lengths.get(field.dbColumn) ?? lengths.get(field.dbColumn.toLowerCase());
}

const elementsOf = (service: ServiceModel): DataElement[] => [...service.elements.values()];
const fieldsOf = (element: DataElement): FieldModel[] => [...element.fields.values()];

/** The datawindow name a change uses for an element: the definition's, else the element name after the tab. */
function datawindowOf(element: DataElement): string {
  return element.datawindow ?? element.name.slice(element.name.indexOf('.') + 1);
}

/** `hh:mm:ss` (a .NET TimeSpan) in milliseconds; undefined when it is not one */
function timeSpanMs(text: string): number | undefined {
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  return (((Number(m[1] ?? 0) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000;
}

const newWindow = (service: ServiceModel, extra: Partial<SandboxWindow> = {}): SandboxWindow => ({
  id: randomUUID(),
  service,
  activeTab: undefined,
  values: new Map(),
  poisoned: false,
  dirty: new Set(),
  unread: new Set(),
  ...extra,
});

export function interactiveSandbox(options: InteractiveSandboxOptions): InteractiveSandbox {
  const prefix = `${options.prefix ?? '/uiserver0'}/api/ui/interactive`;
  const build = options.build ?? DEFAULT_BUILD;
  const old = build.startsWith('25.');
  const ghosts = playsGhostSessions(build);
  const now = options.now ?? (() => Date.now());
  const services = options.services;
  const sessions = new Map<string, SandboxSession>();
  const cleanup = options.sessionCleanup ?? '00:06:00';
  if (timeSpanMs(cleanup) === undefined) throw new Error(`interactive.sessionCleanup ${cleanup}: expected hh:mm:ss`);
  let created = 0;

  /** the token's live session, dropping it when it has been idle too long */
  function liveSession(token: string): SandboxSession | undefined {
    const session = sessions.get(token);
    if (session && now() - session.lastSeen > session.timeoutMs) sessions.delete(token);
    return sessions.get(token);
  }

  /** a live session of `user` made with another token than `token` */
  function otherTokensSession(token: string, user: string): SandboxSession | undefined {
    return [...sessions.values()].find((s) => s.user === user && s.token !== token && liveSession(s.token) === s);
  }

  function createSession(token: string, user: string, request: ServiceRequest): Reply {
    if (user === '')
      return ERROR(
        500,
        'Unable to retrieve the user for this session: the token has no user name (user validation failed).',
      );
    // the ghost-session alternation of the builds up to 26.1.5910.3; later builds replace the token's session
    const held = ghosts ? (liveSession(token) ?? otherTokensSession(token, user)) : undefined;
    if (held)
      return held.refused++ % 2 === 0 ? ERROR(409, 'Session already exists.') : ERROR(500, 'Session already exists.');
    const body = request.body ? jsonBody(request)?.value : {};
    const timeout = (body as { SessionTimeout?: unknown } | undefined)?.SessionTimeout;
    const session: SandboxSession = {
      id: randomUUID(),
      token,
      user,
      refused: 0,
      // the documents: SessionTimeout, 60 s of inactivity by default; SessionCleanupExpiration is another limit
      timeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout * 1000 : DEFAULT_SESSION_TIMEOUT_MS,
      lastSeen: now(),
      windows: new Map(),
    };
    sessions.set(token, session);
    created++;
    if (old) return jsonReply(200, { SessionId: session.id, Status: 'Active' });
    const groups = [
      {
        Name: 'Telemetry',
        Properties: {
          fullversion: build,
          shortversion: build.split('.').slice(0, 2).join('.'),
          configurationid: session.id.slice(0, 8),
        },
      },
      {
        Name: 'SessionHandling',
        Properties: {
          SessionCleanupExpiration: cleanup,
          TimedCleanupInterval: '00:01:00',
          PoolSize: 10,
          WarmStartCount: 2,
        },
      },
    ];
    return jsonReply(200, {
      Id: session.id,
      Properties: options.propertyOrder === 'reversed' ? groups.reverse() : groups,
    });
  }

  function windowOf(session: SandboxSession, request: ServiceRequest, param: 'id' | 'windowId'): SandboxWindow | Reply {
    const params = new URLSearchParams(request.query);
    let id: string | null;
    if (request.method === 'GET' || request.method === 'DELETE') {
      id = params.get(param);
      if (id === null)
        return param === 'windowId'
          ? jsonReply(400, {
              errors: { windowId: ['The windowId field is required.'] },
              title: 'One or more validation errors occurred.',
              status: 400,
            })
          : ERROR(422, 'Window ID was not provided');
    } else {
      const body = jsonBody(request)?.value;
      id =
        typeof body === 'string'
          ? body
          : typeof (body as { WindowId?: unknown } | null)?.WindowId === 'string'
            ? (body as { WindowId: string }).WindowId
            : null;
      if (id === null) return ERROR(422, 'Window ID was not provided');
    }
    return session.windows.get(id) ?? ERROR(400, 'Window not found');
  }

  function elementsOn(window: SandboxWindow, tab: string | null): DataElement[] {
    return elementsOf(window.service).filter((e) => tab === null || tabOf(e) === tab);
  }

  /** Loads the record of the main element's keys into the window: every element's first row. */
  function loadRecord(window: SandboxWindow, keys: ReadonlyMap<string, string>): boolean {
    const record = options.load?.(window.service, keys);
    if (!record) return false;
    window.values.clear();
    for (const element of elementsOf(window.service)) {
      const values = record.get(element.name);
      if (values && values.size > 0) window.values.set(datawindowOf(element), new Map(values));
    }
    window.dirty.clear();
    for (const dw of window.values.keys()) window.unread.add(dw);
    return true;
  }

  /**
   * After a save the window shows the record as stored (the values a column rounded, the keys given): the saved
   * datawindows are retrieved again, by the main element's keys, and count as changed for the next read.
   */
  function refresh(window: SandboxWindow, saved: Iterable<DataElement>): void {
    const main = window.service.main;
    const values = main && window.values.get(datawindowOf(main));
    const keys = new Map((main?.keyFields ?? []).map((k) => [k, values?.get(k) ?? '']));
    if (!main || [...keys.values()].some((v) => v === '')) return;
    const record = options.load?.(window.service, keys);
    if (!record) return;
    for (const element of saved) {
      const stored = record.get(element.name);
      if (!stored || stored.size === 0) continue;
      window.values.set(datawindowOf(element), new Map(stored));
      window.unread.add(datawindowOf(element));
    }
  }

  function change(window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { List?: unknown } | undefined;
    if (!body || !Array.isArray(body.List)) return ERROR(400, 'The change request has no List of changes.');
    const events: unknown[] = [];
    for (const raw of body.List as Array<Record<string, unknown> | null>) {
      if (raw === null || typeof raw !== 'object') return ERROR(400, 'A change item is not an object.');
      const field = String(raw['FieldName'] ?? '');
      const value = raw['Value'] === null || raw['Value'] === undefined ? '' : String(raw['Value']);
      const datawindow = raw['DatawindowName'];
      const tab = typeof raw['TabName'] === 'string' ? raw['TabName'] : null;
      const candidates = elementsOn(window, tab);
      let element: DataElement | undefined;
      if (typeof datawindow === 'string' && datawindow !== '') {
        element = elementsOf(window.service).find((e) => datawindowOf(e) === datawindow);
        if (!element) {
          window.poisoned = true;
          return ERROR(400, `Unable to find datawindow named ${datawindow}`);
        }
      } else if (old) return ERROR(400, `The DatawindowName of the change of ${field} is required.`);
      // 26.1: without a name (omitted, empty or null) a header-level field is found as with the correct name
      else element = candidates.find((e) => e === window.service.main && e.fields.has(field));
      if (tab !== null && element && tabOf(element) !== tab)
        return ERROR(400, `Field ${field} is not on tab page ${tab}`);
      if (tab !== null && window.activeTab !== tab)
        return ERROR(400, `Field ${field} is on tab page ${tab}, which is not the active tab page`);
      const definition = element?.fields.get(field);
      if (!element || !definition)
        return ERROR(400, `Field '${field}' not found in datawindow '${String(datawindow ?? '')}'`);
      // as a public capture shows it: a 400 naming the column, ErrorType null; the items before it stay applied
      if (options.disabled?.(window.service.name, element.name, field))
        return jsonReply(400, { ErrorMessage: `Column is disabled: ${field}`, ErrorType: null });
      const max = lengthOf(definition, options.lengths);
      if (max !== undefined && [...value].length > max)
        return ERROR(400, `The value for ${field} is longer than its maximum length of ${max}.`);
      const dw = datawindowOf(element);
      const values = window.values.get(dw) ?? new Map<string, string>();
      // a Form's key field retrieves the record: one that does not exist leaves the window empty, Status 2
      if (element.type === 'Form' && element.keyFields.includes(field)) {
        // Status 2 on 26.1; 0 on 25.2 (the documents' version table), with the same message of Type 2
        const missing = () => {
          window.values.clear();
          window.dirty.clear();
          const messages = [{ Text: `${element.name}: no record with ${field} ${value}.`, Type: 2 }];
          return result(old ? 0 : 2, { messages });
        };
        if (element === window.service.main) {
          const keys = new Map([...element.keyFields].map((k) => [k, k === field ? value : (values.get(k) ?? '')]));
          // the record is retrieved once every key field has a value
          if ([...keys.values()].every((v) => v !== '')) {
            if (!loadRecord(window, keys)) return missing();
            events.push({ Name: 'dwcontentchanged', Data: [{ Key: 'datawindow', Value: dw }] });
            continue;
          }
        } else {
          if (definition.dbColumn === null || options.exists?.(definition.dbColumn, value) !== true) return missing();
          // a record found among the rows brings its stored values: the fields whose column is in the key's table
          for (const other of fieldsOf(element)) {
            if (other.dbColumn === null || other === definition) continue;
            const stored = options.valueOf?.(other.dbColumn, definition.dbColumn, value);
            if (stored !== undefined) values.set(other.name, stored);
          }
        }
      }
      values.set(field, value);
      window.values.set(dw, values);
      window.dirty.add(dw);
      window.unread.add(dw);
      events.push({ Name: 'dwcontentchanged', Data: [{ Key: 'datawindow', Value: dw }] });
    }
    return result(1, { events });
  }

  function tab(window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { PageName?: unknown; TabName?: unknown } | undefined;
    // 26.1 takes PageName only (a TabName alone is a blank tab name); 25.2 tolerates TabName; PageName wins
    const name =
      typeof body?.PageName === 'string' ? body.PageName : old && typeof body?.TabName === 'string' ? body.TabName : '';
    if (!elementsOf(window.service).some((e) => tabOf(e) === name))
      return ERROR(400, `Tab page '${name}' was not found on the window.`);
    window.activeTab = name;
    return result(1, { messages: [] });
  }

  function save(session: SandboxSession, window: SandboxWindow): Reply {
    const question = options.dialogs?.[window.service.name];
    if (question !== undefined && !window.parent) {
      const dialog = newWindow(window.service, { parent: window, text: question });
      session.windows.set(dialog.id, dialog);
      window.dialog = dialog;
      return result(3, { events: [opened(dialog.id)], messages: [{ Text: question, Type: 1 }] });
    }
    return commit(window);
  }

  /** Writes the changed datawindows (and the main element's keys, which name the record) to the rows. */
  function commit(window: SandboxWindow): Reply {
    const main = window.service.main;
    const rows = new Map<DataElement, ReadonlyMap<string, string>>();
    for (const element of elementsOf(window.service)) {
      const values = window.values.get(datawindowOf(element));
      if (!values) continue;
      if (window.dirty.has(datawindowOf(element))) rows.set(element, values);
      else if (element === main)
        rows.set(element, new Map(element.keyFields.filter((k) => values.has(k)).map((k) => [k, values.get(k)!])));
    }
    const events: unknown[] = [];
    if (rows.size > 0 && options.save) {
      const saved = options.save(window.service, rows);
      if (!saved.ok) return ERROR(400, saved.reason);
      for (const [name, keys] of saved.keys) {
        const element = window.service.elements.get(name)!;
        const values = window.values.get(datawindowOf(element)) ?? new Map<string, string>();
        for (const [key, value] of keys) {
          values.set(key, value);
          events.push({ Name: 'keygenerated', Data: [{ Key: key, Value: value }] });
        }
        window.values.set(datawindowOf(element), values);
      }
      refresh(window, rows.keys());
    }
    window.dirty.clear();
    return result(1, { events, messages: [{ Text: 'Save complete.', Type: 1 }] });
  }

  function runTool(session: SandboxSession, window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { ToolName?: unknown } | undefined;
    const tool = body?.ToolName;
    if (window.parent) {
      if (tool !== 'cb_yes' && tool !== 'cb_no') return ERROR(400, `Tool ${String(tool)} was not found.`);
      session.windows.delete(window.id);
      const parent = window.parent;
      delete parent.dialog;
      return tool === 'cb_yes' ? commit(parent) : result(1, { messages: [{ Text: 'Save cancelled.', Type: 1 }] });
    }
    if (tool === 'cb_save') return save(session, window);
    return ERROR(400, `Tool ${String(tool)} was not found.`);
  }

  /**
   * GET /v2/data: the datawindows of the active tab and those changed since the last read, each `{Name, Columns,
   * Data}` with its rows by position (one row here) and the row index as a last column, as public captures show.
   */
  function data(window: SandboxWindow): Reply {
    const shown = elementsOf(window.service).filter(
      (e) => (window.activeTab !== undefined && tabOf(e) === window.activeTab) || window.unread.has(datawindowOf(e)),
    );
    window.unread.clear();
    const list = shown.map((e) => {
      const values = window.values.get(datawindowOf(e));
      const columns = [...e.fields.keys()];
      return {
        Name: e.name,
        Columns: [...columns, '_internalrowindex'],
        Data: values ? [[...columns.map((c) => values.get(c) ?? ''), 1]] : [],
      };
    });
    const shape = options.dataShape ?? 'list';
    return jsonReply(200, shape === 'list' ? list : shape === 'data' ? { Data: list } : { Data: { Data: list } });
  }

  function onWindow(session: SandboxSession, request: ServiceRequest, endpoint: string): Reply {
    const param = endpoint === 'v2/tools' && request.method === 'GET' ? 'windowId' : 'id';
    const found = windowOf(session, request, param);
    if (!('service' in found)) return found;
    const window = found;
    if (window.poisoned) {
      // the request after a wrong datawindow name: lost, nothing applied
      window.poisoned = false;
      return emptyReply(500);
    }
    if (window.dialog && endpoint !== 'v2/window')
      return result(3, { events: [opened(window.dialog.id)], messages: [{ Text: window.dialog.text ?? '', Type: 1 }] });
    const key = `${request.method} ${endpoint}`;
    switch (key) {
      case 'PUT v2/change':
        return change(window, request);
      case 'PUT v2/tab':
        return tab(window, request);
      case 'PUT v2/row':
        return result(1);
      case 'GET v2/data':
        return data(window);
      case 'PUT v2/data':
        return typeof jsonBody(request)?.value === 'string'
          ? save(session, window)
          : ERROR(422, 'Window ID was not provided');
      case 'GET v2/window':
        return jsonReply(200, { WindowId: window.id, Title: window.service.name });
      case 'DELETE v2/window':
        session.windows.delete(window.id);
        if (window.dialog) session.windows.delete(window.dialog.id);
        return result(1);
      case 'GET v2/tools':
        return jsonReply(
          200,
          window.parent
            ? [
                { ToolName: 'cb_yes', ToolText: 'Yes', DatawindowName: null, FieldName: null },
                { ToolName: 'cb_no', ToolText: 'No', DatawindowName: null, FieldName: null },
              ]
            : [{ ToolName: 'cb_save', ToolText: 'Save', DatawindowName: null, FieldName: null }],
        );
      case 'POST v2/tools':
        return runTool(session, window, request);
      default:
        return emptyReply(405);
    }
  }

  const route = (request: ServiceRequest, caller: Caller): Reply | undefined => {
    const endpoint = request.path.slice(prefix.length + 1).replace(/\/$/, '');
    const known = endpoint === 'sessions' || /^v2\/(window|change|tab|row|data|tools)$/.test(endpoint);
    if (!known) return undefined;
    // 25.2 answers its default representation (JSON) whatever Accept says
    if (old || /application\/json/i.test(request.headers['accept'] ?? '')) return answer(request, endpoint, caller);
    if (!answersXmlWithoutAccept(build)) return emptyReply(500);
    // from 26.1.5940.0 the request is served and its answer written as XML
    const reply = answer(request, endpoint, caller);
    if (!String(reply.headers['Content-Type'] ?? '').startsWith('application/json')) return reply;
    const root = endpoint === 'sessions' && request.method === 'POST' ? 'Session' : 'Result';
    const xml = xmlAnswer(
      root,
      `${XML_NAMESPACE}.${root === 'Session' ? 'Request' : 'Model'}`,
      JSON.parse(String(reply.body)),
      'Property',
    );
    return { ...xml, status: reply.status };
  };

  function answer(request: ServiceRequest, endpoint: string, { token, user }: Caller): Reply {
    if (endpoint === 'sessions') {
      if (request.method === 'POST') return createSession(token, user, request);
      if (request.method === 'DELETE') {
        // up to 26.1.5910.3, a session another token of the user made is not this token's to end: it expires
        if (ghosts && !liveSession(token) && otherTokensSession(token, user)) return ERROR(400, 'Invalid session');
        sessions.delete(token);
        return jsonReply(200, {});
      }
      if (request.method === 'GET') {
        const session = liveSession(token);
        return jsonReply(200, session ? [{ Id: session.id }] : []);
      }
      return emptyReply(405);
    }
    const session = liveSession(token);
    if (!session) return ERROR(400, 'Session not found or expired');
    session.lastSeen = now();
    if (endpoint === 'v2/window' && request.method === 'POST') {
      const name = (jsonBody(request)?.value as { ServiceName?: unknown } | undefined)?.ServiceName;
      const service = typeof name === 'string' ? services.get(name) : undefined;
      if (!service)
        return ERROR(500, `Window <<${String(name)}>> is not available or user does not have permission to open it`);
      const window = newWindow(service);
      session.windows.set(window.id, window);
      return jsonReply(200, { WindowId: window.id, Status: 1, Events: [opened(window.id)], Messages: [] });
    }
    return onWindow(session, request, endpoint);
  }

  /**
   * POST /api/v2/commands. No request or answer body was ever published: the body taken here is the one public
   * client code sends, `{Requests: [{Action, DetailLevel, Args}]}`, and the answer is the sandbox's own.
   */
  function runCommands(token: string, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { Requests?: unknown } | undefined;
    if (!body || !Array.isArray(body.Requests)) return ERROR(400, 'The commands request has no Requests.');
    const commands = body.Requests as unknown[];
    const bad = commands.findIndex((c) => c === null || typeof c !== 'object' || Array.isArray(c));
    if (bad >= 0) return ERROR(400, `Requests[${bad}] is not a command object.`);
    const session: SandboxSession = {
      id: randomUUID(),
      token,
      user: '',
      refused: 0,
      timeoutMs: 60_000,
      lastSeen: now(),
      windows: new Map(),
    };
    let window: SandboxWindow | undefined;
    const results: unknown[] = [];
    for (const command of commands as Array<{ Action?: unknown; Args?: unknown }>) {
      const action = command.Action;
      const args = (command.Args !== null && typeof command.Args === 'object' ? command.Args : {}) as Record<
        string,
        unknown
      >;
      let reply: Reply;
      if (action === 0) {
        const service = services.get(String(args['ServiceName'] ?? ''));
        if (!service)
          return ERROR(
            500,
            `Window <<${String(args['ServiceName'])}>> is not available or user does not have permission to open it`,
          );
        window = newWindow(service);
        session.windows.set(window.id, window);
        reply = result(1, { events: [opened(window.id)] });
      } else if (!window) return ERROR(400, `Action ${String(action)} before a window was opened.`);
      else if (action === 2)
        reply = change(window, { ...request, body: JSON.stringify({ WindowId: window.id, List: args['List'] }) });
      else if (action === 5) reply = result(1);
      else if (action === 6) reply = save(session, window);
      else if (action === 9)
        reply = runTool(session, window, { ...request, body: JSON.stringify({ ToolName: args['ToolName'] }) });
      else if (action === 1) {
        session.windows.delete(window.id);
        reply = result(1);
      } else return ERROR(400, `Unknown action ${String(action)}.`);
      if (reply.status !== 200) return reply;
      const answer = JSON.parse(String(reply.body)) as { Status: number };
      results.push({ Action: action, ...answer });
      if (answer.Status !== 1) break;
    }
    return jsonReply(200, { Results: results });
  }

  const commandsPath = `${options.prefix ?? '/uiserver0'}/api/v2/commands`;
  const commandsRoute = (request: ServiceRequest, { token }: Caller): Reply => {
    if (request.method !== 'POST') return emptyReply(405, { Allow: 'POST' });
    if (!old && !/application\/json/i.test(request.headers['accept'] ?? '')) return emptyReply(500);
    return runCommands(token, request);
  };

  return {
    routes: {
      name: 'interactive',
      owns: (path) => path.startsWith(`${prefix}/`) || path === commandsPath,
      access: 'ui',
      route: (request, caller) =>
        request.path === commandsPath ? commandsRoute(request, caller) : route(request, caller),
    },
    openSessions: () => [...sessions.keys()].filter((token) => liveSession(token) !== undefined).length,
    created: () => created,
    windowValues(windowId) {
      for (const session of sessions.values()) {
        const window = session.windows.get(windowId);
        if (window)
          return Object.fromEntries([...window.values].map(([dw, values]) => [dw, Object.fromEntries(values)]));
      }
      return undefined;
    },
  };
}
