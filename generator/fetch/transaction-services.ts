// The Transaction API's part of a fetch: the UI server the router names (`/api/ui/router/v1/?urlType=external`,
// with the trailing slash), its build from serverinfo, the service list, and the definitions of the services
// wanted, four at a time. A definition that answers an error (an unlicensed window, an unknown service: HTTP 500)
// is skipped and listed; a service name that cannot be a file name is kept under a safe one (snapshot.ts).
//
// Report services (`m_*`) are hidden from the list, and `?type=report` answers an empty one (T19), but they can be
// fetched by name. So a fetch fetches those the list for reports names (should a server name any), those named in
// `--services`, and those the team's snapshot already holds (`known`): fetching again does not lose them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readServerBuild, serviceNames } from '../../templates/runtime/discovery.js';
import { ErpForbiddenError, ErpHttpError, ErpNotAuthorizedError } from '../../templates/runtime/errors.js';
import type { Http } from '../../templates/runtime/http/types.js';
import { isReportService } from '../../templates/runtime/contract.js';
import { xmlField } from '../../templates/runtime/xml.js';
import { UserError } from '../errors.js';
import { selector } from '../model/select.js';
import {
  definitionFiles,
  DEFINITIONS_FOLDER,
  SERVICE_LIST_FILE,
  type ManifestServices,
  type Skipped,
} from '../source/layout.js';
import { MAX_DEFINITION_BYTES } from '../source/snapshot.js';
import { download, TooLarge } from './download.js';
import { notice, type Notice } from '../diagnostics.js';

export interface ServicesFetched {
  readonly uiServer: string | null;
  readonly build: string | null;
  readonly services: ManifestServices;
}

export interface ServicesRequest {
  readonly http: Http;
  readonly base: string;
  /** the folder services.json and definitions/ are written to */
  readonly dir: string;
  /** globs (or exact names) over service names; none for every listed service */
  readonly services: readonly string[];
  /** the report services the team's snapshot holds: fetched by name too, as far as `services` selects them */
  readonly known?: readonly string[];
  readonly concurrency: number;
  readonly warn: (warning: Notice) => void;
  /** the number of services wanted, once known */
  readonly onTotal: (n: number) => void;
  readonly onServiceDone: () => void;
}

const ROUTER = '/api/ui/router/v1/?urlType=external';
/** A tenant lists about 300 services; ten thousand names are well under a megabyte. */
const MAX_SERVICE_LIST_BYTES = 16 * 1024 * 1024;

