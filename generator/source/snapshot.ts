// A snapshot folder: the schema documents as the server sent them. (Service definitions join it later.)
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
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
