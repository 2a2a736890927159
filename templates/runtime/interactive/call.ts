// One request of an interactive session, and what the session and its windows keep between requests: the idle
// check (a call after a longer pause than the session's idle timeout is refused before sending), the UI server,
// and the service's failures as typed errors (build.ts says the service's rules).
import { ErpServerError, type RequestInfo } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { Exchange } from '../http/types.js';
import { hasOwn } from '../object.js';
import { overlayLine } from '../overlay-line.js';
import type { ElementDescriptor, ServiceDescriptor } from '../define-service.js';
import {
  ErpChangeRejectedError,
  ErpInteractiveError,
  ErpSessionExpiredError,
  ErpWindowNotFoundError,
  ErpWindowUnusableError,
  type ChangeItem,
} from './errors.js';
import { errorText } from './wire.js';

export const API = '/api/ui/interactive';

export function elementTab(element: string): string {
  const dot = element.indexOf('.');
  return dot < 0 ? element : element.slice(0, dot);
}

/** The datawindow a change names: the definition's DatawindowName, else the element name's part after the tab. */
export function datawindowOf(name: string, element: ElementDescriptor): string {
  if (element.datawindowName) return element.datawindowName;
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

const mentions = (message: string, field: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`, 'i').test(message);

export interface SessionState {
  readonly context: FamilyContext;
  readonly ui: string;
  timeoutMs: number;
  readonly now: () => number;
  lastUsed: number;
}

/** What a window keeps between calls. */
export interface WindowState {
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

export interface Call {
  readonly method: Exchange['method'];
  readonly path: string;
  readonly body?: unknown;
  readonly kind?: 'read' | 'write';
  readonly window?: WindowState;
  /** the items of a change, to say which were applied when one is refused */
  readonly items?: readonly ChangeItem[];
}

/** One request in a session: idle check, the UI server, Accept, and the service's failures as typed errors. */
export async function call(session: SessionState, request: Call): Promise<unknown> {
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
export function elementOf(descriptor: ServiceDescriptor, item: ChangeItem): string | undefined {
  const element = Object.entries(descriptor.elements).find(([name, el]) =>
    item.DatawindowName
      ? datawindowOf(name, el) === item.DatawindowName || name === item.DatawindowName
      : (item.TabName === null || elementTab(name) === item.TabName) && hasOwn(el.fields, item.FieldName),
  )?.[0];
  return element !== undefined && hasOwn(descriptor.elements[element]!.fields, item.FieldName) ? element : undefined;
}
