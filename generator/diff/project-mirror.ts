// A team's project as `erpgen diff --project` compiles it when its code reaches the generated folder by a path
// (`import { customer } from '../generated/tables/customer.js'`): the compiler maps package names (`paths`), never
// relative imports, and erpgen writes nothing of the team's. So the project's own files are copied under a
// temporary root, each at its absolute path below it (their relative imports reach what they reach at home), the
// `node_modules` folders on their way are links to the team's, and at the place of the output folder is a link to
// the package to check. Files the compiler reads through that link resolve to the package itself.
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from './tsconfig.js';

export interface Mirror {
  /** where a path of the team's is in the mirror */
  readonly place: (path: string) => string;
}

/**
 * Mirrors `files` (the team's files of the program and its tsconfig files, absolute) under `root`, with `out`
 * (the team's output folder, real path) a link to `pkg`.
 */
export function mirrorProject(root: string, files: readonly string[], out: string, pkg: string): Mirror {
  const place = (path: string) => join(root, path);
  const folders = new Set<string>();
  const copy = (file: string) => {
    const target = place(file);
    if (existsSync(target)) return;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  };
  for (const file of files) {
    if (isInside(file, out)) continue;
    copy(file);
    for (let dir = dirname(file); !folders.has(dir); dir = dirname(dir)) {
      folders.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  for (const dir of folders) {
    // what a file's module format and its packages are found by: the package.json files and node_modules above it
    if (existsSync(join(dir, 'package.json')) && !isInside(dir, out)) copy(join(dir, 'package.json'));
    const modules = join(dir, 'node_modules');
    if (existsSync(modules) && !existsSync(place(modules))) {
      mkdirSync(place(dir), { recursive: true });
      symlinkSync(modules, place(modules), 'junction');
    }
  }
  mkdirSync(dirname(place(out)), { recursive: true });
  symlinkSync(pkg, place(out), 'junction');
  return { place };
}
