// manifest.json, which `erpgen fetch` writes beside the snapshot it fetched: only the fields others read (layout.ts
// says the whole of it). A snapshot made by hand has none; a manifest that cannot be read counts as none, as it only
// ever adds to what the snapshot itself says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MANIFEST_FILE, type Manifest, type ManifestServices } from './layout.js';

/**
 * The fields of manifest.json that generate and diff read, as they read them: a manifest only ever adds to what the
 * snapshot says, so one that is not of this shape counts as none. Its fields are Manifest's (the compiler holds them
 * to it).
 */
const manifestSchema = z.object({
  serverBuild: z.string().nullable().optional(),
  fetchedAt: z.string().optional(),
  services: z.object({ skipped: z.array(z.object({ name: z.string(), reason: z.string() })) }).optional(),
}) satisfies z.ZodType<
  Partial<Pick<Manifest, 'serverBuild' | 'fetchedAt'>> & { services?: Pick<ManifestServices, 'skipped'> }
>;

export type ManifestFields = z.infer<typeof manifestSchema>;

/** manifest.json of a fetched snapshot, when there is one that can be read. */
export function readManifest(dir: string): ManifestFields | undefined {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
