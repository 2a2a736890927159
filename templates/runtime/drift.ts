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
import type { DefinitionsOverlay } from './contract.js';
import { ErpDriftError } from './errors.js';
import type { Http } from './http/types.js';
import type { Logger } from './logger.js';
import { shownText } from './redact.js';

/**
 * Where the package's snapshot came from, as `erpgen generate` found it. A field is undefined when the snapshot does
 * not say: `build` and `fetchedAt` come from the manifest `erpgen fetch` writes, so a snapshot made by hand (or a
 * fetch whose serverinfo named no build) has neither.
 */
export interface Provenance {
  /** the server build `erpgen fetch` read from serverinfo, e.g. `26.1.5940.0` */
  readonly build?: string;
  /** sha256 (hex) of the snapshot's files: the schema documents, services.json and every definition */
  readonly snapshotDigest?: string;
  /** when `erpgen fetch` fetched the snapshot (ISO 8601) */
  readonly fetchedAt?: string;
  /**
   * What the team told erpgen about its server (erpgen.config.json `definitions`), as applied to the transaction
   * services' types: undefined when it told nothing
   */
  readonly definitions?: DefinitionsOverlay;
}

/** The most characters of a build a message shows. */
const BUILD_SHOWN = 64;

/** `warn`: one line through the logger; `error`: every call is refused with an ErpDriftError; `off`: not checked. */
export type DriftMode = 'warn' | 'error' | 'off';

/** The client's logger, or the console's warnings when none was given: a warning no one sees is none. */
export function warner(log: Logger | undefined): Logger {
  if (log) return log;
  const console = (globalThis as { console?: { warn(line: string): void } }).console;
  return (line) => console?.warn(line);
}

export interface DriftGuardOptions {
  readonly mode: DriftMode;
  readonly provenance: Provenance | undefined;
  /** the client's HTTP layer, unguarded: the guard's own request must not wait for itself */
  readonly http: Http;
  readonly uiServer: () => Promise<string>;
  readonly log: Logger | undefined;
}

/**
 * `http` with the guard in front of it, or `http` itself when there is nothing to check (mode `off`, or a package
 * without a recorded build).
 */
export function guardDrift(options: DriftGuardOptions): Http {
  const { mode, http } = options;
  const packageBuild = options.provenance?.build;
  if (mode === 'off' || packageBuild === undefined) return http;
  const say = warner(options.log);
  const notChecked = (why: string): void => options.log?.(`erpgen drift check: ${why}; not checked`);
  let checked: Promise<void> | undefined;
  const check = (): Promise<void> =>
    (checked ??= (async () => {
      let serverBuild: string | undefined;
      try {
        serverBuild = await readServerBuild(http, await options.uiServer());
      } catch (error) {
        notChecked(`the server's build could not be read (${errorText(error)})`);
        return;
      }
      if (serverBuild === undefined) notChecked("the server's serverinfo names no build");
      else if (serverBuild !== packageBuild) {
        const shown = (build: string) => shownText(build, http.redact, BUILD_SHOWN);
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
  const isRead = (exchange: { method: string; kind?: string }) =>
    (exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write')) === 'read';
  /** a read runs beside the check, its answer kept until the check passes; anything else waits for it */
  const guarded = async <T>(exchange: { method: string; kind?: string }, send: () => Promise<T>): Promise<T> => {
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
