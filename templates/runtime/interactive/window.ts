// A window of an interactive session (`session.open(Order)`): field changes typed from its service's definition,
// tab and row changes, reads, saves (read back when asked), tools and response windows (build.ts says the
// service's rules). A window's state and steps are an InteractiveWindow; what the caller holds is a Window whose
// members call them, so that a member taken off it (`const { save } = window`) still works.
import { ErpServerError, ErpUnexpectedResponseError, type WriteMismatch } from '../errors.js';
import { localDateTime, plainNumber } from '../literals.js';
import { hasOwn } from '../object.js';
import { checkVerify } from '../option-checks.js';
import { fieldMismatch, settle, type VerifyMode } from '../write-check.js';
import { API, call, datawindowOf, elementOf, elementTab, type SessionState, type WindowState } from './call.js';
import {
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpInteractiveUsageError,
  ErpWindowNotFoundError,
  type ChangeItem,
} from './errors.js';
import type { DatawindowData, DatawindowValue, InteractiveResult, Tool, Window, WriteOptions } from './index.js';
import { eventValue, readAnswer } from './wire.js';

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

/** The Window the caller holds: each member calls the window's step of the same name. */
export function makeWindow(session: SessionState, state: WindowState): Window<unknown, unknown> {
  const window = new InteractiveWindow(session, state);
  return {
    id: state.id,
    service: state.service,
    get usable() {
      return state.usable && !state.closed;
    },
    change: (element: string, fields: Record<string, unknown>) => window.change(element, fields),
    changeRaw: (items: readonly ChangeItem[]) => window.changeRaw(items),
    tab: (name: string) => window.selectTab(name),
    selectRow: (element: string, row: number) => window.selectRow(element, row),
    data: () => window.readData(),
    rows: (element: string) => window.rows(element),
    save: (options?: WriteOptions) => window.save(options),
    tools: () => window.tools(),
    runTool: (toolName: string, toolText?: string) => window.runTool(toolName, toolText),
    close: () => window.close(),
  } as Window<unknown, unknown>;
}

/** A window's state between calls, and each thing it does as a named step. */
class InteractiveWindow {
  readonly #session: SessionState;
  readonly #state: WindowState;
  /** the window id, for a query string */
  readonly #q: string;

  constructor(session: SessionState, state: WindowState) {
    this.#session = session;
    this.#state = state;
    this.#q = encodeURIComponent(state.id);
  }

  async change(element: string, fields: Record<string, unknown>): Promise<InteractiveResult> {
    const state = this.#state;
    const el = this.#dataElement(element);
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
    const selected = await this.#onTab(tab);
    if (selected !== undefined) return selected;
    return this.#send(items);
  }

  changeRaw(items: readonly ChangeItem[]): Promise<InteractiveResult> {
    if (!Array.isArray(items) || items.length === 0)
      return Promise.reject(
        new ErpInteractiveUsageError(`${this.#state.service}: changeRaw() takes a non-empty list of items`),
      );
    return this.#send(items);
  }

  async selectTab(name: string): Promise<InteractiveResult> {
    const state = this.#state;
    windowCheck(state, 'a tab change');
    const path = `${API}/v2/tab`;
    const answer = this.#result(
      await call(this.#session, { method: 'PUT', path, body: { WindowId: state.id, PageName: name }, window: state }),
      `PUT ${path}`,
    );
    if (answer.kind === 'ok') state.activeTab = name;
    return answer;
  }

  async selectRow(element: string, row: number): Promise<InteractiveResult> {
    const state = this.#state;
    windowCheck(state, 'a row change');
    const el = this.#dataElement(element);
    if (!Number.isInteger(row) || row < 0)
      throw new ErpInteractiveUsageError(`${state.service} ${element}: a row number is a whole number from 0`);
    const selected = await this.#onTab(elementTab(element));
    if (selected !== undefined) return selected;
    const path = `${API}/v2/row`;
    const body = { WindowId: state.id, DatawindowName: datawindowOf(element, el), Row: row };
    const answer = this.#result(await call(this.#session, { method: 'PUT', path, body, window: state }), `PUT ${path}`);
    if (answer.kind === 'ok') state.currentRow.set(element, row);
    return answer;
  }

