// The Interactive API on the sandbox's UI server (`{ui_server}/api/ui/interactive/...`): sessions per bearer token
// (sessions.ts), windows of the snapshot's transaction services (windows.ts: field changes, tabs, reads, saves, tools
// and response windows), and POST `{ui_server}/api/v2/commands` (commands.ts). What this module plays itself:
// - no `Accept: application/json`: an empty 500 (builds up to 26.1.5910.3) or a 200 in XML (26.1.5940.0 and later);
// - 25.2: without `Accept: application/json` the default representation (JSON);
// - a consumer key's token without a user name: the session cannot be created (the user is not found);
// - a session unused for longer than its idle timeout is gone: `Session not found or expired`; a closed window:
//   `Window not found`;
// - `?id=` on the window and data endpoints, `?windowId=` on the tools endpoint (the other one: 422/400).
import type { ServiceModel } from '../transactions/catalog.js';
import type { Caller } from '../auth.js';
import { answersXmlWithoutAccept, DEFAULT_BUILD } from '../builds.js';
import { emptyReply, jsonBody, jsonReply, type Reply, type ServiceRequest } from '../reply.js';
import type { Routes } from '../server.js';
import { xmlAnswer } from '../xml-answer.js';
import { opened, refusal, result } from './answers.js';
import { runCommands } from './commands.js';
import { Sessions, type SandboxSession } from './sessions.js';
import { newWindow, Windows, type WindowSettings } from './windows.js';

