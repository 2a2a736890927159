// The connection `erpgen fetch` uses is the generated package's own runtime: the same token provider (tokenAuth:
// one token, renewed once on a 401, sign-in errors a user can act on), the same retry policy (502/503/504 and
// connection resets with jittered backoff, an opaque 500 once), the same redirect rule (followed by hand within the
// origin, Authorization kept, never to another origin), the same bounded reads, redaction and typed errors. Only one
// thing is added here: the runtime's errors become the CLI's one-line user errors.
import { tokenAuth, type TokenAuth } from '../../templates/runtime/auth.js';
import {
  ErpAuthError,
  ErpConfigError,
  ErpConnectionError,
  ErpError,
  ErpNotAuthorizedError,
  ErpSignInError,
  ErpTimeoutError,
} from '../../templates/runtime/errors.js';
import { createHttp } from '../../templates/runtime/http/create-http.js';
import type { Http } from '../../templates/runtime/http/types.js';
import type { Logger } from '../../templates/runtime/logger.js';
import type { RetryOptions, RetryPolicy } from '../../templates/runtime/retry.js';
import type { Code } from '../diagnostics.js';
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

/**
 * The runtime's error as the CLI's: one line, already redacted by the runtime, with the code of its kind (the
 * runtime's own error class tells it): signing in, reaching the server, or what the server answered.
 */
export function asUserError(error: unknown): unknown {
  if (error instanceof ErpError && !(error instanceof UserError)) {
    const line = error.message.replace(/\s+/g, ' ').trim();
    const code: Code =
      error instanceof ErpSignInError || error instanceof ErpAuthError || error instanceof ErpNotAuthorizedError
        ? 'ERPGEN_FETCH_SIGN_IN'
        : error instanceof ErpConnectionError || error instanceof ErpTimeoutError
          ? 'ERPGEN_FETCH_CONNECTION'
          : error instanceof ErpConfigError
            ? 'ERPGEN_FETCH_BASE_URL'
            : 'ERPGEN_FETCH_SERVER';
    return new UserError(code, `${line}${certificateHint(line)}`);
  }
  return error;
}
