// The Interactive API's windows in the sandbox: a window of a transaction service, its tabs, its datawindows' values
// (one row each), field changes, reads, saves, tools and response windows. A window loads a record from, and saves
// it to, the rows every family shares (the sandbox's `load` and `save`, the Transaction API's record store).
// - a change names its tab's fields: a batched change stops at the first refused item (400, no Status), the items
//   before it applied, the ones after it not attempted; an over-length value is refused naming the field;
// - a wrong `DatawindowName`: 400 `Unable to find datawindow named {name}`, and the next request on that window
//   answers an empty 500 and applies nothing;
// - 25.2: `TabName` taken for a tab change, `DatawindowName` required on every change item (26.1: optional for the
//   fields of the main element only); 26.1 needs `PageName` (a `TabName` alone is refused with a blank tab name);
// - loading a record that does not exist (changing a Form's key field): Status 2 (0 on 25.2), an empty window and a
//   message of Type 2; saving a window of a service configured to ask (`dialogs`) opens a response window: Status 3
//   with a `windowopened` event, answered with its tools `cb_yes` / `cb_no`;
// - window data as public captures show it: a list of `{Name, Columns, Data}` with the rows by position (and an
//   `_internalrowindex` column), only for the datawindows of the active tab and those changed since the last read;
//   under a switch wrapped as `{Data: [...]}` or `{Data: {Data: [...]}}`.
import { randomUUID } from 'node:crypto';
import type { ElementModel as DataElement, FieldModel, ServiceModel } from '../transactions/catalog.js';
import { jsonBody, jsonReply, type Reply, type ServiceRequest } from '../reply.js';
import { opened, refusal, result } from './answers.js';
import type { SandboxSession } from './sessions.js';

/** A save's outcome: the keys the server gave (element -> field -> value), or why it was refused. */
type SaveOutcome =
  | { readonly ok: true; readonly keys: ReadonlyMap<string, ReadonlyMap<string, string>> }
  | { readonly ok: false; readonly reason: string };

/** The three forms public clients read window data in: a list, `{Data: [...]}`, `{Data: {Data: [...]}}`. */
type WindowDataShape = 'list' | 'data' | 'nested';

/** What a window needs of the rest of the sandbox, and the window setup it plays. */
export interface WindowSettings {
  /** the build is 25.2 (TabName taken, DatawindowName required, a missing record Status 0) */
  readonly old: boolean;
  /** column lengths (`table.column` in lower case), for over-length values */
  readonly lengths: ReadonlyMap<string, number>;
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
  /** the form of GET /v2/data (default `list`) */
  readonly dataShape?: WindowDataShape;
}

export interface SandboxWindow {
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

export const newWindow = (service: ServiceModel, extra: Partial<SandboxWindow> = {}): SandboxWindow => ({
  id: randomUUID(),
  service,
  activeTab: undefined,
  values: new Map(),
  poisoned: false,
  dirty: new Set(),
  unread: new Set(),
  ...extra,
});

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

/** One item of a change: a field of a datawindow (or of the main element's header), its new value. */
interface ChangeItem {
  readonly field: string;
  readonly value: string;
  readonly datawindow: unknown;
  readonly tab: string | null;
}

/** What a window does, over the settings the sandbox gives. */
export class Windows {
  readonly #settings: WindowSettings;

  constructor(settings: WindowSettings) {
    this.#settings = settings;
  }

  /** The window a request names: `?id=` or `?windowId=` (GET, DELETE), else its body's id; or the refusal. */
  find(session: SandboxSession, request: ServiceRequest, param: 'id' | 'windowId'): SandboxWindow | Reply {
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
          : refusal(422, 'Window ID was not provided');
    } else {
      const body = jsonBody(request)?.value;
      id =
        typeof body === 'string'
          ? body
          : typeof (body as { WindowId?: unknown } | null)?.WindowId === 'string'
            ? (body as { WindowId: string }).WindowId
            : null;
      if (id === null) return refusal(422, 'Window ID was not provided');
    }
    return session.windows.get(id) ?? refusal(400, 'Window not found');
  }

  /** PUT v2/change: the items one by one, stopping at the first refused (those before it stay applied). */
  change(window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { List?: unknown } | undefined;
    if (!body || !Array.isArray(body.List)) return refusal(400, 'The change request has no List of changes.');
    const events: unknown[] = [];
    for (const raw of body.List as Array<Record<string, unknown> | null>) {
      if (raw === null || typeof raw !== 'object') return refusal(400, 'A change item is not an object.');
      const item: ChangeItem = {
        field: String(raw['FieldName'] ?? ''),
        value: raw['Value'] === null || raw['Value'] === undefined ? '' : String(raw['Value']),
        datawindow: raw['DatawindowName'],
        tab: typeof raw['TabName'] === 'string' ? raw['TabName'] : null,
      };
      const refused = this.#changeItem(window, item, events);
      if (refused) return refused;
    }
    return result(1, { events });
  }