export interface InteractiveSandboxOptions extends Omit<WindowSettings, 'old' | 'lengths'> {
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
   * what `SessionHandling` reports as `SessionCleanupExpiration` (default `00:06:00`, as measured): a limit of the
   * server's session pool, not the idle timeout (that is SessionTimeout: 60 s unless the create asks for more)
   */
  readonly sessionCleanup?: string;
  /** the order of the session answer's property groups: as captured (`Telemetry` first, default) or reversed */
  readonly propertyOrder?: 'captured' | 'reversed';
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

const TOOLS = [{ ToolName: 'cb_save', ToolText: 'Save', DatawindowName: null, FieldName: null }];
const DIALOG_TOOLS = [
  { ToolName: 'cb_yes', ToolText: 'Yes', DatawindowName: null, FieldName: null },
  { ToolName: 'cb_no', ToolText: 'No', DatawindowName: null, FieldName: null },
];

export function interactiveSandbox(options: InteractiveSandboxOptions): InteractiveSandbox {
  const uiServer = options.prefix ?? '/uiserver0';
  const prefix = `${uiServer}/api/ui/interactive`;
  const commandsPath = `${uiServer}/api/v2/commands`;
  const build = options.build ?? DEFAULT_BUILD;
  const old = build.startsWith('25.');
  const now = options.now ?? (() => Date.now());
  const sessions = new Sessions({
    build,
    now,
    cleanup: options.sessionCleanup ?? '00:06:00',
    ...(options.propertyOrder !== undefined ? { propertyOrder: options.propertyOrder } : {}),
  });
  const windows = new Windows({ ...options, old });

  const route = (request: ServiceRequest, caller: Caller): Reply | undefined => {
    const endpoint = request.path.slice(prefix.length + 1).replace(/\/$/, '');
    const known = endpoint === 'sessions' || /^v2\/(window|change|tab|row|data|tools)$/.test(endpoint);
    if (!known) return undefined;
    // 25.2 answers its default representation (JSON) whatever Accept says
    if (old || /application\/json/i.test(request.headers['accept'] ?? '')) return answer(request, endpoint, caller);
    if (!answersXmlWithoutAccept(build)) return emptyReply(500);
    // from 26.1.5940.0 the request is served and its answer written as XML
    return asXml(answer(request, endpoint, caller), endpoint === 'sessions' && request.method === 'POST');
  };

  function answer(request: ServiceRequest, endpoint: string, { token, user }: Caller): Reply {
    if (endpoint === 'sessions') {
      if (request.method === 'POST') return sessions.create(token, user, request);
      if (request.method === 'DELETE') return sessions.end(token, user);
      if (request.method === 'GET') {
        const session = sessions.live(token);
        return jsonReply(200, session ? [{ Id: session.id }] : []);
      }
      return emptyReply(405);
    }
    const session = sessions.live(token);
    if (!session) return refusal(400, 'Session not found or expired');
    session.lastSeen = now();
    if (endpoint === 'v2/window' && request.method === 'POST') return openWindow(session, request);
    return onWindow(session, request, endpoint);
  }

  function openWindow(session: SandboxSession, request: ServiceRequest): Reply {
    const name = (jsonBody(request)?.value as { ServiceName?: unknown } | undefined)?.ServiceName;
    const service = typeof name === 'string' ? options.services.get(name) : undefined;
    if (!service)
      return refusal(500, `Window <<${String(name)}>> is not available or user does not have permission to open it`);
    const window = newWindow(service);
    session.windows.set(window.id, window);
    return jsonReply(200, { WindowId: window.id, Status: 1, Events: [opened(window.id)], Messages: [] });
  }

  function onWindow(session: SandboxSession, request: ServiceRequest, endpoint: string): Reply {
    const param = endpoint === 'v2/tools' && request.method === 'GET' ? 'windowId' : 'id';
    const window = windows.find(session, request, param);
    if (!('service' in window)) return window;
    if (window.poisoned) {
      // the request after a wrong datawindow name: lost, nothing applied
      window.poisoned = false;
      return emptyReply(500);
    }
    if (window.dialog && endpoint !== 'v2/window')
      return result(3, { events: [opened(window.dialog.id)], messages: [{ Text: window.dialog.text ?? '', Type: 1 }] });
    switch (`${request.method} ${endpoint}`) {
      case 'PUT v2/change':
        return windows.change(window, request);
      case 'PUT v2/tab':
        return windows.tab(window, request);
      case 'PUT v2/row':
        return result(1);
      case 'GET v2/data':
        return windows.data(window);
      case 'PUT v2/data':
        return typeof jsonBody(request)?.value === 'string'
          ? windows.save(session, window)
          : refusal(422, 'Window ID was not provided');
      case 'GET v2/window':
        return jsonReply(200, { WindowId: window.id, Title: window.service.name });
      case 'DELETE v2/window':
        session.windows.delete(window.id);
        if (window.dialog) session.windows.delete(window.dialog.id);
        return result(1);
      case 'GET v2/tools':
        return jsonReply(200, window.parent ? DIALOG_TOOLS : TOOLS);
      case 'POST v2/tools':
        return windows.runTool(session, window, request);
      default:
        return emptyReply(405);
    }
  }

  const commandsRoute = (request: ServiceRequest, { token }: Caller): Reply => {
    if (request.method !== 'POST') return emptyReply(405, { Allow: 'POST' });
    if (!old && !/application\/json/i.test(request.headers['accept'] ?? '')) return emptyReply(500);
    return runCommands(windows, options.services, token, request, now);
  };

  return {
    routes: {
      name: 'interactive',
      owns: (path) => path.startsWith(`${prefix}/`) || path === commandsPath,
      access: 'ui',
      route: (request, caller) =>
        request.path === commandsPath ? commandsRoute(request, caller) : route(request, caller),
    },
    openSessions: () => sessions.open(),
    created: () => sessions.created,
    windowValues(windowId) {
      const window = sessions.window(windowId);
      return window
        ? Object.fromEntries([...window.values].map(([dw, values]) => [dw, Object.fromEntries(values)]))
        : undefined;
    },
  };
}

/** A JSON answer as the UI server writes it without `Accept: application/json` from 26.1.5940.0: in XML. */
function asXml(reply: Reply, session: boolean): Reply {
  if (!String(reply.headers['Content-Type'] ?? '').startsWith('application/json')) return reply;
  const root = session ? 'Session' : 'Result';
  const xml = xmlAnswer(
    root,
    `${XML_NAMESPACE}.${session ? 'Request' : 'Model'}`,
    JSON.parse(String(reply.body)),
    'Property',
  );
  return { ...xml, status: reply.status };
}
