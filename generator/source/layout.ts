// A snapshot folder's layout, named once: what `erpgen fetch` writes and `erpgen generate` and `erpgen diff` read.
//   tables.metadata.json, views.metadata.json   the schema documents, as the server sent them (SNAPSHOT_FILES)
//   services.json                               GET /api/v2/services (SERVICE_LIST_FILE)
//   definitions/<Service>.json                  GET /api/v2/definition/{name} (DEFINITIONS_FOLDER, definitionFiles)
//   manifest.json                               the fetch's record: where, when, which build, what (MANIFEST_FILE)
//
// A service's name comes from the server, and not every name can be a file name: too long for a file system,
// a character Windows refuses, a Windows device name, a trailing dot or space, or a name that differs from
// another only in case (or Unicode normalisation) on a file system that ignores both. Such a definition is kept as
// `definitions/<ascii words>~<hash>.json`, and its service is the `Name` the definition holds (which must hash
// to the file name: snapshot.ts checks it). No name written as itself contains `~`, so the two forms never meet.
//
// The sandbox reads snapshots with a reader of its own (sandbox/schema.ts, sandbox/transactions/catalog.ts), so that
// a bug of the generator's cannot agree with itself; it spells these names itself.
import { createHash } from 'node:crypto';
import type { Surface } from '../model/schema.js';

export const SNAPSHOT_FILES: Readonly<Record<Surface, string>> = {
  table: 'tables.metadata.json',
  view: 'views.metadata.json',
};

export const SERVICE_LIST_FILE = 'services.json';

export const DEFINITIONS_FOLDER = 'definitions';

/** what `erpgen fetch` writes beside the documents it fetched (Manifest; source/manifest.ts reads it) */
export const MANIFEST_FILE = 'manifest.json';

/** How a run names a definition among the snapshot's files (`definitions/Order.json`). */
export const definitionLabel = (file: string): string => `${DEFINITIONS_FOLDER}/${file}`;

/** The longest service name kept as its own file name, in UTF-8 bytes: far from any file system's 255. */
const MAX_NAME_BYTES = 120;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** the form of a safe definition file name (escapedDefinitionFile) */
export const ESCAPED_DEFINITION = /~[0-9a-f]{16}\.json$/;

const hashOf = (name: string) => createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 16);
/** how a file system that ignores case and normalisation sees a name */
const folded = (name: string) => name.normalize('NFC').toLowerCase();

/** Whether a name can be a file name as it is on the common file systems (clashes aside). */
function fitsAsFileName(name: string): boolean {
  return (
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    Buffer.byteLength(name) <= MAX_NAME_BYTES &&
    !/[\u0000-\u001f\u007f<>:"/\\|?*~]/.test(name) &&
    !/[. ]$/.test(name) &&
    !WINDOWS_DEVICE.test(name)
  );
}

/** The safe file name of a service whose name cannot be one: ASCII words of it, `~`, and a hash of it. */
export function escapedDefinitionFile(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `${words || 'service'}~${hashOf(name)}.json`;
}

/**
 * The file name of each service's definition in a snapshot: its own name where it can be one, else the escaped
 * form. Of names that clash ignoring case and normalisation, the first in code-point order keeps its own.
 */
export function definitionFiles(names: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of [...new Set(names)].sort()) {
    const own = fitsAsFileName(name) && !taken.has(folded(name));
    if (own) taken.add(folded(name));
    files.set(name, own ? `${name}.json` : escapedDefinitionFile(name));
  }
  return files;
}

/** A schema document as fetched: its file, and how much of it was kept. */
export interface DocumentEntry {
  readonly file: string;
  readonly bytesDownloaded: number;
  readonly objects: number;
  readonly kept: number;
  readonly filtered: boolean;
}

/** objects left out of a document: how many, and why */
export type LeftOut = { readonly count: number; readonly reason: string } | null;

export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

/** A service kept under a safe file name (its own name cannot be one). */
interface RenamedFile {
  readonly name: string;
  readonly file: string;
}

/** The transaction services of a fetch. */
export interface ManifestServices {
  readonly listed: number;
  readonly fetched: readonly string[];
  readonly skipped: readonly Skipped[];
  /** definitions kept under a safe file name, which `erpgen generate` maps back to the service */
  readonly safeFileNames: readonly RenamedFile[];
  /**
   * report services, which the list hides: those `GET /api/v2/services?type=report` named (the documents: none),
   * and those fetched by name because the team's snapshot held them
   */
  readonly reports: { readonly listed: readonly string[]; readonly kept: readonly string[] };
}

/** manifest.json, as `erpgen fetch` writes it. */
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
  readonly services: ManifestServices;
  /** objects left out of the documents, per surface: count and why */
  readonly objectsLeftOut: Readonly<Record<Surface, LeftOut>>;
}
