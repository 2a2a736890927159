// `erpgen fetch`: downloads what the server publishes about itself into a snapshot folder that `erpgen generate`
// reads as it is, plus manifest.json (where, when, which build, what was fetched and what was skipped, and why).
//
// The server's rules it follows: the $metadata documents want `Accept: application/json` (else XML) and a long timeout
// (about 4 and 6 MB on a stock tenant; 300 s suggested); they are streamed to disk, so memory does not grow with them.
// The Transaction API is on the UI server, which the router names (`/api/ui/router/v1/?urlType=external`, with the
// trailing slash). The build is read from serverinfo. A definition that answers an error (an unlicensed window, an
// unknown service: HTTP 500) is skipped and listed. The connection is the generated package's runtime (connection.ts);
// the folder is swapped in only when complete (snapshot-folder.ts).
//
// Nothing the server sends may exhaust memory or the disk: the schema documents and the definitions are streamed to
// disk up to a cap each (a runaway answer ends in one line), the service list and the small answers are read up to a
// cap, and error bodies only as far as a snippet needs (the runtime's rule). A service name that cannot be a file
// name is kept under a safe one (snapshot.ts), so no name from the server can abort the run.
import { open, type FileHandle } from 'node:fs/promises';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErpForbiddenError, ErpHttpError, ErpNotAuthorizedError } from '../../../templates/runtime/errors.js';
import type { Http } from '../../../templates/runtime/http.js';
import { serverBuildOf, serviceNames } from '../../../templates/runtime/discovery.js';
import { odataAllowList } from '../../../templates/runtime/jwt.js';
import { shownUrl } from '../../../templates/runtime/redact.js';
import type { Logger, RetryOptions, RetryPolicy } from '../../../templates/runtime/retry.js';
import { xmlField } from '../../../templates/runtime/xml.js';
import { UserError } from '../../errors.js';
import { selector } from '../../model/select.js';
import type { Surface } from '../../model/schema.js';
import { readCsdlIndex } from '../../parse/csdl.js';
import { definitionFiles, MAX_DEFINITION_BYTES, SNAPSHOT_FILES } from '../snapshot.js';
import { asUserError, connect, type SignIn } from './connection.js';
import { countObjects, filterDocument } from './filter-document.js';
import { staged } from './snapshot-folder.js';

export type { SignIn } from './connection.js';

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
  /** per schema document, in milliseconds */
  readonly metadataTimeoutMs: number;
  /** the most bytes of one schema document (default 512 MiB; a stock tenant's are about 4 and 6 MB) */
  readonly maxMetadataBytes?: number;
  /** per other request (default 60 s) */
  readonly requestTimeoutMs?: number;
  /** parallel definition downloads (default 4) */
  readonly concurrency?: number;
  readonly progress?: (p: FetchProgress) => void;
  /** warnings (a skipped definition, a missing build): one line each, never a secret */
  readonly warn?: (line: string) => void;
  /** what the run decided on its own (an allow-list limiting the objects) */
  readonly notice?: (line: string) => void;
  /** the runtime's log: one line per retry and per token call */
  readonly log?: Logger;
  readonly retry?: RetryPolicy | RetryOptions;
}

export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

/** A service kept under a safe file name (its own name cannot be one). */
export interface RenamedFile {
  readonly name: string;
  readonly file: string;
}

export interface DocumentEntry {
  readonly file: string;
  readonly bytesDownloaded: number;
  readonly objects: number;
  readonly kept: number;
  readonly filtered: boolean;
}

export interface Manifest {
  readonly baseUrl: string;
  readonly uiServer: string | null;
  readonly serverBuild: string | null;
  readonly fetchedAt: string;
  readonly signedInWith: 'user credentials' | 'consumer key';
  readonly erpgen: string;
  readonly documents: Readonly<Record<Surface, DocumentEntry>>;
  readonly selection: {
    readonly tables: readonly string[];
    readonly views: readonly string[];
    readonly services: readonly string[];
    /** the consumer key's OData allow-list (lower case, as matched), when its token carries one */
    readonly odataAllowList: readonly string[] | null;
  };
  readonly services: {
    readonly listed: number;
    readonly fetched: readonly string[];
    readonly skipped: readonly Skipped[];
    /** definitions kept under a safe file name, which `erpgen generate` maps back to the service */
    readonly safeFileNames: readonly RenamedFile[];
  };
  /** objects left out of the documents, per surface: count and why */
  readonly objectsLeftOut: Readonly<Record<Surface, { count: number; reason: string } | null>>;
}