  /** PUT v2/tab: 26.1 takes PageName only (a TabName alone is a blank tab name); 25.2 tolerates TabName. */
  tab(window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { PageName?: unknown; TabName?: unknown } | undefined;
    // PageName wins when both come
    const name =
      typeof body?.PageName === 'string'
        ? body.PageName
        : this.#settings.old && typeof body?.TabName === 'string'
          ? body.TabName
          : '';
    if (!elementsOf(window.service).some((e) => tabOf(e) === name))
      return refusal(400, `Tab page '${name}' was not found on the window.`);
    window.activeTab = name;
    return result(1, { messages: [] });
  }

  /** A save: a response window first for a service configured to ask, else the changes written. */
  save(session: SandboxSession, window: SandboxWindow): Reply {
    const question = this.#settings.dialogs?.[window.service.name];
    if (question !== undefined && !window.parent) {
      const dialog = newWindow(window.service, { parent: window, text: question });
      session.windows.set(dialog.id, dialog);
      window.dialog = dialog;
      return result(3, { events: [opened(dialog.id)], messages: [{ Text: question, Type: 1 }] });
    }
    return this.#commit(window);
  }

  /** POST v2/tools: a response window's cb_yes (save) and cb_no (cancel); a window's cb_save. */
  runTool(session: SandboxSession, window: SandboxWindow, request: ServiceRequest): Reply {
    const body = jsonBody(request)?.value as { ToolName?: unknown } | undefined;
    const tool = body?.ToolName;
    if (window.parent) {
      if (tool !== 'cb_yes' && tool !== 'cb_no') return refusal(400, `Tool ${String(tool)} was not found.`);
      session.windows.delete(window.id);
      const parent = window.parent;
      delete parent.dialog;
      return tool === 'cb_yes' ? this.#commit(parent) : result(1, { messages: [{ Text: 'Save cancelled.', Type: 1 }] });
    }
    if (tool === 'cb_save') return this.save(session, window);
    return refusal(400, `Tool ${String(tool)} was not found.`);
  }

  /**
   * GET /v2/data: the datawindows of the active tab and those changed since the last read, each `{Name, Columns,
   * Data}` with its rows by position (one row here) and the row index as a last column, as public captures show.
   */
  data(window: SandboxWindow): Reply {
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
    const shape = this.#settings.dataShape ?? 'list';
    return jsonReply(200, shape === 'list' ? list : shape === 'data' ? { Data: list } : { Data: { Data: list } });
  }

