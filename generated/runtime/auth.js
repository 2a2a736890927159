// Signing in: one bearer token for every family and every concurrent call.
//
// The service's rules: POST /api/security/token/v2 with a JSON body — user credentials `{username, password}`,
// or a consumer key `{ClientSecret, GrantType: 'client_credentials', username?}` (the user name, optional, is
// unauthenticated context: it attributes writes). The answer is JSON (`AccessToken`, and the lifetime in
// `ExpiresInSeconds` for users, 86,400 typical, or `ExpiresIn` for keys, 630,720,000 with Never Expire); some
// middleware answers XML (`<AccessToken>`). The deprecated POST /api/security/token (credentials in headers) is
// never used. Each token call opens a middleware session and may invalidate earlier tokens, so a token is
// asked for once and reused: concurrent callers share one request, and it is renewed only within 5 minutes of
// expiry (or half its lifetime, if that is shorter) or after the server refused it.
//
// Sign-in failures a user can act on: 401 `invalid_grant` (wrong user name or password); HTTP 500 with a
// TokenException (a consumer key not registered on this tenant: a tenant restored from another environment
// carries that environment's keys); 403 `insufficient_scope` (a key without scope). The token endpoint's error
// body echoes the consumer key, so it is redacted like every server body.
import { checkBaseUrl, checkSecret } from './option-checks.js';
import { ErpError, ErpHttpError, ErpSignInError, ErpUnexpectedResponseError } from './errors.js';
import { createHttp } from './http/create-http.js';
import { utf8Text } from './http/body.js';
import { origin } from './http/redirects.js';
import { tokenExpiry } from './jwt.js';
import { xmlField } from './xml.js';
/** Renew this long before expiry: the service's rule is 5 minutes. */
export const RENEW_BEFORE_MS = 5 * 60_000;
const TOKEN_PATH = '/api/security/token/v2';
/** The seconds of a lifetime field, a number or a numeric string; undefined when absent or not positive. */
function seconds(value) {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}
/** The token and its lifetime in seconds from the token endpoint's JSON answer, or its XML answer. */
export function parseTokenAnswer(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json !== null && typeof json === 'object') {
    const b = json;
    if (typeof b['AccessToken'] === 'string' && b['AccessToken'] !== '')
      return { token: b['AccessToken'], lifetime: seconds(b['ExpiresInSeconds']) ?? seconds(b['ExpiresIn']) };
    return undefined;
  }
  const token = xmlField(text, 'AccessToken');
  if (token === undefined || token === '') return undefined;
  return { token, lifetime: seconds(xmlField(text, 'ExpiresInSeconds')) ?? seconds(xmlField(text, 'ExpiresIn')) };
}
/**
 * `tokenAuth({ username, password })` or `tokenAuth({ consumerKey, username? })`, for `createClient({ baseUrl,
 * auth: tokenAuth(...) })`: the client gives it its base URL, fetch, retry policy, logger and hooks (`attach`),
 * so each sign-in and renewal is a line in the client's logger. Give one instance to every client of the same
 * server; used on its own (`token()` outside a client), it needs a `baseUrl`.
 */
export function tokenAuth(options) {
  return view(new TokenSource(options), undefined);
}
/** A view of one token source: its own (`binding` undefined: it signs in as itself), or a client's (`attach`). */
function view(source, binding) {
  return {
    token: () => source.token(binding),
    invalidate: (rejected) => source.invalidate(rejected),
    secrets: () => source.secrets(),
    get tokenCalls() {
      return source.tokenCalls;
    },
    attach: (client) => view(source, source.attach(client)),
  };
}
/**
 * The state one tokenAuth shares with every client's view of it: the credentials, the token it holds, the token call
 * in flight, and where it signs in.
 */