export interface FetchResult {
  readonly manifest: Manifest;
  readonly tokenCalls: number;
}

const SURFACES: readonly Surface[] = ['table', 'view'];
export const DEFAULT_MAX_METADATA_BYTES = 512 * 1024 * 1024;
/** A tenant lists about 300 services; ten thousand names are well under a megabyte. */
const MAX_SERVICE_LIST_BYTES = 16 * 1024 * 1024;

const mebibytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MiB`;

/** What a sink throws when an answer outgrows its cap: the run says so in one line. */
class TooLarge extends Error {}
const ROUTER = '/api/ui/router/v1/?urlType=external';

/** A base URL as the server's families want it: http(s), no credentials, no query, no trailing slash. */
export function normalizeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UserError('--base-url: not a URL (expected e.g. https://erp.example.com)', 2);
  }
  const shown = shownUrl(`${url.origin}${url.pathname}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError(`--base-url ${shown}: expected an http or https URL`, 2);
  if (url.username !== '' || url.password !== '')
    throw new UserError(
      `--base-url ${shown}: put no credentials in the URL; use --user with ERP_PASSWORD, or ERP_CONSUMER_KEY`,
      2,
    );
  if (url.search !== '' || url.hash !== '')
    throw new UserError(`--base-url ${shown}: give the server's base address without a query`, 2);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Names without glob characters are exact: fetched even when the list hides them (report services). */
const isGlob = (pattern: string): boolean => /[*?[\]{}!()+@]/.test(pattern);

