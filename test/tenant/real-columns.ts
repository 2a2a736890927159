// Reads the real column lists of test/fixtures/reference/real-view-columns.txt (OData v3 names) so that the
// sample tenant borrows real column names and types instead of inventing them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface RealColumn {
  readonly name: string;
  /** OData v4 primitive type (v3 `DateTime` becomes `Edm.DateTimeOffset` on the v4 surface) */
  readonly type: string;
}

const V3_TO_V4: Record<string, string> = {
  String: 'Edm.String',
  Decimal: 'Edm.Decimal',
  Int32: 'Edm.Int32',
  Int16: 'Edm.Int16',
  Byte: 'Edm.Byte',
  DateTime: 'Edm.DateTimeOffset',
  Binary: 'Edm.Binary',
};

/** Public captures of a real server's schemas and payloads, copied into the repository (see its README). */
export const REFERENCE_DIR = fileURLToPath(new URL('../fixtures/reference/', import.meta.url));

let cache: Map<string, RealColumn[]> | undefined;

/** Real views by their name without the vendor prefix (`customer`, `oe_hdr`, ...). */
export function realViews(): Map<string, RealColumn[]> {
  if (cache) return cache;
  cache = new Map();
  const text = readFileSync(REFERENCE_DIR + 'real-view-columns.txt', 'utf8');
  for (const line of text.split('\n')) {
    const m = /^p21_view_(\w+) \(\d+ props\): (.*)$/.exec(line);
    if (!m) continue;
    const columns = m[2]!.split(' ').map((pair) => {
      const [name, v3] = pair.split(':') as [string, string];
      const type = V3_TO_V4[v3];
      if (!type) throw new Error(`real-view-columns.txt: unknown type ${v3}`);
      return { name, type };
    });
    cache.set(m[1]!, columns);
  }
  return cache;
}

/** Every distinct real column (first type seen wins), in file order: a pool for filler objects. */
export function realColumnPool(): RealColumn[] {
  const seen = new Map<string, RealColumn>();
  for (const columns of realViews().values()) for (const c of columns) if (!seen.has(c.name)) seen.set(c.name, c);
  return [...seen.values()];
}
