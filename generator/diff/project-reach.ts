// What of the package a team's project reaches, and how: read from the program's files (the list `tsc
// --listFilesOnly` gives), so that `erpgen diff --project` writes only the modules the project imports (a stock
// tenant is 14,000 files a package; a project imports a few dozen), and knows whether the project reaches the
// team's output folder by a path (`../generated/tables/customer.js`, a `baseUrl` import) rather than by the
// package's name: then its code is checked in a mirror (project-mirror.ts).
//
// An import is found as a string literal in the code: by the package's name (`'@acme/erp-schema/tables/x'`), by a
// relative path into the output folder, or by one of the team's `paths` aliases whose target is in it. A computed
// specifier is found by none of these, nor by the compiler's types; a file too big to read makes every module
// needed.
import { dirname, relative, resolve } from 'node:path';
import { escapeRegExp } from './project-map.js';
import { isInside, readCapped } from './tsconfig.js';

/** A team's file is read up to this size to find its imports. */
const SOURCE_MAX_BYTES = 16 << 20;

export interface Reach {
  /** the package's module paths the project imports (`tables/customer`, `index`); undefined: all of them */
  readonly modules: ReadonlySet<string> | undefined;
  /** whether it imports the package at all */
  readonly any: boolean;
  /** whether it reaches the output folder other than by the package's name or an alias (a relative path) */
  readonly byPath: boolean;
  /** the team's own files of the program (absolute: not the compiler's, not in node_modules, not the output's) */
  readonly files: readonly string[];
}

export interface ReachInput {
  readonly packageName: string;
  /** the output folder's real path */
  readonly out: string;
  /** the team's `paths`, made absolute */
  readonly paths: Readonly<Record<string, readonly string[]>>;
  /** folders whose files are not the team's (erpgen's temporary folder) */
  readonly skip: readonly string[];
}

/** `tables/customer.d.ts`, `tables/customer.js`, `tables/customer` -> `tables/customer`; the folder -> `index`. */
function modulePath(path: string): string {
  const bare = path.replace(/\.d\.[mc]?ts$|\.[mc]?[jt]sx?$/, '').replace(/^\/+|\/+$/g, '');
  return bare === '' ? 'index' : bare;
}

/** What the program `listing` (one absolute path a line) reaches of the package. */
export function projectReach(listing: string, input: ReachInput): Reach {
  const { out } = input;
  const modules = new Set<string>();
  let all = false;
  let byPath = false;
  const files: string[] = [];
  for (const line of listing.split(/\r?\n/)) {
    const file = line.trim();
    if (!file.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(file)) continue;
    if (isInside(file, out)) {
      // reached, and not through the package's name (that resolves to erpgen's stand-in, not here)
      byPath = true;
      modules.add(modulePath(relative(out, file)));
    } else if (!/[\\/]node_modules[\\/]/.test(file) && !input.skip.some((dir) => isInside(file, dir))) files.push(file);
  }
  const name = escapeRegExp(input.packageName);
  const byName = new RegExp(`(['"\`])${name}(/[^'"\`\\s]*)?\\1`, 'g');
  const quoted = /(['"`])([^'"`\s]{1,500})\1/g;
  const aliases = Object.entries(input.paths).map(([key, targets]) => ({
    prefix: key.replace(/\*.*$/, ''),
    wild: key.includes('*'),
    key,
    targets: targets.filter((t) => isInside(t.replace(/\*.*$/, '').replace(/\/$/, ''), out)),
  }));
  for (const file of files) {
    const text = readCapped(file, SOURCE_MAX_BYTES);
    if (text === undefined) {
      all = true;
      continue;
    }
    for (const m of text.matchAll(byName)) modules.add(modulePath(m[2] ?? ''));
    for (const [, , spec] of text.matchAll(quoted)) {
      if (spec!.startsWith('./') || spec!.startsWith('../')) {
        const target = resolve(dirname(file), spec!);
        if (isInside(target, out)) {
          byPath = true;
          modules.add(modulePath(relative(out, target)));
        }
        continue;
      }
      for (const a of aliases) {
        if (!a.targets.length || !(a.wild ? spec!.startsWith(a.prefix) : spec === a.key)) continue;
        const rest = a.wild ? spec!.slice(a.prefix.length) : '';
        for (const t of a.targets) {
          const target = t.replace('*', rest);
          if (isInside(target, out)) modules.add(modulePath(relative(out, target)));
        }
      }
    }
  }
  return { modules: all ? undefined : modules, any: all || modules.size > 0, byPath, files };
}