  /** One change item applied, or its refusal; a key field of a Form retrieves the record it names. */
  #changeItem(window: SandboxWindow, item: ChangeItem, events: unknown[]): Reply | undefined {
    const { field, value } = item;
    const element = this.#elementOf(window, item);
    if (!('fields' in element)) return element;
    const definition = element.fields.get(field)!;
    const dw = datawindowOf(element);
    const values = window.values.get(dw) ?? new Map<string, string>();
    // a Form's key field retrieves the record: one that does not exist leaves the window empty, Status 2
    if (element.type === 'Form' && element.keyFields.includes(field)) {
      const retrieved = this.#retrieve(window, element, definition, item, values);
      if (retrieved === 'missing') return this.#missing(window, element, item);
      if (retrieved === 'loaded') {
        events.push({ Name: 'dwcontentchanged', Data: [{ Key: 'datawindow', Value: dw }] });
        return undefined;
      }
    }
    values.set(field, value);
    window.values.set(dw, values);
    window.dirty.add(dw);
    window.unread.add(dw);
    events.push({ Name: 'dwcontentchanged', Data: [{ Key: 'datawindow', Value: dw }] });
    return undefined;
  }

  /** The element a change item names, checked: its datawindow and tab, the field, the window's setup, the length. */
  #elementOf(window: SandboxWindow, { field, value, datawindow, tab }: ChangeItem): DataElement | Reply {
    let element: DataElement | undefined;
    if (typeof datawindow === 'string' && datawindow !== '') {
      element = elementsOf(window.service).find((e) => datawindowOf(e) === datawindow);
      if (!element) {
        window.poisoned = true;
        return refusal(400, `Unable to find datawindow named ${datawindow}`);
      }
    } else if (this.#settings.old) return refusal(400, `The DatawindowName of the change of ${field} is required.`);
    // 26.1: without a name (omitted, empty or null) a header-level field is found as with the correct name
    else
      element = elementsOf(window.service)
        .filter((e) => tab === null || tabOf(e) === tab)
        .find((e) => e === window.service.main && e.fields.has(field));
    if (tab !== null && element && tabOf(element) !== tab)
      return refusal(400, `Field ${field} is not on tab page ${tab}`);
    if (tab !== null && window.activeTab !== tab)
      return refusal(400, `Field ${field} is on tab page ${tab}, which is not the active tab page`);
    const definition = element?.fields.get(field);
    if (!element || !definition)
      return refusal(400, `Field '${field}' not found in datawindow '${String(datawindow ?? '')}'`);
    // as a public capture shows it: a 400 naming the column, ErrorType null; the items before it stay applied
    if (this.#settings.disabled?.(window.service.name, element.name, field))
      return jsonReply(400, { ErrorMessage: `Column is disabled: ${field}`, ErrorType: null });
    const max = lengthOf(definition, this.#settings.lengths);
    if (max !== undefined && [...value].length > max)
      return refusal(400, `The value for ${field} is longer than its maximum length of ${max}.`);
    return element;
  }

  /**
   * A key field of a Form changed: the main element's record loads once every key field has a value (`loaded`);
   * another Form's key field brings the stored values of its own table's row into `values`. `missing`: no record.
   */
  #retrieve(
    window: SandboxWindow,
    element: DataElement,
    definition: FieldModel,
    { field, value }: ChangeItem,
    values: Map<string, string>,
  ): 'loaded' | 'missing' | undefined {
    if (element === window.service.main) {
      const keys = new Map([...element.keyFields].map((k) => [k, k === field ? value : (values.get(k) ?? '')]));
      if (![...keys.values()].every((v) => v !== '')) return undefined;
      return this.#loadRecord(window, keys) ? 'loaded' : 'missing';
    }
    if (definition.dbColumn === null || this.#settings.exists?.(definition.dbColumn, value) !== true) return 'missing';
    // a record found among the rows brings its stored values: the fields whose column is in the key's table
    for (const other of fieldsOf(element)) {
      if (other.dbColumn === null || other === definition) continue;
      const stored = this.#settings.valueOf?.(other.dbColumn, definition.dbColumn, value);
      if (stored !== undefined) values.set(other.name, stored);
    }
    return undefined;
  }

  /** No record with that key: the window empty; Status 2 on 26.1, 0 on 25.2 (the documents' version table). */
  #missing(window: SandboxWindow, element: DataElement, { field, value }: ChangeItem): Reply {
    window.values.clear();
    window.dirty.clear();
    const messages = [{ Text: `${element.name}: no record with ${field} ${value}.`, Type: 2 }];
    return result(this.#settings.old ? 0 : 2, { messages });
  }

  /** Loads the record of the main element's keys into the window: every element's first row. */
  #loadRecord(window: SandboxWindow, keys: ReadonlyMap<string, string>): boolean {
    const record = this.#settings.load?.(window.service, keys);
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

  /** Writes the changed datawindows (and the main element's keys, which name the record) to the rows. */
  #commit(window: SandboxWindow): Reply {
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
    if (rows.size > 0 && this.#settings.save) {
      const saved = this.#settings.save(window.service, rows);
      if (!saved.ok) return refusal(400, saved.reason);
      for (const [name, keys] of saved.keys) {
        const element = window.service.elements.get(name)!;
        const values = window.values.get(datawindowOf(element)) ?? new Map<string, string>();
        for (const [key, value] of keys) {
          values.set(key, value);
          events.push({ Name: 'keygenerated', Data: [{ Key: key, Value: value }] });
        }
        window.values.set(datawindowOf(element), values);
      }
      this.#refresh(window, rows.keys());
    }
    window.dirty.clear();
    return result(1, { events, messages: [{ Text: 'Save complete.', Type: 1 }] });
  }

  /**
   * After a save the window shows the record as stored (the values a column rounded, the keys given): the saved
   * datawindows are retrieved again, by the main element's keys, and count as changed for the next read.
   */
  #refresh(window: SandboxWindow, saved: Iterable<DataElement>): void {
    const main = window.service.main;
    const values = main && window.values.get(datawindowOf(main));
    const keys = new Map((main?.keyFields ?? []).map((k) => [k, values?.get(k) ?? '']));
    if (!main || [...keys.values()].some((v) => v === '')) return;
    const record = this.#settings.load?.(window.service, keys);
    if (!record) return;
    for (const element of saved) {
      const stored = record.get(element.name);
      if (!stored || stored.size === 0) continue;
      window.values.set(datawindowOf(element), new Map(stored));
      window.unread.add(datawindowOf(element));
    }
  }
}
