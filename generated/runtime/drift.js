// The drift guard: a package describes the server build its snapshot was fetched from, and a client that talks to
// another build may meet columns, fields and rules the package does not know. On the client's first request the
// guard reads the server's build once (serverinfo, as `erpgen fetch` does) and, when it differs from the package's,
// says so once through the logger ('warn', the default) or refuses every call with an ErpDriftError ('error').
//
// 'warn' never delays a call: the read runs beside the first request. 'error' lets a read run beside it too and
// holds its answer until the build is known; a write waits for the build before it is sent, so nothing reaches a
// server the package does not describe. A build that cannot be read (a key without the UI scope, a serverinfo
// that names none) is said once through the client's logger and not checked: the guard refuses a build it has
// read, never one it could not. That line is for a client given a logger only: without one, it would reach the
// console after every client's first failed call (the read fails as the call does), which says it already.
// A build is server text like any other: it is shown redacted, its control and bidi characters escaped, cut to
// BUILD_SHOWN characters (a hostile server's build may be a megabyte of escape sequences).
import { readServerBuild } from './discovery.js';
import { ErpDriftError } from './errors.js';
import { shownText } from './redact.js';
/** The most characters of a build a message shows. */
const BUILD_SHOWN = 64;
/** The client's logger, or the console's warnings when none was given: a warning no one sees is none. */
export function warner(log) {
  if (log) return log;
  const console = globalThis.console;
  return (line) => console?.warn(line);
}
/**
 * `http` with the guard in front of it, or `http` itself when there is nothing to check (mode `off`, or a package
 * without a recorded build).
 */
export function guardDrift(options) {
  const { mode, http } = options;
  const packageBuild = options.provenance?.build;
  if (mode === 'off' || packageBuild === undefined) return http;
  const say = warner(options.log);
  const notChecked = (why) => options.log?.(`erpgen drift check: ${why}; not checked`);
  let checked;
  const check = () =>
    (checked ??= (async () => {
      let serverBuild;
      try {
        serverBuild = await readServerBuild(http, await options.uiServer());
      } catch (error) {
        notChecked(`the server's build could not be read (${errorText(error)})`);
        return;
      }
      if (serverBuild === undefined) notChecked("the server's serverinfo names no build");
      else if (serverBuild !== packageBuild) {
        const shown = (build) => shownText(build, http.redact, BUILD_SHOWN);
        const drift = new ErpDriftError(shown(packageBuild), shown(serverBuild));
        if (mode === 'error') throw drift;
        say(`erpgen drift check: ${drift.message}`);
      }
    })());
  if (mode === 'warn')
    return {
      ...http,
      json: (exchange) => (void check(), http.json(exchange)),
      bytes: (exchange) => (void check(), http.bytes(exchange)),
      stream: (exchange, open) => (void check(), http.stream(exchange, open)),
    };
  const isRead = (exchange) => (exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write')) === 'read';
  /** a read runs beside the check, its answer kept until the check passes; anything else waits for it */
  const guarded = async (exchange, send) => {
    if (!isRead(exchange)) {
      await check();
      return send();
    }
    const [, answer] = await Promise.all([check(), send()]);
    return answer;
  };
  return {
    ...http,
    json: (exchange) => guarded(exchange, () => http.json(exchange)),
    bytes: (exchange) => guarded(exchange, () => http.bytes(exchange)),
    // a stream writes to its sink as it reads: it waits, like a write
    stream: async (exchange, open) => {
      await check();
      return http.stream(exchange, open);
    },
  };
}
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}
