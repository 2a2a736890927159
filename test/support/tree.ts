// Read a folder as { relative path -> bytes } to compare outputs whole.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `root` by relative path; erpgen's cache (a record of the run, not output) is left out by default. */
export function readTree(
  root: string,
  skip: (path: string) => boolean = (path) => path === '.erpgen-cache',
): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      const rel = relative(root, path).split('\\').join('/');
      if (skip(rel)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else files.set(rel, readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** mtimes in ms, to prove files were not rewritten */
export function mtimes(root: string): Map<string, number> {
  const times = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else times.set(relative(root, path), stat.mtimeMs);
    }
  };
  walk(root);
  return times;
}
