// A snapshot folder: the schema documents and the service definitions as the server sent them:
//   tables.metadata.json, views.metadata.json, services.json, definitions/<Service>.json
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '../errors.js';
import type { Surface } from '../model/schema.js';

export const SNAPSHOT_FILES: Readonly<Record<Surface, string>> = {
  table: 'tables.metadata.json',
  view: 'views.metadata.json',
};

export interface SnapshotDocument {
  readonly surface: Surface;
  /** absolute path */
  readonly file: string;
  /** how messages name it: relative to the working directory */
  readonly label: string;
}

export function openSnapshot(dir: string, cwd = process.cwd()): SnapshotDocument[] {
  const shown = relative(cwd, dir) || '.';
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UserError(
      `${shown}: snapshot folder not found (give --snapshot, or set "snapshot" in erpgen.config.json)`,
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

/** The transaction services of a snapshot; none when it has neither a list nor definitions. */
export function openServices(dir: string, cwd = process.cwd()): SnapshotServices | undefined {
  const listFile = join(dir, 'services.json');
  const definitionsDir = join(dir, 'definitions');
  const hasList = existsSync(listFile);
  const hasDefinitions = existsSync(definitionsDir) && statSync(definitionsDir).isDirectory();
  if (!hasList && !hasDefinitions) return undefined;
  const definitions = hasDefinitions
    ? readdirSync(definitionsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({
          name: f.slice(0, -'.json'.length),
          file: join(definitionsDir, f),
          label: relative(cwd, join(definitionsDir, f)),
        }))
    : [];
  return { ...(hasList ? { list: { file: listFile, label: relative(cwd, listFile) } } : {}), definitions };
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

/** A small input file's bytes (service list, one definition), with a readable error when it cannot be read. */
export function readBytes(input: SnapshotFile): Buffer {
  try {
    return readFileSync(input.file);
  } catch (error) {
    throw new UserError(`${input.label}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
