// The Interactive API's sessions in the sandbox, one per bearer token: created, listed, deleted, and gone after
// their idle timeout (the SessionTimeout the create asked for, else the documents' 60 s, on an injectable clock).
// Up to 26.1.5910.3 a session left behind holds the user's place: creating another answers 409 `Session already
// exists.` and a 500 in turn until it is deleted with the token that made it (another token's DELETE: 400 `Invalid
// session`); from 26.1.5940.0 a create replaces the token's earlier session. The create's answer is as public
// captures show it: 26.1 `{Id, Properties: [{Name, Properties}]}` with named groups, 25.2 `{SessionId, Status}`.
import { randomUUID } from 'node:crypto';
import { playsGhostSessions } from '../builds.js';
import { jsonBody, jsonReply, type Reply, type ServiceRequest } from '../reply.js';
import { refusal } from './answers.js';
import type { SandboxWindow } from './windows.js';

export interface SandboxSession {
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

/** The documents' `SessionTimeout`: 60 seconds of inactivity by default, unless the session's create asks for more. */
export const DEFAULT_SESSION_TIMEOUT_MS = 60_000;

/** `hh:mm:ss` (a .NET TimeSpan) in milliseconds; undefined when it is not one */
function timeSpanMs(text: string): number | undefined {
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  return (((Number(m[1] ?? 0) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000;
}

export interface SessionSettings {
  /** the build played: `25.2.x` answers `SessionId`, 26.1 `Id`; up to 26.1.5910.3 sessions are left behind */
  readonly build: string;
  readonly now: () => number;
  /** what `SessionHandling` reports as `SessionCleanupExpiration` (`hh:mm:ss`) */
  readonly cleanup: string;
  /** the order of the session answer's property groups: as captured (`Telemetry` first) or reversed */
  readonly propertyOrder?: 'captured' | 'reversed';
}

/** The sessions, by the token that made them. */
export class Sessions {
  readonly #byToken = new Map<string, SandboxSession>();
  readonly #settings: SessionSettings;
  /** the builds up to 26.1.5910.3 leave a session behind that holds the user's place */
  readonly #ghosts: boolean;
  #created = 0;

  constructor(settings: SessionSettings) {
    if (timeSpanMs(settings.cleanup) === undefined)
      throw new Error(`interactive.sessionCleanup ${settings.cleanup}: expected hh:mm:ss`);
    this.#settings = settings;
    this.#ghosts = playsGhostSessions(settings.build);
  }

  /** sessions ever created */
  get created(): number {
    return this.#created;
  }

  /** sessions open now (not deleted, not expired) */
  open(): number {
    return [...this.#byToken.keys()].filter((token) => this.live(token) !== undefined).length;
  }

  /** the token's live session, dropping it when it has been idle too long */
  live(token: string): SandboxSession | undefined {
    const session = this.#byToken.get(token);
    if (session && this.#settings.now() - session.lastSeen > session.timeoutMs) this.#byToken.delete(token);
    return this.#byToken.get(token);
  }

  /** a window of any session, by its id */
  window(id: string): SandboxWindow | undefined {
    for (const session of this.#byToken.values()) {
      const window = session.windows.get(id);
      if (window) return window;
    }
    return undefined;
  }

  /** POST sessions: a session for the token, or the refusal its user's place or its missing user name earns */
  create(token: string, user: string, request: ServiceRequest): Reply {
    if (user === '')
      return refusal(
        500,
        'Unable to retrieve the user for this session: the token has no user name (user validation failed).',
      );
    // the ghost-session alternation of the builds up to 26.1.5910.3; later builds replace the token's session
    const held = this.#ghosts ? (this.live(token) ?? this.#otherTokens(token, user)) : undefined;
    if (held)
      return held.refused++ % 2 === 0
        ? refusal(409, 'Session already exists.')
        : refusal(500, 'Session already exists.');
    const body = request.body ? jsonBody(request)?.value : {};
    const timeout = (body as { SessionTimeout?: unknown } | undefined)?.SessionTimeout;
    const session: SandboxSession = {
      id: randomUUID(),
      token,
      user,
      refused: 0,
      // the documents: SessionTimeout, 60 s of inactivity by default; SessionCleanupExpiration is another limit
      timeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout * 1000 : DEFAULT_SESSION_TIMEOUT_MS,
      lastSeen: this.#settings.now(),
      windows: new Map(),
    };
    this.#byToken.set(token, session);
    this.#created++;
    return this.#createAnswer(session);
  }

  /** DELETE sessions: up to 26.1.5910.3, a session another token of the user made is not this token's to end */
  end(token: string, user: string): Reply {
    if (this.#ghosts && !this.live(token) && this.#otherTokens(token, user)) return refusal(400, 'Invalid session');
    this.#byToken.delete(token);
    return jsonReply(200, {});
  }

  /** a live session of `user` made with another token than `token` */
  #otherTokens(token: string, user: string): SandboxSession | undefined {
    return [...this.#byToken.values()].find((s) => s.user === user && s.token !== token && this.live(s.token) === s);
  }

  #createAnswer(session: SandboxSession): Reply {
    const { build, cleanup, propertyOrder } = this.#settings;
    if (build.startsWith('25.')) return jsonReply(200, { SessionId: session.id, Status: 'Active' });
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
    return jsonReply(200, { Id: session.id, Properties: propertyOrder === 'reversed' ? groups.reverse() : groups });
  }
}
