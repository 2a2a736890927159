// What a family of the client is given, and how one is declared. A family (the query surface's paging, the
// Transaction API, entity REST, inventory REST, interactive sessions, user-defined tables) is one folder under
// runtime/ whose index declares it, and one line in FAMILIES (families.ts). `createClient` gives every family
// the same context, so every family shares one token, one retry policy, one router lookup and the same
// typed errors.
//
// A family the client needs at once (paging) is a plain `Family`. Any other is a `lazyFamily`: its members are
// stubs, and its code is loaded (a dynamic import, which a bundler puts in a chunk of its own) and built on its
// first call. So a consumer that only pages through a table never loads the families it does not call, and an
// app bundled with code splitting does not even download them.
import type { UserDefinedFieldKinds } from './contract.js';
import type { Observer } from './hooks.js';
import type { Http } from './http/types.js';
import type { ValidateMode } from './query/validate-mode.js';
import type { Logger } from './logger.js';
import type { RetryPolicy } from './retry.js';
import type { TruncateMode } from './transaction-wire.js';
import type { VerifyMode } from './write-check.js';

export interface FamilyContext {
  /** the base host without a trailing slash: the query, REST, UDT and security families are called there */
  readonly baseUrl: string;
  /** the UI server (Transaction and Interactive APIs), found through the router once and shared */
  uiServer(): Promise<string>;
  /** one exchange with the server: the bearer token, `Accept: application/json`, retries, typed errors, redaction */
  readonly http: Http;
  /** the retry policy `http` follows, for a family that retries a whole operation (the response window) */
  readonly retry: RetryPolicy;
  /** the bearer token the next request will carry: its claims say what it may do (a consumer key's `sub`) */
  token(): Promise<string>;
  /** what the snapshot adds: the kinds of the user-defined fields of each table with an extension table */
  readonly userDefinedFields: UserDefinedFieldKinds;
  /** the client's row validation (`validate`), which a call may override */
  readonly validate: ValidateMode;
  /** the caller's logger (retries, renewals), when one was given */
  readonly log?: Logger;
  /** the caller's hooks and tracer: a family tells its pages, its retries and its runs of requests there */
  readonly observer: Observer;
  /** the client's `truncate` option: what a transaction does with text its builder cut */
  readonly truncate?: TruncateMode;
  /** the client's `verify` option: whether writes are read back by default */
  readonly verify?: VerifyMode;
}

/** A family: builds its members (`client.<name>`, or the client's own) from the shared context. */
export type Family<Members extends object> = (context: FamilyContext) => Members;

/**
 * The methods of a family's members, by path: `true` for a method, an object for a namespace inside. The
 * compiler holds it to the members' type: every method is named, nothing else is, and each returns a Promise
 * (a stub must wait for its family to load).
 */
export type MethodsOf<Members> = {
  readonly [K in keyof Members]-?: Members[K] extends (...args: never[]) => Promise<unknown>
    ? true
    : Members[K] extends (...args: never[]) => unknown
      ? never
      : MethodsOf<Members[K]>;
};

type Tree = { readonly [name: string]: true | Tree };

/**
 * A family whose code is loaded on its first call: `load` imports the module that builds it (`import('./x.js')`,
 * exporting `build`), `methods` names what its members are. The first call of any member loads and builds the
 * family once (a failed load is tried again on the next call); every call then goes to the built member.
 */
export function lazyFamily<Members extends object>(
  load: () => Promise<{ readonly build: Family<Members> }>,
  methods: MethodsOf<Members>,
): Family<Members> {
  return (context) => {
    let built: Promise<object> | undefined;
    const family = (): Promise<object> =>
      (built ??= load()
        .then((module) => module.build(context))
        .catch((error: unknown) => {
          built = undefined;
          throw error;
        }));
    return stubs(methods as Tree, family, []) as Members;
  };
}

function stubs(tree: Tree, family: () => Promise<object>, path: readonly string[]): object {
  const out: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(tree)) {
    const at = [...path, name];
    out[name] =
      node === true
        ? (...args: unknown[]) => family().then((members) => call(members, at, args))
        : stubs(node, family, at);
  }
  return out;
}

/** Calls the member at `path` as its namespace's method, the way the caller would have called it. */
function call(members: object, path: readonly string[], args: readonly unknown[]): unknown {
  let owner = members as Record<string, unknown>;
  for (const name of path.slice(0, -1)) owner = owner[name] as Record<string, unknown>;
  return (owner[path[path.length - 1]!] as (...a: unknown[]) => unknown).apply(owner, [...args]);
}
