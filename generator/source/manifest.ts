// manifest.json, which `erpgen fetch` writes beside the snapshot it fetched: only the fields others read (layout.ts
// says the whole of it). A snapshot made by hand has none; a manifest that cannot be read counts as none, as it only
// ever adds to what the snapshot itself says. Read by hand rather than with zod: every run reads it, and loading
// zod cost a run of the sample more than the rest of reading it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE, type Manifest, type ManifestServices, type Skipped } from './layout.js';

/** The fields of manifest.json that generate and diff read, as they read them (Manifest's, the compiler holds). */
export type ManifestFields = Partial<Pick<Manifest, 'serverBuild' | 'fetchedAt'>> & {
  services?: Pick<ManifestServices, 'skipped'>;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSkipped = (v: unknown): v is Skipped =>
  isObject(v) && typeof v.name === 'string' && typeof v.reason === 'string';

/**
 * The fields of a manifest's JSON, the others left out; undefined when one of them is not of its shape (a
 * manifest only ever adds to what the snapshot says, so such a one counts as none).
 */
export function manifestFields(raw: unknown): ManifestFields | undefined {
  if (!isObject(raw)) return undefined;
  const { serverBuild, fetchedAt, services } = raw;
  if (serverBuild !== undefined && serverBuild !== null && typeof serverBuild !== 'string') return undefined;
  if (fetchedAt !== undefined && typeof fetchedAt !== 'string') return undefined;
  let skipped: Skipped[] | undefined;
  if (services !== undefined) {
    if (!isObject(services) || !Array.isArray(services.skipped) || !services.skipped.every(isSkipped)) return undefined;
    skipped = services.skipped.map(({ name, reason }) => ({ name, reason }));
  }
  return {
    ...(serverBuild !== undefined ? { serverBuild } : {}),
    ...(fetchedAt !== undefined ? { fetchedAt } : {}),
    ...(skipped ? { services: { skipped } } : {}),
  };
}

/** manifest.json of a fetched snapshot, when there is one that can be read. */
export function readManifest(dir: string): ManifestFields | undefined {
  try {
    return manifestFields(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}
