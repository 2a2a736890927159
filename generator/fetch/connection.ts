// The connection `erpgen fetch` uses is the generated package's own runtime: the same token provider (tokenAuth:
// one token, renewed once on a 401, sign-in errors a user can act on), the same retry policy (502/503/504 and
// connection resets with jittered backoff, an opaque 500 once), the same redirect rule (followed by hand within the
// origin, Authorization kept, never to another origin), the same bounded reads, redaction and typed errors. Only one
// thing is added here: the runtime's errors become the CLI's one-line user errors.
import { tokenAuth, type TokenAuth } from '../../templates/runtime/auth.js';
import { ErpError } from '../../templates/runtime/errors.js';
import { createHttp } from '../../templates/runtime/http/create-http.js';
import type { Http } from '../../templates/runtime/http/types.js';
import type { Logger } from '../../templates/runtime/logger.js';
import type { RetryOptions, RetryPolicy } from '../../templates/runtime/retry.js';
import { UserError } from '../errors.js';
import { certificateHint, networkFetch } from './network.js';

export type SignIn =
  | { readonly username: string; readonly password: string; readonly consumerKey?: undefined }
  | { readonly consumerKey: string; readonly username?: string | undefined; readonly password?: undefined };

export interface Connection {
  readonly auth: TokenAuth;
  /** for the schema documents: a long timeout */
  readonly documents: Http;
  /** for everything else */
  readonly http: Http;
}

export function connect(
  baseUrl: string,
  signIn: SignIn,
  options: {
    readonly documentTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly retry?: RetryPolicy | RetryOptions;
    readonly log?: Logger;
  },
): Connection {
  const fetch = networkFetch();
  const common = {
    baseUrl,
    timeoutMs: options.requestTimeoutMs,
    ...(fetch !== undefined ? { fetch } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.log !== undefined ? { log: options.log } : {}),
  };
  const auth =
    signIn.consumerKey !== undefined
      ? tokenAuth({
          ...common,
          consumerKey: signIn.consumerKey,
          ...(signIn.username !== undefined ? { username: signIn.username } : {}),
        })
      : tokenAuth({ ...common, username: signIn.username, password: signIn.password });
  const http = (timeoutMs: number): Http =>
    createHttp({
      auth,
      timeoutMs,
      // what is large (the schema documents, the definitions) is streamed to disk; the rest is small
      maxResponseBytes: 16 * 1024 * 1024,
      ...(fetch !== undefined ? { fetch } : {}),
      ...(options.retry !== undefined ? { retry: options.retry } : {}),
      ...(options.log !== undefined ? { log: options.log } : {}),
    });
  return { auth, documents: http(options.documentTimeoutMs), http: http(options.requestTimeoutMs) };
}

/** The runtime's error as the CLI's: one line, already redacted by the runtime. */
export function asUserError(error: unknown): unknown {
  if (error instanceof ErpError && !(error instanceof UserError)) {
    const line = error.message.replace(/\s+/g, ' ').trim();
    return new UserError(`${line}${certificateHint(line)}`);
  }
  return error;
}
