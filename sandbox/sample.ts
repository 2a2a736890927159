// The small sample snapshot erpgen ships (`schema/` beside its package.json, in the sources and in the npm package):
// what `startSandbox()` serves without a snapshot and `erpgen sandbox --sample` serves, so that a team can try the
// sandbox and the test kit before it has fetched its own. Its own module: the CLI finds it without loading SQLite.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The sample snapshot's folder. Only erpgen's own package folder is looked in (the nearest package.json above this
 * module): an installation without the sample fails, rather than finding a `schema/` of the project around it.
 */
export function sampleSnapshot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir);
  const snapshot = join(dir, 'schema');
  const name = existsSync(join(dir, 'package.json'))
    ? (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name
    : undefined;
  if (name !== 'erpgen' || !existsSync(join(snapshot, 'tables.metadata.json')))
    throw new Error('the sample snapshot is missing from this erpgen installation (its schema/ folder)');
  return snapshot;
}
