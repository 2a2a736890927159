// POST {ui_server}/api/v2/commands: the actions run one by one in a session of their own (0 open window, 2 change
// data, 5 select row, 6 save, 1 close, 9 run tool). No request or answer body was ever published: the body taken
// here is the one public client code sends, `{Requests: [{Action, DetailLevel, Args}]}`, and the answer is the
// sandbox's own, `{Results: [{Action, Status, Events, Messages}]}`, stopping at the first action that does not
// succeed; a refused action answers with that action's own error status and body.
import { randomUUID } from 'node:crypto';
import type { ServiceModel } from '../transactions/catalog.js';
import { jsonBody, jsonReply, type Reply, type ServiceRequest } from '../reply.js';
import { opened, refusal, result } from './answers.js';
import { DEFAULT_SESSION_TIMEOUT_MS, type SandboxSession } from './sessions.js';
import { newWindow, type SandboxWindow, type Windows } from './windows.js';

export function runCommands(
  windows: Windows,
  services: ReadonlyMap<string, ServiceModel>,
  token: string,
  request: ServiceRequest,
  now: () => number,
): Reply {
  const body = jsonBody(request)?.value as { Requests?: unknown } | undefined;
  if (!body || !Array.isArray(body.Requests)) return refusal(400, 'The commands request has no Requests.');
  const commands = body.Requests as unknown[];
  const bad = commands.findIndex((c) => c === null || typeof c !== 'object' || Array.isArray(c));
  if (bad >= 0) return refusal(400, `Requests[${bad}] is not a command object.`);
  const session: SandboxSession = {
    id: randomUUID(),
    token,
    user: '',
    refused: 0,
    timeoutMs: DEFAULT_SESSION_TIMEOUT_MS,
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
        return refusal(
          500,
          `Window <<${String(args['ServiceName'])}>> is not available or user does not have permission to open it`,
        );
      window = newWindow(service);
      session.windows.set(window.id, window);
      reply = result(1, { events: [opened(window.id)] });
    } else if (!window) return refusal(400, `Action ${String(action)} before a window was opened.`);
    else if (action === 2)
      reply = windows.change(window, { ...request, body: JSON.stringify({ WindowId: window.id, List: args['List'] }) });
    else if (action === 5) reply = result(1);
    else if (action === 6) reply = windows.save(session, window);
    else if (action === 9)
      reply = windows.runTool(session, window, { ...request, body: JSON.stringify({ ToolName: args['ToolName'] }) });
    else if (action === 1) {
      session.windows.delete(window.id);
      reply = result(1);
    } else return refusal(400, `Unknown action ${String(action)}.`);
    if (reply.status !== 200) return reply;
    const answer = JSON.parse(String(reply.body)) as { Status: number };
    results.push({ Action: action, ...answer });
    if (answer.Status !== 1) break;
  }
  return jsonReply(200, { Results: results });
}
