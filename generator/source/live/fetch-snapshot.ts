// `erpgen fetch`: downloads what the server publishes about itself into a snapshot folder that `erpgen generate`
// reads as it is, plus manifest.json (where, when, which build, what was fetched and what was skipped, and why).
//
// The server's rules it follows: the $metadata documents want `Accept: application/json` (else XML) and a long timeout
// (about 4 and 6 MB on a stock tenant; 300 s suggested); they are streamed to disk, so memory does not grow with them.
// The Transaction API is on the UI server, which the router names (`/api/ui/router/v1/?urlType=external`, with the
// trailing slash: without it the answer is a 307 that some clients follow without the Authorization header, so a
// redirect is followed here by hand, header kept, on the same origin only). The build is read from serverinfo.
// A definition that answers an error (an unlicensed window, an unknown service: HTTP 500) is skipped and listed.
//
// Everything is written to a temporary folder beside the snapshot and moved into place only when complete: a failed
// or interrupted fetch leaves the previous snapshot exactly as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../../errors.js';
import { selector } from '../../model/select.js';
import type { Surface } from '../../model/schema.js';
import { readCsdlIndex } from '../../parse/csdl.js';
import { SNAPSHOT_FILES } from '../snapshot.js';
import { filterDocument } from './filter-document.js';
import {
  download,
  LiveError,
  minimalRetry,
  requestText,
  send,
  statusError,
  type Exchange,
  type Retry,
} from './http.js';
import { Redactor, shownUrl } from './redact.js';
import { allowListOf, signInProvider, type SignIn, type TokenProvider } from './token.js';

export interface FetchProgress {
  /** bytes of the schema documents downloaded so far */
  readonly bytes: number;
  readonly servicesDone: number;
  /** undefined until the list is known */
  readonly servicesTotal: number | undefined;
}

export interface FetchOptions {
  readonly baseUrl: string;
  /** the snapshot folder (absolute) */
  readonly out: string;
  readonly signIn: SignIn;
  /** globs (or exact names) over service names; default every listed service */
  readonly services: readonly string[];
  readonly tables: readonly string[];
  readonly views: readonly string[];
  /** for each schema document and each other request, in milliseconds */
  readonly metadataTimeoutMs: number;
  readonly requestTimeoutMs?: number;
  /** parallel definition downloads (default 4) */
  readonly concurrency?: number;
  readonly progress?: (p: FetchProgress) => void;
  /** warnings (a skipped definition, a missing build): one line each, never a secret */
  readonly warn?: (line: string) => void;
  /** what the run decided on its own (an allow-list limiting the objects) */
  readonly notice?: (line: string) => void;
  readonly retry?: Retry;
}

export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

export interface Manifest {
  readonly baseUrl: string;
  readonly uiServer: string | null;
  readonly serverBuild: string | null;
  readonly fetchedAt: string;
  readonly signedInWith: 'user credentials' | 'consumer key';
  readonly erpgen: string;
  readonly documents: Readonly<
    Record<Surface, { file: string; bytesDownloaded: number; objects: number; kept: number; filtered: boolean }>
  >;
  readonly selection: {
    readonly tables: readonly string[];
    readonly views: readonly string[];
    readonly services: readonly string[];
    /** the consumer key's OData allow-list, when its token carries one */
    readonly odataAllowList: readonly string[] | null;
  };
  readonly services: {
    readonly listed: number;
    readonly fetched: readonly string[];
    readonly skipped: readonly Skipped[];
  };
  /** objects left out of the documents, per surface: count and why */
  readonly objectsLeftOut: Readonly<Record<Surface, { count: number; reason: string } | null>>;
}

const TMP_MARK = '.erpgen-fetch-';
const SURFACES: readonly Surface[] = ['table', 'view'];
const PATH: Readonly<Record<Surface, string>> = { table: 'table', view: 'view' };

/** Where the UI server is, and the Transaction API's paths on it. */
const ROUTER = '/api/ui/router/v1/?urlType=external';

/** A base URL as the server's families want it: http(s), no credentials, no query, no trailing slash. */
export function normalizeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UserError(`--base-url: not a URL (expected e.g. https://erp.example.com)`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError(`--base-url ${shownUrl(text)}: expected an http or https URL`, 2);
  if (url.username !== '' || url.password !== '')
    throw new UserError(
      `--base-url ${shownUrl(text)}: put no credentials in the URL; use --user with ERP_PASSWORD, or ERP_CONSUMER_KEY`,
      2,
    );
  if (url.search !== '' || url.hash !== '')
    throw new UserError(`--base-url ${shownUrl(text)}: give the server's base address without a query`, 2);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `*`-free names are exact: asked for by name, fetched even when the list hides them (report services). */
const isGlob = (pattern: string): boolean => /[*?[\]{}!()+@]/.test(pattern);

function parseServiceList(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LiveError('the service list (GET /api/v2/services) is not JSON', 200);
  }
  const list =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as { Services?: unknown }).Services
      : value;
  if (!Array.isArray(list)) throw new LiveError('the service list (GET /api/v2/services) is not a list', 200);
  return list.flatMap((s: unknown) =>
    typeof s === 'string'
      ? [s]
      : s !== null && typeof s === 'object' && typeof (s as { Name?: unknown }).Name === 'string'
        ? [(s as { Name: string }).Name]
        : [],
  );
}

