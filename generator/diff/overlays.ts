// The `definitions` overlay each side of `erpgen diff` is generated with. The overlay is not in the snapshot but
// in erpgen.config.json, and a team changes the two together (a new snapshot and the lines it makes stale, or a
// line learned in production): a `git:REV:path` side takes the config file as of REV (the same file, as the
// repository held it then; absent then: no overlay), a folder side the config file as it is. So
// `erpgen diff git:main:schema schema` in a pull request reports the overlay lines it adds, removes or changes
// beside the schema's changes, and two folders compare their schemas under the one overlay of the config.
import { relative } from 'node:path';
import type { Config } from '../config.js';
import { UserError } from '../errors.js';
import { keyPath } from '../message-text.js';
import { readOverlay, type Overlay } from '../model/overlay.js';
import { fileAtRevision, type SnapshotSource } from './source.js';

export interface SideOverlay {
  readonly lines: Overlay;
  /** how changes name the config file it came from: `erpgen.config.json`, `git:main:erpgen.config.json` */
  readonly label: string;
}

/** The overlay of one side; `configFile`, the config file (absolute) whether or not it exists now. */
export function sideOverlay(
  source: SnapshotSource,
  config: Config,
  configFile: string,
  cwd = process.cwd(),
): SideOverlay {
  const shown = config.file ?? (relative(cwd, configFile) || configFile);
  if (source.revision === undefined) return { lines: config.definitions ?? [], label: shown };
  const text = fileAtRevision(source.revision, configFile, cwd);
  if (text === 'outside') return { lines: config.definitions ?? [], label: shown };
  // the revision as the spec gives it: git:main:schema -> git:main:erpgen.config.json
  const spec = source.label.slice(0, source.label.indexOf(':', 'git:'.length) + 1);
  const label = `${spec}${shown}`;
  if (text === undefined) return { lines: [], label };
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UserError('ERPGEN_CONFIG_INVALID_JSON', `${label}: invalid JSON: ${(error as Error).message}`, {
      where: { file: label },
    });
  }
  const definitions =
    raw !== null && typeof raw === 'object' ? (raw as { definitions?: unknown }).definitions : undefined;
  if (definitions === undefined) return { lines: [], label };
  const read = readOverlay(definitions);
  if ('problem' in read)
    throw new UserError(
      'ERPGEN_CONFIG_INVALID',
      `${label}: ${keyPath(['definitions', ...read.problem.path])}: ${read.problem.message}`,
      { where: { file: label, option: keyPath(['definitions', ...read.problem.path]) } },
    );
  return { lines: read.lines, label };
}
