// The output folder as erpgen may touch it: every path is taken against the real folder (the output may itself
// be a link to a folder: it is resolved once), and no link below it is ever followed. A generated path that would
// reach a link, or a file where it needs a folder (or the other way round), is refused before anything is
// written, compared or removed: one line naming the path, and the output as it was.
//
// Each folder is read once (its entries and their kinds, as readdir tells them without following links), so
// checking every path of a stock-size package costs a few reads, not a stat per file.
import { lstatSync, readdirSync, readlinkSync, realpathSync, type Dirent } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { quote } from '../message-text.js';

export type Kind = 'file' | 'folder' | 'link' | 'other';

/**
 * The real path of the output folder `out`: itself where it is no link, the folder a link at `out` points to,
 * and where `out` does not exist yet, its would-be place under its parent's real path (or under the nearest
 * parent that exists). A link to nowhere is refused.
 */
export function realOutput(out: string, label: string): string {
  const absolute = resolve(out);
  try {
    return realpathSync(absolute);
  } catch {
    // not there (yet): nor a link to nowhere
  }
  if (lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new UserError(
      'ERPGEN_OUT_LINK',
      `${label}: is a link to ${quote(readlinkSync(absolute))}, which does not exist`,
    );
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(realOutput(parent, label), basename(absolute));
}

function kindOf(entry: Dirent): Kind {
  return entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
}

export class OutputTree {
  /** folder (relative, '' for the root) -> its entries and their kinds; an empty map for a folder not there */
  private readonly folders = new Map<string, ReadonlyMap<string, Kind>>();

  /** `root`: the real output folder (realOutput); `label`: how messages name it. */
  constructor(
    readonly root: string,
    private readonly label: string,
  ) {}

  private entries(folder: string): ReadonlyMap<string, Kind> {
    let entries = this.folders.get(folder);
    if (!entries) {
      try {
        entries = new Map(
          readdirSync(join(this.root, folder), { withFileTypes: true }).map((e) => [e.name, kindOf(e)]),
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        entries = new Map();
      }
      this.folders.set(folder, entries);
    }
    return entries;
  }

  /**
   * What is at `path` (relative, with `/`) without following a link: undefined when nothing is. Refuses a path
   * whose folders are not all folders (a link, a file), so that what is returned is what is at `path` itself.
   */
  kind(path: string): Kind | undefined {
    let folder = '';
    for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) {
      const part = path.slice(0, at);
      const kind = this.entries(folder).get(basename(part));
      if (kind === undefined) return undefined;
      if (kind !== 'folder') this.refuse(part, kind, 'folder');
      folder = part;
    }
    return this.entries(folder).get(path.slice(folder ? folder.length + 1 : 0));
  }

  /** The kind of `path`, which erpgen writes (or removes) as a file: refused unless a file or nothing is there. */
  fileKind(path: string): 'file' | undefined {
    const kind = this.kind(path);
    if (kind !== undefined && kind !== 'file') this.refuse(path, kind, 'file');
    return kind;
  }

  /** Forgets what was read (after the folder changed). */
  forget(): void {
    this.folders.clear();
  }

  private refuse(path: string, found: Kind, wanted: 'file' | 'folder'): never {
    const shown = `${this.label}/${path}`;
    if (found === 'link') {
      let target = '';
      try {
        target = ` (to ${quote(readlinkSync(join(this.root, path)))})`;
      } catch {
        // gone meanwhile: the link is said all the same
      }
      throw new UserError(
        'ERPGEN_OUT_LINK',
        `${shown} is a link${target}: erpgen writes, compares and removes only inside ${this.label}, never through a link; replace the link by a ${wanted === 'file' ? 'file' : 'folder'} or remove it (nothing was changed)`,
      );
    }
    const what = found === 'folder' ? 'a folder' : found === 'file' ? 'a file' : 'not a file nor a folder';
    throw new UserError(
      'ERPGEN_OUT_IN_THE_WAY',
      `${shown} is ${what} where erpgen writes a ${wanted}: move it away and run again (nothing was changed)`,
    );
  }
}

/** A path the file list or a journal may name: relative, plain, inside the folder (a damaged one never reaches out). */
export function isOwnedPath(path: string): boolean {
  return (
    path !== '' &&
    !path.startsWith('/') &&
    !path.includes('\\') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