/** A definition is small: it is read whole to be sure it is JSON (a proxy's error page answers 200 too). */
function jsonProblem(file: string): string | undefined {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    return text.trimStart().startsWith('<') ? 'XML or HTML, not JSON' : 'not valid JSON';
  }
}

/** A service name as a file name: refuses what could leave the folder or that a file system cannot hold. */
function fileNameOf(service: string): string | undefined {
  if (service === '' || service === '.' || service === '..' || /[/\\\0:*?"<>|]/.test(service)) return undefined;
  return `${service}.json`;
}

/** Removes temporary folders of earlier fetches into the same snapshot whose process is gone. */
function removeAbandoned(out: string): void {
  const parent = dirname(out);
  if (!existsSync(parent)) return;
  const prefix = `.${basename(out)}${TMP_MARK}`;
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split('-')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

/** The folder may be replaced: absent, empty, or a snapshot (holds a schema document or a manifest). */
function checkReplaceable(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UserError(`${out}: exists and is not a folder`);
  const entries = readdirSync(out);
  const snapshot = entries.some((e) => e === 'manifest.json' || Object.values(SNAPSHOT_FILES).includes(e));
  if (entries.length > 0 && !snapshot)
    throw new UserError(`${out}: not empty and not a snapshot folder; refusing to replace it`);
}

/** Swaps the complete temporary folder in; the previous snapshot is removed only after. */
function moveIntoPlace(tmp: string, out: string): void {
  mkdirSync(dirname(out), { recursive: true });
  if (!existsSync(out)) {
    renameSync(tmp, out);
    return;
  }
  const old = `${tmp}-previous`;
  renameSync(out, old);
  try {
    renameSync(tmp, out);
  } catch (error) {
    renameSync(old, out);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

async function parallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface FetchResult {
  readonly manifest: Manifest;
  readonly tokenCalls: number;
}

export async function fetchSnapshot(options: FetchOptions, version: string): Promise<FetchResult> {
  const base = normalizeBaseUrl(options.baseUrl);
  const out = options.out;
  const redact = new Redactor();
  const warn = options.warn ?? (() => {});
  const retry = options.retry ?? minimalRetry();
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const auth: TokenProvider = signInProvider(base, options.signIn, redact, retry, requestTimeoutMs);
  checkReplaceable(out);
  removeAbandoned(out);
  const tmp = join(dirname(out), `.${basename(out)}${TMP_MARK}${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(tmp, { recursive: true });
  const cleanup = (): void => rmSync(tmp, { recursive: true, force: true });
  // an interrupted run removes what it wrote, then ends as the signal would have; the previous snapshot was never
  // touched (a run killed outright leaves its folder, which the next run removes)
  const interrupted = (signal: NodeJS.Signals): void => {
    cleanup();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    process.kill(process.pid, signal);
  };
  process.once('exit', cleanup);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const manifest = await fetchInto(tmp);
    writeFileSync(join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    moveIntoPlace(tmp, out);
    return { manifest, tokenCalls: auth.tokenCalls };
  } finally {
    cleanup();
    process.off('exit', cleanup);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  /** One authorised read; a token the server refuses (401) is renewed once. */
  async function authorized<T>(
    exchange: Omit<Exchange, 'headers'> & { headers?: Record<string, string> },
    run: (ex: Exchange) => Promise<T>,
  ): Promise<T> {
    const what = `${exchange.method} ${redact.text(shownUrl(exchange.url))}`;
    for (let renewed = false; ; renewed = true) {
      const token = await auth.token();
      const ex = {
        ...exchange,
        headers: { Accept: 'application/json', ...exchange.headers, Authorization: `Bearer ${token}` },
      };
      try {
        return await retry.run(what, 'read', () => run(ex));
      } catch (error) {
        if (!(error instanceof LiveError) || error.status !== 401 || renewed) throw error;
        auth.invalidate(token);
      }
    }
  }

  async function fetchInto(dir: string): Promise<Manifest> {
    const token = await auth.token();
    const allowList = options.signIn.consumerKey !== undefined ? allowListOf(token) : undefined;
    if (allowList)
      options.notice?.(
        `the consumer key's OData allow-list names ${allowList.length} object(s): fetching only those (--tables / --views narrow further)`,
      );
    let bytes = 0;
    let servicesDone = 0;
    let servicesTotal: number | undefined;
    const report = (): void => options.progress?.({ bytes, servicesDone, servicesTotal });

    // --- the schema documents --------------------------------------------------------------------------------
    const documents = {} as Record<Surface, Manifest['documents'][Surface]>;
    const leftOut = {} as Record<Surface, { count: number; reason: string } | null>;
    const counted: Record<Surface, number> = { table: 0, view: 0 };
    // one document at a time: the two together would hold two sets of network buffers for little gain on one link
    for (const surface of SURFACES)
      await (async () => {
        const file = join(dir, SNAPSHOT_FILES[surface]);
        const raw = `${file}.download`;
        const url = `${base}/odataservice/odata/${PATH[surface]}/$metadata`;
        const answer = await authorized({ method: 'GET', url, timeoutMs: options.metadataTimeoutMs }, (ex) => {
          counted[surface] = 0;
          return download(ex, raw, redact, (total) => {
            bytes += total - counted[surface];
            counted[surface] = total;
            report();
          });
        });
        // an XML, HTML or broken answer is named here, with the byte where it goes wrong
        const index = readCsdlIndex(raw, surface, `${PATH[surface]}/$metadata`);
        const globs = surface === 'table' ? options.tables : options.views;
        const byGlob = selector({ include: globs.length ? globs : ['*'], exclude: [], includeUnreachable: true });
        const allowed = allowList ? new Set(allowList) : undefined;
        const kept = index.objects.filter((o) => byGlob(o.name, surface).generate && (!allowed || allowed.has(o.name)));
        const filtered = kept.length < index.objects.length;
        if (filtered) {
          const keptNames = new Set(kept.map((o) => o.name));
          const keptTypes = new Set(kept.map((o) => o.entityType));
          const dropped = index.objects.filter((o) => !keptNames.has(o.name));
          filterDocument(raw, file, {
            dropSets: new Set(dropped.map((o) => o.name)),
            dropTypes: new Set(dropped.map((o) => o.entityType).filter((t) => !keptTypes.has(t))),
          });
          rmSync(raw);
          const reasons = [
            globs.length && !(globs.length === 1 && globs[0] === '*')
              ? `not matched by --${PATH[surface]}s ${globs.join(' ')}`
              : undefined,
            allowed ? "not on the consumer key's OData allow-list" : undefined,
          ].filter((r) => r !== undefined);
          leftOut[surface] = { count: dropped.length, reason: reasons.join(', or ') };
        } else {
          renameSync(raw, file);
          leftOut[surface] = null;
        }
        documents[surface] = {
          file: SNAPSHOT_FILES[surface],
          bytesDownloaded: answer.bytes,
          objects: index.objects.length,
          kept: kept.length,
          filtered,
        };
      })();

    // --- the UI server, its build, the services -----------------------------------------------------------------
    let uiServer: string | null = null;
    let build: string | null = null;
    const fetched: string[] = [];
    const skipped: Skipped[] = [];
    let listed = 0;
    try {
      uiServer = await findUiServer();
    } catch (error) {
      if (!(error instanceof LiveError) || error.status !== 403) throw error;
      warn(`no transaction services: the credentials' scope does not reach the UI server (${error.message})`);
    }
    if (uiServer !== null) {
      build = await serverBuild(uiServer);
      let names: string[] = [];
      let listText: string | undefined;
      try {
        ({ text: listText } = await authorized(
          { method: 'GET', url: `${uiServer}/api/v2/services`, timeoutMs: requestTimeoutMs },
          (ex) => requestText(ex, redact),
        ));
        names = parseServiceList(listText);
      } catch (error) {
        if (!(error instanceof LiveError) || error.status !== 403) throw error;
        warn(`no transaction services: the credentials' scope does not include the Transaction API (HTTP 403)`);
      }
      listed = names.length;
      const patterns = options.services.length ? options.services : ['*'];
      const match = selector({ include: patterns, exclude: [], includeUnreachable: true });
      const wanted = names.filter((n) => match(n, 'table').generate);
      for (const p of patterns) if (!isGlob(p) && !wanted.includes(p)) wanted.push(p);
      servicesTotal = wanted.length;
      report();
      mkdirSync(join(dir, 'definitions'), { recursive: true });
      const skip = (name: string, file: string, reason: string): void => {
        rmSync(join(dir, 'definitions', file), { force: true });
        skipped.push({ name, reason });
        warn(`skipped service ${name}: ${reason}`);
      };
      await parallel(wanted, options.concurrency ?? 4, async (name) => {
        const file = fileNameOf(name);
        if (file === undefined) {
          skipped.push({ name, reason: 'the name cannot be a file name' });
          warn(`skipped service ${JSON.stringify(name)}: the name cannot be a file name`);
        } else {
          try {
            await authorized(
              {
                method: 'GET',
                url: `${uiServer}/api/v2/definition/${encodeURIComponent(name)}`,
                timeoutMs: requestTimeoutMs,
              },
              (ex) => download(ex, join(dir, 'definitions', file), redact),
            );
            const notJson = jsonProblem(join(dir, 'definitions', file));
            if (notJson === undefined) fetched.push(name);
            else skip(name, file, `the answer is ${notJson}`);
          } catch (error) {
            if (!(error instanceof LiveError) || error.status < 400 || error.status === 401) throw error;
            const why = error.status === 500 ? ' (an unlicensed window or an unknown service answers 500)' : '';
            skip(name, file, `HTTP ${error.status}${error.body ? `: ${error.body}` : ''}${why}`);
          }
        }
        servicesDone++;
        report();
      });
      fetched.sort();
      skipped.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      // the server's list as it sent it when every listed service was fetched (report services are never listed)
      const complete = listText !== undefined && names.every((n) => fetched.includes(n));
      writeFileSync(
        join(dir, 'services.json'),
        complete
          ? listText!
          : `${JSON.stringify(
              fetched.filter((n) => !n.startsWith('m_')).map((Name) => ({ Name })),
              null,
              1,
            )}\n`,
      );
    }

    return {
      baseUrl: base,
      uiServer,
      serverBuild: build,
      fetchedAt: new Date().toISOString(),
      signedInWith: options.signIn.consumerKey !== undefined ? 'consumer key' : 'user credentials',
      erpgen: version,
      documents,
      selection: {
        tables: options.tables.length ? options.tables : ['*'],
        views: options.views.length ? options.views : ['*'],
        services: options.services.length ? options.services : ['*'],
        odataAllowList: allowList ? [...allowList] : null,
      },
      services: { listed, fetched, skipped },
      objectsLeftOut: leftOut,
    };
  }

  /** The router's `Url`; a redirect is followed by hand with the Authorization header, on the same origin only. */
  async function findUiServer(): Promise<string> {
    let url = `${base}${ROUTER}`;
    for (let hops = 0; ; hops++) {
      const res = await authorized({ method: 'GET', url, timeoutMs: requestTimeoutMs }, async (ex) => {
        const answer = await send(ex, redact);
        if (answer.status >= 300 && answer.status < 400) return answer;
        if (answer.status < 200 || answer.status >= 300) throw await statusError(ex, answer, redact);
        return answer;
      });
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        const next = location ? new URL(location, url) : undefined;
        if (!next || next.origin !== new URL(base).origin || hops >= 3)
          throw new LiveError(
            `GET ${shownUrl(url)}: the router redirected ${next ? `to another host (${next.origin})` : 'without a Location'}; check --base-url`,
            res.status,
          );
        url = next.href;
        continue;
      }
      const text = await res.text();
      let found: string | undefined;
      try {
        const json = JSON.parse(text) as { Url?: unknown };
        if (typeof json.Url === 'string') found = json.Url;
      } catch {
        found = /<(?:\w+:)?Url>\s*([^<\s]+)\s*</.exec(text)?.[1];
      }
      if (found === undefined)
        throw new LiveError(
          `GET ${shownUrl(url)}: the router's answer names no UI server (Url): ${redact.body(text)}`,
          200,
        );
      return found.replace(/\/+$/, '');
    }
  }

  /** `Version` or `Application Version` from serverinfo; a failure is a warning, not the end of the run. */
  async function serverBuild(uiServer: string): Promise<string | null> {
    try {
      const { text } = await authorized(
        { method: 'GET', url: `${uiServer}/ui/common/v1/serverinfo`, timeoutMs: requestTimeoutMs },
        (ex) => requestText(ex, redact),
      );
      const info = JSON.parse(text) as Record<string, unknown>;
      const version = info['Version'] ?? info['Application Version'];
      if (typeof version === 'string' || typeof version === 'number') return String(version);
      warn('the server build is unknown: serverinfo holds neither Version nor Application Version');
    } catch (error) {
      if (!(error instanceof LiveError) && !(error instanceof SyntaxError)) throw error;
      warn(`the server build is unknown: ${error instanceof LiveError ? error.message : 'serverinfo is not JSON'}`);
    }
    return null;
  }
}
