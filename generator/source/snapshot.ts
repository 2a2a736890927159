// A snapshot folder: the schema documents and the service definitions as the server sent them:
//   tables.metadata.json, views.metadata.json, services.json, definitions/<Service>.json
//
// A service's name comes from the server, and not every name can be a file name: too long for a file system,
// a character Windows refuses, a Windows device name, a trailing dot or space, or a name that differs from
// another only in case (or Unicode normalisation) on a file system that ignores both. Such a definition is kept as
// `definitions/<ascii words>~<hash>.json`, and its service is the `Name` the definition holds (which must hash
// to the file name). No name written as itself contains `~`, so the two forms never meet.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import { didYouMean } from '../../common/did-you-mean.js';
import { inputError, UserError } from '../errors.js';
import type { Surface } from '../model/schema.js';

export const SNAPSHOT_FILES: Readonly<Record<Surface, string>> = {
  table: 'tables.metadata.json',
  view: 'views.metadata.json',
};

/** what `erpgen fetch` writes beside the documents it fetched (source/manifest.ts reads it) */
export const MANIFEST_FILE = 'manifest.json';

export interface SnapshotDocument {
  readonly surface: Surface;
  /** absolute path */
  readonly file: string;
  /** how messages name it: relative to the working directory */
  readonly label: string;
}

/** ` (did you mean schema?)` for a folder beside `dir` whose name is close to its name (`shema`). */
function nearFolder(dir: string, cwd: string): string {
  let folders: string[];
  try {
    folders = readdirSync(dirname(dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return '';
  }
  return didYouMean(basename(dir), folders, (name) => relative(cwd, join(dirname(dir), name)) || '.');
}

export function openSnapshot(dir: string, cwd = process.cwd()): SnapshotDocument[] {
  const shown = relative(cwd, dir) || '.';
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UserError(
      `${shown}: snapshot folder not found${nearFolder(dir, cwd)} (give --snapshot, or set "snapshot" in erpgen.config.json)`,
    );
  }
  return (Object.keys(SNAPSHOT_FILES) as Surface[]).map((surface) => {
    const file = join(dir, SNAPSHOT_FILES[surface]);
    const label = relative(cwd, file);
    if (!existsSync(file))
      throw new UserError(
        `${label}: missing from the snapshot (a snapshot holds ${Object.values(SNAPSHOT_FILES).join(' and ')})`,
      );
    return { surface, file, label };
  });
}

export interface SnapshotFile {
  readonly file: string;
  readonly label: string;
}

export interface SnapshotServices {
  /** services.json (GET /api/v2/services), when the snapshot has it */
  readonly list?: SnapshotFile;
  /** definitions/<Service>.json by service name, in code-point order */
  readonly definitions: ReadonlyArray<SnapshotFile & { readonly name: string }>;
}

/** The longest service name kept as its own file name, in UTF-8 bytes: far from any file system's 255. */
const MAX_NAME_BYTES = 120;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const ESCAPED = /~[0-9a-f]{16}\.json$/;

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

/** The service an escaped definition file holds: its `Name`, checked against the file name. */
function escapedServiceName(file: string, label: string): string {
  let name: unknown;
  try {
    name = (
      JSON.parse(
        readBytes({ file, label })
          .toString('utf8')
          .replace(/^\uFEFF/, ''),
      ) as { Name?: unknown } | null
    )?.Name;
  } catch {
    throw inputError(label, 'is not JSON: a definition kept under a safe file name must hold its service `Name`');
  }
  if (typeof name !== 'string' || escapedDefinitionFile(name) !== basename(file))
    throw inputError(
      label,
      typeof name === 'string'
        ? `holds the definition of a service whose safe file name is ${escapedDefinitionFile(name)}, not this one`
        : 'has no service `Name`: a definition kept under a safe file name must hold it',
    );
  return name;
}

/** The transaction services of a snapshot; none when it has neither a list nor definitions. */
export function openServices(dir: string, cwd = process.cwd()): SnapshotServices | undefined {
  const listFile = join(dir, 'services.json');
  const definitionsDir = join(dir, 'definitions');
  const hasList = existsSync(listFile);
  const hasDefinitions = existsSync(definitionsDir) && statSync(definitionsDir).isDirectory();
  if (!hasList && !hasDefinitions) return undefined;
  if (hasList) checkSize({ file: listFile, label: relative(cwd, listFile) });
  const definitions = hasDefinitions
    ? readdirSync(definitionsDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          const file = join(definitionsDir, f);
          const label = relative(cwd, file);
          checkSize({ file, label });
          const name = ESCAPED.test(f) ? escapedServiceName(file, label) : f.slice(0, -'.json'.length);
          return { name, file, label };
        })
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : [];
  return { ...(hasList ? { list: { file: listFile, label: relative(cwd, listFile) } } : {}), definitions };
}

/**
 * The report services (`m_*`) a snapshot folder holds definitions of; none when there is no such folder or it
 * cannot be read (this only ever adds to what `erpgen fetch` asks for).
 */
export function reportServicesIn(dir: string): string[] {
  try {
    return (openServices(dir)?.definitions ?? []).map((d) => d.name).filter(isReportService);
  } catch {
    return [];
  }
}

/** sha256 of a file's bytes, read in blocks: provenance for the generated README */
export function digest(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 16);
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The biggest published definition (Order, 1,261 fields) is about half a megabyte: anything this big is not one. */
export const MAX_DEFINITION_BYTES = 64 * 1024 * 1024;

/** A small input file, refused when it is too big to be one (before anything reads or hashes it). */
function checkSize(input: SnapshotFile): void {
  const size = statSync(input.file).size;
  if (size > MAX_DEFINITION_BYTES)
    throw new UserError(
      `${input.label}: ${Math.round(size / 1_048_576)} MiB, more than the ${MAX_DEFINITION_BYTES / 1_048_576} MiB a service list or definition can be (the biggest real definitions are about 1 MB)`,
    );
}

/** A small input file's bytes (service list, one definition), with a readable error when it cannot be read. */
export function readBytes(input: SnapshotFile): Buffer {
  try {
    checkSize(input);
    return readFileSync(input.file);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`${input.label}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