  /** GET /v2/data: a list of datawindows, or that list as `{Data}`, `{Data: {Data}}` or `{Datawindows}` */
  async readData(): Promise<DatawindowData[]> {
    const state = this.#state;
    windowCheck(state, 'a read');
    const path = `${API}/v2/data?id=${this.#q}`;
    const body = await call(this.#session, { method: 'GET', path, window: state });
    const list = datawindowList(body);
    if (!list)
      throw new ErpUnexpectedResponseError(
        `${state.service}: the window data is not a list of datawindows`,
        this.#info(`GET ${path}`),
      );
    return list;
  }

  async rows(element: string): Promise<Array<Record<string, DatawindowValue>>> {
    const state = this.#state;
    windowCheck(state, 'a read');
    const el = this.#dataElement(element);
    const tab = elementTab(element);
    if ((await this.#onTab(tab)) !== undefined)
      throw new ErpInteractiveError(`${state.service}: the tab ${tab} could not be selected to read ${element}`, {
        request: `PUT ${API}/v2/tab`,
        status: 200,
        object: state.service,
      });
    const datawindow = datawindowOf(element, el);
    const found = (await this.readData()).find((d) => d.Name === element || d.Name === datawindow);
    if (!found)
      throw new ErpUnexpectedResponseError(
        `${state.service}: the window data holds no datawindow ${element} (${datawindow}), though its tab is active`,
        this.#info(`GET ${API}/v2/data?id=${this.#q}`),
      );
    return rowsOf(found);
  }

  async save(options?: WriteOptions): Promise<InteractiveResult> {
    const state = this.#state;
    windowCheck(state, 'a save');
    const mode = checkVerify(options?.verify, `${state.service}: save`) ?? this.#session.context.verify ?? false;
    const path = `${API}/v2/data`;
    // the body is the window id alone, as a JSON string: an object here is refused (422)
    const saved = this.#result(
      await call(this.#session, { method: 'PUT', path, body: state.id, window: state }),
      `PUT ${path}`,
    );
    // a save a response window holds is written when the dialog is answered: not verified here
    if (saved.kind !== 'ok') return saved;
    const changed = new Map(state.changed);
    state.changed.clear();
    if (mode !== false && changed.size > 0) await this.#verifySave(changed, mode);
    return saved;
  }

  async tools(): Promise<Tool[]> {
    windowCheck(this.#state, 'a tool list');
    const path = `${API}/v2/tools?windowId=${this.#q}`;
    const body = await call(this.#session, { method: 'GET', path, window: this.#state });
    if (!Array.isArray(body))
      throw new ErpUnexpectedResponseError(
        `${this.#state.service}: the tool list is not a list`,
        this.#info(`GET ${path}`),
      );
    return body as Tool[];
  }

  async runTool(toolName: string, toolText?: string): Promise<InteractiveResult> {
    const state = this.#state;
    windowCheck(state, 'a tool');
    const path = `${API}/v2/tools`;
    const body = { WindowId: state.id, ToolName: toolName, ...(toolText !== undefined ? { ToolText: toolText } : {}) };
    return this.#result(await call(this.#session, { method: 'POST', path, body, window: state }), `POST ${path}`);
  }

  async close(): Promise<void> {
    const state = this.#state;
    if (state.closed) return;
    const path = `${API}/v2/window?id=${this.#q}`;
    const once = () => call(this.#session, { method: 'DELETE', path, kind: 'write', window: state });
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
  }

  /** the service's data element named so, or a usage error naming it */
  #dataElement(element: string) {
    const { descriptor, service } = this.#state;
    const el = descriptor && hasOwn(descriptor.elements, element) ? descriptor.elements[element] : undefined;
    if (!el)
      throw new ErpInteractiveUsageError(`${service}: ${JSON.stringify(element)} is not a data element of the service`);
    return el;
  }

  /** `tab` made active first when it is not: undefined when it is, else the answer that did not make it so */
  async #onTab(tab: string): Promise<InteractiveResult | undefined> {
    if (this.#state.activeTab === tab) return undefined;
    const selected = await this.selectTab(tab);
    return selected.kind === 'ok' ? undefined : selected;
  }

  #info(path: string) {
    return { request: path, status: 200, object: this.#state.service };
  }

  /** An answer's Status as a result: ok, a missing record, or a response window that blocks this one. */
  #result(body: unknown, path: string): InteractiveResult {
    const state = this.#state;
    const answer = readAnswer(body, () => this.#info(path));
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
          this.#info(path),
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
      return { kind: 'blocked', responseWindow: makeWindow(this.#session, dialog), ...base };
    }
    throw new ErpUnexpectedResponseError(`${state.service}: an unknown Status ${answer.status}`, this.#info(path));
  }

  async #send(items: readonly ChangeItem[]): Promise<InteractiveResult> {
    const state = this.#state;
    windowCheck(state, 'a change');
    const path = `${API}/v2/change`;
    let answer: InteractiveResult;
    try {
      answer = this.#result(
        await call(this.#session, {
          method: 'PUT',
          path,
          body: { WindowId: state.id, List: items },
          window: state,
          items,
        }),
        `PUT ${path}`,
      );
    } catch (error) {
      // X5: the items before the refused one stay applied: a save writes them
      if (error instanceof ErpChangeRejectedError) remember(state, error.applied);
      throw error;
    }
    if (answer.kind === 'ok') remember(state, items);
    return answer;
  }

  /**
   * A saved window read back (`GET /v2/data`; an element the answer leaves out is read again after selecting its
   * tab) and each value changed since the last save compared with what the window shows now: a List element's on
   * its current row.
   */
  async #verifySave(changed: ReadonlyMap<string, ReadonlyMap<string, string>>, mode: VerifyMode): Promise<void> {
    const state = this.#state;
    let data = await this.readData();
    const found: WriteMismatch[] = [];
    for (const [element, fields] of changed) {
      const el = state.descriptor!.elements[element]!;
      const datawindow = datawindowOf(element, el);
      const shown = (list: readonly DatawindowData[]) => list.find((d) => d.Name === element || d.Name === datawindow);
      if (!shown(data)) {
        await this.selectTab(elementTab(element));
        data = await this.readData();
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
      (value) => this.#session.context.http.show(value, 40),
      this.#session.context.log,
    );
  }
}