const byName = <T extends { readonly name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** Names without glob characters are exact: fetched even when the list hides them (report services). */
const isGlob = (pattern: string): boolean => /[*?[\]{}!()+@]/.test(pattern);

export async function fetchServices(request: ServicesRequest): Promise<ServicesFetched> {
  const none = { listed: 0, fetched: [], skipped: [], safeFileNames: [], reports: { listed: [], kept: [] } };
  let uiServer: string;
  try {
    uiServer = await findUiServer(request.http, request.base);
  } catch (error) {
    if (!(error instanceof ErpForbiddenError)) throw error;
    request.warn(
      notice(
        'ERPGEN_FETCH_NO_SERVICES',
        `no transaction services: the credentials' scope does not reach the router (HTTP 403)`,
        {
          request: `GET ${ROUTER}`,
        },
      ),
    );
    return { uiServer: null, build: null, services: none };
  }
  const build = await serverBuild(request.http, uiServer, request.warn);
  const list = await serviceList(request.http, uiServer, request.warn);
  const reports = list.text === undefined ? [] : await reportList(request.http, uiServer);
  const known = (request.known ?? []).filter((n) => isReportService(n) && !list.names.includes(n));
  const patterns = request.services.length ? request.services : ['*'];
  const match = selector({ include: patterns, exclude: [], includeUnreachable: true });
  const wanted = [...new Set([...list.names, ...reports, ...known])].filter((n) => match(n).generate);
  for (const p of patterns) if (!isGlob(p) && !wanted.includes(p)) wanted.push(p);
  request.onTotal(wanted.length);
  const { fetched, skipped, files } = await fetchDefinitions(request, uiServer, wanted);
  const safeFileNames = fetched
    .filter((name) => files.get(name) !== `${name}.json`)
    .map((name) => ({ name, file: files.get(name)! }))
    .sort(byName);
  // the server's list as it sent it when every listed service was fetched (report services are never listed)
  const complete = list.text !== undefined && list.names.every((n) => fetched.includes(n));
  const written = fetched.filter((n) => !isReportService(n)).map((Name) => ({ Name }));
  writeFileSync(join(request.dir, SERVICE_LIST_FILE), complete ? list.text! : `${JSON.stringify(written, null, 1)}\n`);
  const kept = known.filter((n) => fetched.includes(n) && !reports.includes(n) && !request.services.includes(n));
  return {
    uiServer,
    build,
    services: { listed: list.names.length, fetched, skipped, safeFileNames, reports: { listed: reports, kept } },
  };
}

/** The router's `Url` (JSON, or the `<Url>` some middleware answers). */
async function findUiServer(http: Http, base: string): Promise<string> {
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
    throw new UserError(
      'ERPGEN_FETCH_BAD_ANSWER',
      `GET ${ROUTER}: the answer names no UI server (Url): ${http.show(text)}`,
      {
        where: { request: `GET ${ROUTER}` },
      },
    );
  return found.replace(/\/+$/, '');
}

/** The build from serverinfo (`Version` -> `Application Version`, or the flat keys); a failure is a warning. */
async function serverBuild(http: Http, uiServer: string, warn: (warning: Notice) => void): Promise<string | null> {
  try {
    const version = await readServerBuild(http, uiServer);
    if (version !== undefined) return version;
    warn(
      notice(
        'ERPGEN_FETCH_BUILD_UNKNOWN',
        'the server build is unknown: serverinfo holds neither Version -> Application Version nor the flat keys',
      ),
    );
  } catch (error) {
    if (!(error instanceof ErpHttpError) || error instanceof ErpNotAuthorizedError) throw error;
    warn(notice('ERPGEN_FETCH_BUILD_UNKNOWN', `the server build is unknown: ${error.message}`));
  }
  return null;
}

/** GET /api/v2/services in any of the four forms public clients read: the names, and the text as sent. */
async function serviceList(
  http: Http,
  uiServer: string,
  warn: (warning: Notice) => void,
): Promise<{ names: string[]; text?: string }> {
  try {
    const bytes = await http.bytes({
      method: 'GET',
      url: `${uiServer}/api/v2/services`,
      shown: '/api/v2/services',
      kind: 'read',
      maxBytes: MAX_SERVICE_LIST_BYTES,
    });
    const text = new TextDecoder().decode(bytes);
    const names = serviceNamesIn(text);
    if (names === undefined)
      throw new UserError(
        'ERPGEN_FETCH_BAD_ANSWER',
        `GET /api/v2/services: the answer is not a list of services: ${http.show(text)}`,
        { where: { request: 'GET /api/v2/services' } },
      );
    return { names, text };
  } catch (error) {
    if (!(error instanceof ErpForbiddenError)) throw error;
    warn(
      notice(
        'ERPGEN_FETCH_NO_SERVICES',
        `no transaction services: the credentials' scope does not include the Transaction API (HTTP 403)`,
        { request: 'GET /api/v2/services' },
      ),
    );
    return { names: [] };
  }
}

/**
 * `GET /api/v2/services?type=report` (T19): the documents say it answers an empty list, and other types a 400; the
 * names are taken should a server list its report services there. Any failure is taken as none: the list itself
 * has been read.
 */
async function reportList(http: Http, uiServer: string): Promise<string[]> {
  try {
    const bytes = await http.bytes({
      method: 'GET',
      url: `${uiServer}/api/v2/services?type=report`,
      shown: '/api/v2/services?type=report',
      kind: 'read',
      maxBytes: MAX_SERVICE_LIST_BYTES,
    });
    return (serviceNamesIn(new TextDecoder().decode(bytes)) ?? []).filter(isReportService);
  } catch (error) {
    if (error instanceof ErpHttpError && !(error instanceof ErpNotAuthorizedError)) return [];
    throw error;
  }
}

function serviceNamesIn(text: string): string[] | undefined {
  try {
    return serviceNames(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The definitions of the services wanted, `concurrency` at a time; what answers an error is skipped. */
async function fetchDefinitions(
  request: ServicesRequest,
  uiServer: string,
  wanted: readonly string[],
): Promise<{ fetched: string[]; skipped: Skipped[]; files: Map<string, string> }> {
  const folder = join(request.dir, DEFINITIONS_FOLDER);
  mkdirSync(folder, { recursive: true });
  const fetched: string[] = [];
  const skipped: Skipped[] = [];
  const skip = (name: string, reason: string, file?: string): void => {
    if (file !== undefined) rmSync(join(folder, file), { force: true });
    skipped.push({ name, reason });
    request.warn(
      notice('ERPGEN_FETCH_SERVICE_SKIPPED', `skipped service ${name}: ${reason}`, { subject: `service ${name}` }),
    );
  };
  const files = definitionFiles(wanted);
  await parallel(wanted, request.concurrency, async (name) => {
    const file = files.get(name)!;
    const shown = `/api/v2/definition/${encodeURIComponent(name)}`;
    // a URL takes `.` and `..` (also percent-encoded) as steps of its path: no request can name such a service
    if (name === '.' || name === '..') skip(name, 'the name cannot be put in a URL path');
    else
      try {
        await download(request.http, `${uiServer}${shown}`, shown, join(folder, file), MAX_DEFINITION_BYTES);
        const notJson = jsonProblem(join(folder, file));
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
    request.onServiceDone();
  });
  return { fetched: fetched.sort(), skipped: skipped.sort(byName), files };
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
