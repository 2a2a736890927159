// How `erpgen fetch` reaches the server from a team's network: through the proxy the environment names, as command
// line tools do (HTTPS_PROXY / https_proxy for https, HTTP_PROXY / http_proxy for http, NO_PROXY / no_proxy for the
// hosts to reach directly), with undici's EnvHttpProxyAgent and its own fetch (Node's built-in fetch ignores those
// variables). A company's certificate authority comes from NODE_EXTRA_CA_CERTS, which Node reads at start for every
// TLS connection. Without a proxy variable, the built-in fetch is used as it is.
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from '../../templates/runtime/http/types.js';

/** A variable in either case, as command line tools read them; an empty one is unset. */
const variable = (env: NodeJS.ProcessEnv, name: string): string | undefined =>
  [env[name.toLowerCase()], env[name]].find((value) => value !== undefined && value !== '');

/** The fetch for `env`: one that goes through its proxy, or undefined for the built-in fetch. */
export function networkFetch(env: NodeJS.ProcessEnv = process.env): FetchLike | undefined {
  const httpProxy = variable(env, 'HTTP_PROXY');
  const httpsProxy = variable(env, 'HTTPS_PROXY');
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  const dispatcher = new EnvHttpProxyAgent({
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    noProxy: variable(env, 'NO_PROXY') ?? '',
  });
  return (url, init) => undiciFetch(url, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1]) as never;
}

/** What to say when TLS refused the server's certificate: the usual cause in a company network, and its cure. */
export function certificateHint(message: string): string {
  return /certificate|self[- ]signed|unable to verify/i.test(message)
    ? "; if the server (or a proxy in between) uses your organisation's certificate authority, set NODE_EXTRA_CA_CERTS to its certificate file"
    : '';
}