class TokenSource {
  #options;
  /** signs in with a consumer key (else user credentials) */
  #byKey;
  /** the tokenAuth's own base URL, without a trailing slash */
  #own;
  #now;
  #secretValues;
  #issuedTokens = [];
  #current;
  #pending;
  #calls = 0;
  /** why the next token call is made, for its log line: a renewal says why the token it replaces went */
  #renewal;
  /** the origin a tokenAuth without a baseUrl of its own signs in at: the first client's it was attached to */
  #attachedTo;
  /** how the tokenAuth itself (not a client's view of it) signs in: by its own baseUrl, else as its first client */
  #itself;
  constructor(options) {
    // an unset environment variable passed on with `!` would otherwise surface as a puzzling sign-in error; a
    // `consumerKey` named but undefined is a consumer key that is not set, not a missing password
    const keyNamed = Object.prototype.hasOwnProperty.call(options, 'consumerKey') && !('password' in options);
    checkSecret(keyNamed ? 'consumerKey' : 'password', keyNamed ? options.consumerKey : options.password);
    if (options.baseUrl !== undefined) checkBaseUrl('tokenAuth', options.baseUrl);
    this.#options = options;
    this.#byKey = keyNamed;
    this.#own = options.baseUrl !== undefined ? options.baseUrl.replace(/\/+$/, '') : undefined;
    this.#now = options.now ?? (() => Date.now());
    this.#secretValues = [options.password, options.consumerKey].filter((s) => typeof s === 'string');
    if (this.#own !== undefined) this.#itself = this.#bind(this.#own);
  }
  get tokenCalls() {
    return this.#calls;
  }
  secrets() {
    return [...this.#secretValues, ...this.#issuedTokens];
  }
  /** The token held while it is fresh; else one token call for every caller that asks meanwhile (single flight). */
  token(binding) {
    const current = this.#current;
    if (current !== undefined && (current.renewAt === undefined || this.#now() < current.renewAt))
      return Promise.resolve(current.value);
    const at = binding ?? this.#itself;
    if (at === undefined)
      return Promise.reject(
        new ErpError(
          "tokenAuth: no baseUrl to sign in at: give tokenAuth({ baseUrl, ... }), or pass it to createClient({ auth }), which gives it the client's",
        ),
      );
    if (current !== undefined) {
      const left =
        current.expiresAt !== undefined ? Math.max(0, Math.round((current.expiresAt - this.#now()) / 1000)) : 0;
      this.#renewal = `the old one expires in ${left} s`;
    }
    this.#pending ??= this.#signIn(at, this.#renewal).finally(() => {
      this.#pending = undefined;
      this.#renewal = undefined;
    });
    return this.#pending;
  }
  /** Several calls refused with the same token renew it once: only the token they were refused with is dropped. */
  invalidate(rejected) {
    if (this.#current !== undefined && (rejected === undefined || rejected === this.#current.value)) {
      this.#current = undefined;
      this.#renewal = 'the server refused the old one';
    }
  }
  /** A client's binding: credentials go only to the origin of the server they sign in to, the client's. */
  attach(client) {
    const at = origin(client.baseUrl);
    const own = this.#own;
    if (own !== undefined && origin(own) !== at)
      throw new ErpError(
        `tokenAuth: its baseUrl (${origin(own)}) is not the origin of the client it is given to (${at}); credentials are sent only to the server they sign in to: give tokenAuth no baseUrl (it takes the client's), or the client's`,
      );
    if (own === undefined && this.#attachedTo !== undefined && this.#attachedTo !== at)
      throw new ErpError(
        `tokenAuth: already signing in at ${this.#attachedTo}, so it cannot serve a client of ${at} too (credentials are sent only to the server they sign in to): make one tokenAuth per server`,
      );
    const binding = this.#bind(own ?? client.baseUrl.replace(/\/+$/, ''), client);
    if (own === undefined && this.#attachedTo === undefined) {
      this.#attachedTo = at;
      this.#itself = binding;
    }
    return binding;
  }
  #bind(base, client) {
    const options = this.#options;
    const fetch = options.fetch ?? client?.fetch;
    const retry = options.retry ?? client?.retry;
    const log = options.log ?? client?.log;
    const http = createHttp({
      // the token call itself carries no bearer token
      auth: { token: async () => '', secrets: () => this.secrets() },
      timeoutMs: options.timeoutMs ?? 60_000,
      // a token answer is a few hundred bytes
      maxResponseBytes: 1024 * 1024,
      ...(fetch !== undefined ? { fetch } : {}),
      ...(retry !== undefined ? { retry } : {}),
      ...(log !== undefined ? { log } : {}),
      ...(client?.observer !== undefined ? { observer: client.observer } : {}),
    });
    return { base, http, ...(log !== undefined ? { log } : {}) };
  }
  /** The token endpoint's body: the consumer key (and the user it attributes writes to), or the user's credentials. */
  #body() {
    const options = this.#options;
    return this.#byKey
      ? {
          ClientSecret: options.consumerKey,
          GrantType: 'client_credentials',
          ...(options.username !== undefined ? { username: options.username } : {}),
        }
      : { username: options.username, password: options.password };
  }
  async #signIn({ base, http, log }, why) {
    this.#calls++;
    const issuedAt = this.#now();
    const exchange = {
      method: 'POST',
      url: `${base}${TOKEN_PATH}`,
      shown: TOKEN_PATH,
      family: 'auth',
      object: 'token',
      body: this.#body(),
      kind: 'read',
      explain: (status, errorBody, text, info) => this.#signInError(base, status, errorBody, text, info),
    };
    const text = utf8Text(await http.bytes(exchange));
    const answer = parseTokenAnswer(text);
    if (answer === undefined)
      throw new ErpUnexpectedResponseError(
        `sign-in at ${origin(base)}: the token answer holds no AccessToken: ${http.show(text)}`,
        { request: `POST ${TOKEN_PATH}`, status: 200 },
      );
    this.#issuedTokens.push(answer.token);
    const lifetimeMs = this.#keep(answer, issuedAt);
    const valid = lifetimeMs !== undefined ? ` (token valid for ${Math.round(lifetimeMs / 1000)} s)` : '';
    log?.(
      why === undefined
        ? `signed in at ${origin(base)} as ${this.#who()}${valid}`
        : `renewed the token at ${origin(base)} for ${this.#who()}: ${why}${valid}`,
    );
    return answer.token;
  }
  /** Holds a new token until it is renewed: within 5 minutes of expiry, or half its lifetime if that is shorter. */
  #keep(answer, issuedAt) {
    const expiresAt = answer.lifetime !== undefined ? issuedAt + answer.lifetime * 1000 : tokenExpiry(answer.token);
    const lifetimeMs = expiresAt !== undefined ? expiresAt - issuedAt : undefined;
    this.#current = {
      value: answer.token,
      renewAt:
        expiresAt !== undefined && lifetimeMs !== undefined
          ? expiresAt - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2)
          : undefined,
      expiresAt,
    };
    return lifetimeMs;
  }
  /**
   * Who signed in, for a sign-in that worked. A sign-in that failed may have been given the password as the user
   * name (the two swapped by mistake), so its errors never show the user name (#signInError).
   */
  #who() {
    const username = this.#options.username;
    return this.#byKey
      ? `the consumer key${username !== undefined ? ` (user "${username}")` : ''}`
      : `user "${username}"`;
  }
  #signInError(base, status, body, text, info) {
    const byKey = this.#byKey;
    const b = body !== null && typeof body === 'object' ? body : {};
    const message = [b['error_description'], b['ErrorMessage'], b['error'], b['Message']].find(
      (m) => typeof m === 'string' && m !== '',
    );
    const at = origin(base);
    if (status === 401)
      return new ErpSignInError(
        b['error'] === 'invalid_grant' || !byKey
          ? `sign-in refused at ${at}: wrong user name or password (invalid_grant)`
          : `sign-in refused at ${at} for the consumer key`,
        info(status, message),
        byKey && b['error'] !== 'invalid_grant' ? 'other' : 'credentials',
      );
    if (status === 403)
      return new ErpSignInError(
        `sign-in refused at ${at}: ${byKey ? 'the consumer key' : 'the user'} has no scope (insufficient_scope); give the key an API scope on the administration site (${at}/api/admin, API console)`,
        info(status, message),
        'no-scope',
      );
    if (status === 500 && byKey && /TokenException/i.test(text)) {
      // the cause is in InnerException, which echoes the key: shown, as every server text, redacted (info does)
      const inner = typeof b['InnerException'] === 'string' && b['InnerException'] !== '' ? b['InnerException'] : '';
      return new ErpSignInError(
        `sign-in failed at ${at}: the consumer key is not registered on this tenant, so no token can be generated for it (TokenException); a tenant restored from another environment carries that environment's keys: register the key here, or use this tenant's key`,
        info(status, [message, inner].filter((m) => m !== undefined && m !== '').join(' ')),
        'unknown-key',
      );
    }
    return undefined;
  }
}