/** GET /api/v2/services in any of the four forms public clients read (runtime/discovery.ts). */
function parseServiceList(text: string): string[] | undefined {
  try {
    return serviceNames(JSON.parse(text));
  } catch {
    return undefined;
  }
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

async function parallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Streams a successful answer to `file`, chunk by chunk, up to `cap` bytes; a retried attempt starts the file over. */
async function download(
  http: Http,
  url: string,
  shown: string,
  file: string,
  cap: number,
  onChunk: (n: number) => void,
) {
  let handle: FileHandle | undefined;
  try {
    return await http.stream({ method: 'GET', url, shown, kind: 'read' }, async () => {
      await handle?.close();
      handle = await open(file, 'w');
      const h = handle;
      let written = 0;
      return {
        async write(chunk: Uint8Array) {
          written += chunk.length;
          if (written > cap) throw new TooLarge(`the answer is longer than ${mebibytes(cap)}`);
          await h.write(chunk);
          onChunk(chunk.length);
        },
      };
    });
  } finally {
    await handle?.close();
  }
}

export async function fetchSnapshot(options: FetchOptions, version: string): Promise<FetchResult> {
  const base = normalizeBaseUrl(options.baseUrl);
  const warn = options.warn ?? (() => {});
  const connection = connect(base, options.signIn, {
    documentTimeoutMs: options.metadataTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.log !== undefined ? { log: options.log } : {}),
  });
  const { http } = connection;
  let staging: string | undefined;
  try {
    const manifest = await staged(options.out, async (dir) => {
      staging = dir;
      const manifest = await fetchInto(dir);
      writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return manifest;
    });
    return { manifest, tokenCalls: connection.auth.tokenCalls };
  } catch (error) {
    // the temporary folder is gone: an error names the snapshot folder the user gave
    if (staging !== undefined) inSnapshot(error, staging, options.out);
    throw asUserError(error);
  }

  async function fetchInto(dir: string): Promise<Manifest> {
    const token = await connection.auth.token();
    const allowList = options.signIn.consumerKey !== undefined ? odataAllowList(token) : undefined;
    if (allowList)
      options.notice?.(
        `the consumer key's OData allow-list names ${allowList.size} object(s): fetching only those (--tables / --views narrow further)`,
      );
    let bytes = 0;
    let servicesDone = 0;
    let servicesTotal: number | undefined;
    const report = (): void => options.progress?.({ bytes, servicesDone, servicesTotal });

    // --- the schema documents, one after the other (in parallel they would hold two sets of network buffers) ------
    const documents = {} as Record<Surface, DocumentEntry>;
    const leftOut = {} as Record<Surface, { count: number; reason: string } | null>;
    for (const surface of SURFACES) {
      const file = join(dir, SNAPSHOT_FILES[surface]);
      const raw = `${file}.download`;
      const shown = `/odataservice/odata/${surface}/$metadata`;
      const cap = options.maxMetadataBytes ?? DEFAULT_MAX_METADATA_BYTES;
      let downloaded: number;
      try {
        downloaded = await download(connection.documents, `${base}${shown}`, shown, raw, cap, (n) => {
          bytes += n;
          report();
        });
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
        throw new UserError(
          `GET ${shown}: ${error.message}, the most erpgen fetch takes of one schema document (--max-metadata-mb; a stock tenant's are about 4 and 6 MB); nothing was written`,
        );
      }
      const globs = surface === 'table' ? options.tables : options.views;
      const narrowed = globs.length > 0 && !(globs.length === 1 && globs[0] === '*');
      let objects: number;
      let kept: number;
      if (!narrowed && !allowList) {
        // every object is kept: the document is checked and counted, not indexed (memory stays flat)
        objects = kept = countObjects(raw, `${surface}/$metadata`);
        renameSync(raw, file);
        leftOut[surface] = null;
      } else {
        // an XML, HTML or broken answer is named here, with the byte where it goes wrong
        const index = readCsdlIndex(raw, surface, `${surface}/$metadata`);
        const byGlob = selector({ include: narrowed ? globs : ['*'], exclude: [], includeUnreachable: true });
        const keep = index.objects.filter(
          (o) => byGlob(o.name, surface).generate && (!allowList || allowList.has(o.name.toLowerCase())),
        );
        const keptNames = new Set(keep.map((o) => o.name));
        const keptTypes = new Set(keep.map((o) => o.entityType));
        const dropped = index.objects.filter((o) => !keptNames.has(o.name));
        if (dropped.length === 0)
          renameSync(raw, file); // the server's bytes, when nothing is left out
        else {
          filterDocument(raw, file, {
            dropSets: new Set(dropped.map((o) => o.name)),
            dropTypes: new Set(dropped.map((o) => o.entityType).filter((t) => !keptTypes.has(t))),
          });
          rmSync(raw);
        }
        const reasons = [
          narrowed ? `not matched by --${surface}s ${globs.join(' ')}` : undefined,
          allowList ? "not on the consumer key's OData allow-list" : undefined,
        ].filter((r) => r !== undefined);
        leftOut[surface] = dropped.length ? { count: dropped.length, reason: reasons.join(', or ') } : null;
        objects = index.objects.length;
        kept = keep.length;
      }
      documents[surface] = {
        file: SNAPSHOT_FILES[surface],
        bytesDownloaded: downloaded,
        objects,
        kept,
        filtered: kept < objects,
      };
    }

    // --- the UI server, its build, the services ---------------------------------------------------------------------
    let uiServer: string | null = null;
    let build: string | null = null;
    const fetched: string[] = [];
    const skipped: Skipped[] = [];
    const safeFileNames: RenamedFile[] = [];
    let listed = 0;
    try {
      uiServer = await findUiServer();
    } catch (error) {
      if (!(error instanceof ErpForbiddenError)) throw error;
      warn(`no transaction services: the credentials' scope does not reach the router (HTTP 403)`);
    }
    if (uiServer !== null) {
      build = await serverBuild(uiServer);
      let names: string[] = [];
      let listText: string | undefined;
      try {
        const bytes = await http.bytes({
          method: 'GET',
          url: `${uiServer}/api/v2/services`,
          shown: '/api/v2/services',
          kind: 'read',
          maxBytes: MAX_SERVICE_LIST_BYTES,
        });
        listText = new TextDecoder().decode(bytes);
        const parsed = parseServiceList(listText);
        if (parsed === undefined)
          throw new UserError(`GET /api/v2/services: the answer is not a list of services: ${http.show(listText)}`);
        names = parsed;
      } catch (error) {
        if (!(error instanceof ErpForbiddenError)) throw error;
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
      const skip = (name: string, reason: string, file?: string): void => {
        if (file !== undefined) rmSync(join(dir, 'definitions', file), { force: true });
        skipped.push({ name, reason });
        warn(`skipped service ${name}: ${reason}`);
      };
      const files = definitionFiles(wanted);
      await parallel(wanted, options.concurrency ?? 4, async (name) => {
        const file = files.get(name)!;
        const shown = `/api/v2/definition/${encodeURIComponent(name)}`;
        // a URL takes `.` and `..` (also percent-encoded) as steps of its path: no request can name such a service
        if (name === '.' || name === '..') skip(name, 'the name cannot be put in a URL path');
        else
          try {
            await download(
              http,
              `${uiServer}${shown}`,
              shown,
              join(dir, 'definitions', file),
              MAX_DEFINITION_BYTES,
              () => {},
            );
            const notJson = jsonProblem(join(dir, 'definitions', file));
            if (notJson === undefined) fetched.push(name);
            else skip(name, `the answer is ${notJson}`, file);
          } catch (error) {
            if (error instanceof TooLarge) skip(name, error.message, file);
            // a token problem or a lost connection ends the run; an answer about this one service skips it
            else if (!(error instanceof ErpHttpError) || error.status < 400 || error instanceof ErpNotAuthorizedError)
              throw error;
            else {
              const why = error.status === 500 ? ' (an unlicensed window or an unknown service answers 500)' : '';
              skip(name, `HTTP ${error.status}${error.serverMessage ? `: ${error.serverMessage}` : ''}${why}`, file);
            }
          }
        servicesDone++;
        report();
      });
      for (const name of fetched)
        if (files.get(name) !== `${name}.json`) safeFileNames.push({ name, file: files.get(name)! });
      fetched.sort();
      skipped.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      // the server's list as it sent it when every listed service was fetched (report services are never listed)
      const complete = listText !== undefined && names.every((n) => fetched.includes(n));
      const written = fetched.filter((n) => !n.startsWith('m_')).map((Name) => ({ Name }));
      writeFileSync(join(dir, 'services.json'), complete ? listText! : `${JSON.stringify(written, null, 1)}\n`);
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
      services: {
        listed,
        fetched,
        skipped,
        safeFileNames: safeFileNames.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      },
      objectsLeftOut: leftOut,
    };
  }

  /** The router's `Url` (JSON, or the `<Url>` some middleware answers). */
  async function findUiServer(): Promise<string> {
    const bytes = await http.bytes({ method: 'GET', url: `${base}${ROUTER}`, shown: ROUTER, kind: 'read' });
    const text = new TextDecoder().decode(bytes);
    let found: string | undefined;
    try {
      const json = JSON.parse(text) as { Url?: unknown };
      if (typeof json.Url === 'string') found = json.Url;
    } catch {
      found = xmlField(text, 'Url');
    }
    if (found === undefined || found === '')
      throw new UserError(`GET ${ROUTER}: the answer names no UI server (Url): ${http.show(text)}`);
    return found.replace(/\/+$/, '');
  }

  /** The build from serverinfo (`Version` -> `Application Version`, or the flat keys); a failure is a warning. */
  async function serverBuild(uiServer: string): Promise<string | null> {
    const shown = '/ui/common/v1/serverinfo';
    try {
      const version = serverBuildOf(
        await http.json({ method: 'GET', url: `${uiServer}${shown}`, shown, kind: 'read' }),
      );
      if (version !== undefined) return version;
      warn('the server build is unknown: serverinfo holds neither Version -> Application Version nor the flat keys');
    } catch (error) {
      if (!(error instanceof ErpHttpError) || error instanceof ErpNotAuthorizedError) throw error;
      warn(`the server build is unknown: ${error.message}`);
    }
    return null;
  }
}

/** Rewrites an error's mention of the temporary folder (a file system error's path) as the snapshot folder. */
function inSnapshot(error: unknown, staging: string, out: string): void {
  if (!(error instanceof Error)) return;
  const e = error as NodeJS.ErrnoException;
  if (typeof e.path === 'string') e.path = e.path.split(staging).join(out);
  error.message = error.message.split(staging).join(out);
}
