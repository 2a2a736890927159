import { guardDrift } from './drift.js';
import { ErpError } from './errors.js';
import { FAMILIES, OWN_MEMBERS } from './families.js';
import { createHttp } from './http.js';
import { toRetryPolicy } from './retry.js';
import { validateMode } from './query/validate-mode.js';
import { router, trimSlash } from './router.js';
/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings) {
  return (options) => createClient(options, settings);
}
export function createClient(options, settings = {}) {
  const baseUrl = trimSlash(options.baseUrl);
  const retry = toRetryPolicy(options.retry, options.log);
  const http = createHttp({ ...options, retry });
  const uiServer = router(baseUrl, http, options.uiServerUrl);
  const drift = options.drift ?? 'warn';
  if (drift !== 'warn' && drift !== 'error' && drift !== 'off')
    throw new ErpError(`createClient: drift is 'warn', 'error' or 'off', not ${JSON.stringify(drift)}`);
  const context = {
    baseUrl,
    uiServer,
    http: guardDrift({ mode: drift, provenance: settings.provenance, http, uiServer, log: options.log }),
    retry,
    token: http.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    validate: validateMode(options.validate, 'createClient'),
    ...(options.log ? { log: options.log } : {}),
  };
  const own = new Set(OWN_MEMBERS);
  const client = {};
  for (const name of OWN_MEMBERS) Object.assign(client, FAMILIES[name](context));
  client['uiServer'] = uiServer;
  for (const [name, family] of Object.entries(FAMILIES)) if (!own.has(name)) client[name] = family(context);
  return client;
}
