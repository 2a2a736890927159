// The client: one context (the HTTP layer with its token and retry policy, the UI server found through the router,
// the snapshot's settings) and the families built on it (families.ts): the query surface's paging and the
// Transaction API as the client's own members, each other family as a namespace. A family other than paging loads
// its code on its first call.
import { checkAuth, checkTruncate } from './option-checks.js';
import { FAMILIES, OWN_MEMBERS } from './families.js';
import { createHttp } from './http.js';
import { toRetryPolicy } from './retry.js';
import { router, trimSlash } from './router.js';
/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings) {
  return (options) => createClient(options, settings);
}
export function createClient(options, settings = {}) {
  checkAuth(options.auth);
  checkTruncate(options.truncate, 'createClient');
  const baseUrl = trimSlash(options.baseUrl);
  const retry = toRetryPolicy(options.retry, options.log);
  const http = createHttp({ ...options, retry });
  const uiServer = router(baseUrl, http, options.uiServerUrl);
  const context = {
    baseUrl,
    uiServer,
    http,
    retry,
    token: http.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    ...(options.log ? { log: options.log } : {}),
    ...(options.truncate ? { truncate: options.truncate } : {}),
  };
  const own = new Set(OWN_MEMBERS);
  const client = {};
  for (const name of OWN_MEMBERS) Object.assign(client, FAMILIES[name](context));
  client['uiServer'] = uiServer;
  for (const [name, family] of Object.entries(FAMILIES)) if (!own.has(name)) client[name] = family(context);
  return client;
}
