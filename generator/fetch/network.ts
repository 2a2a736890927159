// How `erpgen fetch` reaches the server from a team's network: through the proxy the environment names, as command
// line tools do (HTTPS_PROXY / https_proxy for https, HTTP_PROXY / http_proxy for http, NO_PROXY / no_proxy for the
// hosts to reach directly; http://, https:// or socks5:// proxies), with undici's EnvHttpProxyAgent and its own
// fetch (Node's built-in fetch ignores those variables). A company's certificate authority comes from NODE_EXTRA_CA_CERTS, which Node reads at start for every
// TLS connection. Without a proxy variable, the built-in fetch is used as it is.
import { EnvHttpProxyAgent, Socks5ProxyAgent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from '../../templates/runtime/http/types.js';
import { redact } from '../../templates/runtime/redact.js';
import { UserError } from '../errors.js';

/** A variable in either case, as command line tools read them; an empty one is unset. */
const variable = (env: NodeJS.ProcessEnv, name: string): string | undefined =>
  [env[name.toLowerCase()], env[name]].find((value) => value !== undefined && value !== '');

const PROXY_PROTOCOLS = ['http:', 'https:', 'socks:', 'socks5:'];

/**
 * The proxy a variable names, checked: a value erpgen cannot use is one line that names the variable and never
 * shows the value (it may hold a password).
 */
function proxyOf(env: NodeJS.ProcessEnv, name: string): URL | undefined {
  const value = variable(env, name);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // said below
  }
  if (!url || !PROXY_PROTOCOLS.includes(url.protocol) || url.hostname === '')
    throw new UserError(
      'ERPGEN_PROXY_INVALID',
      `${name} is not a proxy erpgen can use: give http://, https:// or socks5://, then [user:password@]host[:port] (its value is not shown: it may hold a password)`,
    );
  return url;
}

/**
 * Undici says SOCKS5 is experimental on stderr, once a process, when it first makes a SOCKS5 agent (on the first
 * request through the proxy): erpgen supports the proxy a team's network has, and says nothing of how its library
 * rates it. So that first agent is made here, with that one warning held back.
 */
function quietSocks(proxies: ReadonlyArray<URL | undefined>): void {
  const socks = proxies.find((url) => url?.protocol === 'socks5:' || url?.protocol === 'socks:');
  if (!socks) return;
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!/SOCKS5 proxy support is experimental/.test(String(warning)))
      (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    void new Socks5ProxyAgent(socks.href).close().catch(() => undefined);
  } finally {
    process.emitWarning = emit;
  }
}

/** An error with the proxies' passwords cut out of its message and stack, and its causes'. */
function scrubbed(error: unknown, secrets: readonly string[]): unknown {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const message = redact(e.message, secrets);
    if (message === e.message) continue;
    if (e.stack) e.stack = e.stack.replace(e.message, message);
    Object.defineProperty(e, 'message', { value: message, configurable: true, writable: true });
  }
  return error;
}

/** The fetch for `env`: one that goes through its proxy, or undefined for the built-in fetch. */
export function networkFetch(env: NodeJS.ProcessEnv = process.env): FetchLike | undefined {
  const httpProxy = proxyOf(env, 'HTTP_PROXY');
  const httpsProxy = proxyOf(env, 'HTTPS_PROXY');
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  // a proxy's password is cut out of what its errors say, as given and as the URL holds it
  const secrets = [httpProxy, httpsProxy].flatMap((url) =>
    url?.password ? [url.password, decodeURIComponent(url.password)] : [],
  );
  quietSocks([httpProxy, httpsProxy]);
  const dispatcher = new EnvHttpProxyAgent({
    ...(httpProxy !== undefined ? { httpProxy: httpProxy.href } : {}),
    ...(httpsProxy !== undefined ? { httpsProxy: httpsProxy.href } : {}),
    noProxy: variable(env, 'NO_PROXY') ?? '',
  });
  return async (url, init) => {
    try {
      return (await undiciFetch(url, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1])) as never;
    } catch (error) {
      throw scrubbed(error, secrets);
    }
  };
}

/** What to say when TLS refused the server's certificate: the usual cause in a company network, and its cure. */
export function certificateHint(message: string): string {
  return /certificate|self[- ]signed|unable to verify/i.test(message)
    ? "; if the server (or a proxy in between) uses your organisation's certificate authority, set NODE_EXTRA_CA_CERTS to its certificate file"
    : '';
}
