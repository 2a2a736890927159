// erpgen's version: read from its own package.json, the one place it is written down.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** package.json sits at the package root, whether erpgen runs from its sources or from dist/ */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'erpgen' && typeof pkg.version === 'string') return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('erpgen is installed without its package.json');
    dir = parent;
  }
}

export const ERPGEN_VERSION = readVersion();
