// A snapshot folder, read: the schema documents and the service definitions as the server sent them, each checked
// before it is read (its layout, and how a service whose name cannot be a file name is kept, are layout.ts's).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import { didYouMean } from '../../common/did-you-mean.js';
import { inputError, UserError } from '../errors.js';
import {
  DEFINITIONS_FOLDER,
  ESCAPED_DEFINITION,
  escapedDefinitionFile,
  SERVICE_LIST_FILE,
  SNAPSHOT_FILES,
} from './layout.js';
import type { Surface } from '../model/schema.js';

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
      'ERPGEN_SNAPSHOT_NOT_FOUND',
      `${shown}: snapshot folder not found${nearFolder(dir, cwd)} (give --snapshot, or set "snapshot" in erpgen.config.json)`,
      { where: { file: shown } },
    );
  }
  return (Object.keys(SNAPSHOT_FILES) as Surface[]).map((surface) => {
    const file = join(dir, SNAPSHOT_FILES[surface]);
    const label = relative(cwd, file);
    if (!existsSync(file))
      throw new UserError(
        'ERPGEN_SNAPSHOT_FILE_MISSING',
        `${label}: missing from the snapshot (a snapshot holds ${Object.values(SNAPSHOT_FILES).join(' and ')})`,
        { where: { file: label } },
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
    throw inputError(
      'ERPGEN_DEFINITION_FILE_NAME',
      label,
      'is not JSON: a definition kept under a safe file name must hold its service `Name`',
    );
  }
  if (typeof name !== 'string' || escapedDefinitionFile(name) !== basename(file))
    throw inputError(
      'ERPGEN_DEFINITION_FILE_NAME',
      label,
      typeof name === 'string'
        ? `holds the definition of a service whose safe file name is ${escapedDefinitionFile(name)}, not this one`
        : 'has no service `Name`: a definition kept under a safe file name must hold it',
    );
  return name;
}

/** The transaction services of a snapshot; none when it has neither a list nor definitions. */
export function openServices(dir: string, cwd = process.cwd()): SnapshotServices | undefined {
  const listFile = join(dir, SERVICE_LIST_FILE);
  const definitionsDir = join(dir, DEFINITIONS_FOLDER);
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
          const name = ESCAPED_DEFINITION.test(f) ? escapedServiceName(file, label) : f.slice(0, -'.json'.length);
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
      'ERPGEN_INPUT_TOO_LARGE',
      `${input.label}: ${Math.round(size / 1_048_576)} MiB, more than the ${MAX_DEFINITION_BYTES / 1_048_576} MiB a service list or definition can be (the biggest real definitions are about 1 MB)`,
      { where: { file: input.label } },
    );
}

/** A small input file's bytes (service list, one definition), with a readable error when it cannot be read. */
export function readBytes(input: SnapshotFile): Buffer {
  try {
    checkSize(input);
    return readFileSync(input.file);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(
      'ERPGEN_INPUT_UNREADABLE',
      `${input.label}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      { where: { file: input.label } },
    );
  }
}
