// The client: one context (the HTTP layer with its token and retry policy, the UI server found through the router,
// the snapshot's settings) and the families built on it (families.ts): the query surface's paging and the
// Transaction API as the client's own members, each other family as a namespace. A family other than paging loads
// its code on its first call.
import { checkAuth, checkBaseUrl, checkTruncate, checkVerify, checkWord } from './option-checks.js';
import { guardDrift } from './drift.js';
import { FAMILIES, OWN_MEMBERS } from './families.js';
import { createObserver } from './hooks.js';
import { createHttp } from './http/create-http.js';
import { toRetryPolicy } from './retry.js';
import { validateMode } from './query/validate-mode.js';
import { router, trimSlash } from './router.js';
/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings) {
  return (options) => createClient(options, settings);
}
export function createClient(options, settings = {}) {
  checkBaseUrl('createClient', options.baseUrl);
  checkAuth(options.auth);
  checkTruncate(options.truncate, 'createClient');
  const verify = checkVerify(options.verify, 'createClient');
  const baseUrl = trimSlash(options.baseUrl);
  const retry = toRetryPolicy(options.retry, options.log);
  // the hooks see paths redacted with every secret the client knows, its provider's included
  let http;
  const observer = createObserver(options, (text) => http.redact(text));
  const auth =
    typeof options.auth === 'object' && options.auth !== null && typeof options.auth.attach === 'function'
      ? options.auth.attach({
          baseUrl,
          retry,
          observer,
          ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
          ...(options.log !== undefined ? { log: options.log } : {}),
        })
      : options.auth;
  const shared = (http = createHttp({ ...options, auth, retry, observer }));
  const uiServer = router(baseUrl, forFamily(shared, 'router'), options.uiServerUrl);
  const drift = checkWord('createClient', 'drift', options.drift, ['warn', 'error', 'off']) ?? 'warn';
  // serverinfo, read once for the guard, is the Transaction API's (as client.serverBuild() reads it)
  const guarded = guardDrift({
    mode: drift,
    provenance: settings.provenance,
    http: forFamily(shared, 'transactions'),
    uiServer,
    log: options.log,
  });
  const validate = validateMode(options.validate, 'createClient');
  const context = (family) => ({
    baseUrl,
    uiServer,
    http: forFamily(guarded, family),
    retry,
    token: shared.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    observer,
    validate,
    ...(options.log ? { log: options.log } : {}),
    ...(options.truncate ? { truncate: options.truncate } : {}),
    ...(verify !== undefined ? { verify } : {}),
  });
  const own = new Set(OWN_MEMBERS);
  const client = {};
  for (const name of OWN_MEMBERS) Object.assign(client, FAMILIES[name](context(name)));
  client['uiServer'] = uiServer;
  for (const [name, family] of Object.entries(FAMILIES)) if (!own.has(name)) client[name] = family(context(name));
  return client;
}
/** The HTTP layer as a family uses it: each of its exchanges says who asks, for the hooks and spans. */
function forFamily(http, family) {
  return {
    ...http,
    json: (exchange) => http.json({ family, ...exchange }),
    bytes: (exchange) => http.bytes({ family, ...exchange }),
    stream: (exchange, open) => http.stream({ family, ...exchange }, open),
  };
}
