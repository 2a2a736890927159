import { FAMILIES, OWN_MEMBERS } from './families.js';
import { createObserver } from './hooks.js';
import { createHttp } from './http.js';
import { toRetryPolicy } from './retry.js';
import { router, trimSlash } from './router.js';
/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings) {
  return (options) => createClient(options, settings);
}
export function createClient(options, settings = {}) {
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
  const context = (family) => ({
    baseUrl,
    uiServer,
    http: forFamily(shared, family),
    retry,
    token: shared.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    observer,
    ...(options.log ? { log: options.log } : {}),
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
