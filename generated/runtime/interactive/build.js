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
import { ErpHttpError, ErpUnexpectedResponseError } from '../errors.js';
import { tokenClaims } from '../jwt.js';
import { hasOwn } from '../object.js';
import { API, call } from './call.js';
import { ErpInteractiveError, ErpInteractiveUsageError, ErpSessionExpiredError } from './errors.js';
import { makeWindow } from './window.js';
import { eventValue, readAnswer } from './wire.js';
const DEFAULT_TIMEOUT_SECONDS = 60;
// through globalThis: the package compiles without DOM or Node type definitions
const clock = globalThis;
/** Whether a token is a consumer key's without a user name: its `sub` is empty. */
function consumerKeyWithoutUser(token) {
  const claims = tokenClaims(token);
  if (claims === undefined) return false;
  const sub = claims['sub'];
  const noUser = typeof sub !== 'string' || sub.trim() === '';
  return noUser && (sub === '' || hasOwn(claims, 'Svc.ConsumerUid'));
}
async function openWindow(session, name, descriptor) {
  if (typeof name !== 'string' || name === '')
    throw new ErpInteractiveUsageError('a window is opened for a service name');
  const path = `${API}/v2/window`;
  const body = await call(session, { method: 'POST', path, body: { ServiceName: name }, kind: 'write' });
  const b = body ?? {};
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
async function createSession(session, options) {
  const path = `${API}/sessions/`;
  const body = {
    ResponseWindowHandlingEnabled: options?.handleResponseWindows ?? true,
    ...(options?.sessionTimeoutSeconds !== undefined ? { SessionTimeout: options.sessionTimeoutSeconds } : {}),
  };
  const create = () => call(session, { method: 'POST', path, body, kind: 'write' });
  let answer;
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
  return answer;
}
function endSessions(session) {
  // deleting is allowed after any pause: the check is for work on a session the server may have dropped
  session.lastUsed = session.now();
  return call(session, { method: 'DELETE', path: `${API}/sessions`, kind: 'write' });
}
/**
 * A property group of the session answer by its `Name` (`Telemetry`, `SessionHandling`), never by position; when no
 * group is named, the documents' `Properties[0]` stands for Telemetry.
 */
function propertyGroup(answer, name) {
  const groups = Array.isArray(answer['Properties']) ? answer['Properties'] : [];
  const named = (g) => g?.Name;
  const group =
    groups.find((g) => typeof named(g) === 'string' && named(g).toLowerCase() === name.toLowerCase()) ??
    (name === 'Telemetry' && groups.every((g) => named(g) === undefined) ? groups[0] : undefined);
  const properties = group?.Properties;
  return properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? properties : undefined;
}
function buildOf(answer) {
  const version = propertyGroup(answer, 'Telemetry')?.['fullversion'];
  return typeof version === 'string' ? version : undefined;
}
/**
 * A member of the session answer's `SessionHandling` group in seconds: a .NET TimeSpan (`00:06:00`, `1.00:00:00`)
 * or a number of seconds. `SessionTimeout` is the idle timeout (the documents: 60 s by default, longer on some
 * configurations; no capture shows the group carrying it, so it is read only when it does);
 * `SessionCleanupExpiration` (`00:06:00` on measured tenants) is another limit, of the server's session pool.
 */
function sessionSeconds(answer, member) {
  const value = propertyGroup(answer, 'SessionHandling')?.[member];
  if (typeof value === 'number') return value > 0 ? value : undefined;
  const m = typeof value === 'string' ? /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(value.trim()) : null;
  if (!m) return undefined;
  const seconds = ((Number(m[1] ?? 0) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4]);
  return seconds > 0 ? seconds : undefined;
}
/**
 * One session at a time per client: the service keeps one session per token (a second one is a 409), and the
 * cure for a 409, deleting the token's sessions, would end a session still in use. Concurrent session() calls
 * therefore run one after another.
 */
export const build = (context) => {
  let queue = Promise.resolve();
  return {
    session(work, options) {
      const run = queue.then(() => runSession(context, work, options));
      queue = run.catch(() => undefined);
      return run;
    },
  };
};
async function runSession(context, work, options) {
  if (typeof work !== 'function')
    throw new ErpInteractiveUsageError('session() takes a function that uses the session');
  if (consumerKeyWithoutUser(await context.token()))
    throw new ErpInteractiveUsageError(
      "interactive sessions need a user: this token is a consumer key's without a user name (its `sub` claim is empty), and the service fails to find the user; request the token with the consumer key and a username",
    );
  // until the session answer says otherwise
  const timeoutSeconds = options?.sessionTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const now = options?.now ?? (() => clock.Date.now());
  const state = {
    context,
    ui: await context.uiServer(),
    timeoutMs: timeoutSeconds * 1000,
    now,
    lastUsed: now(),
  };
  let answer;
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
  const session = {
    id,
    build: buildOf(answer),
    idleTimeoutSeconds: idleSeconds,
    cleanupExpirationSeconds: sessionSeconds(answer, 'SessionCleanupExpiration'),
    open: (service) => {
      const descriptor = service?.descriptor;
      if (descriptor === undefined)
        return Promise.reject(new ErpInteractiveUsageError('open() takes a generated service (e.g. Order)'));
      return openWindow(state, descriptor.name, descriptor);
    },
    openRaw: (name) => openWindow(state, name, undefined),
  };
  let outcome;
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
