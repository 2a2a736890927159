// manifest.json's fields, read by hand (generator/source/manifest.ts): as the zod schema they were read with read
// them (kept here as the reference), on every field set to every kind of JSON value: the fields of that shape,
// the others left out, or none when one is not of its shape.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { manifestFields } from '../../../generator/source/manifest.js';

const reference = z.object({
  serverBuild: z.string().nullable().optional(),
  fetchedAt: z.string().optional(),
  services: z.object({ skipped: z.array(z.object({ name: z.string(), reason: z.string() })) }).optional(),
});

function agrees(raw: unknown): void {
  const want = reference.safeParse(raw);
  expect(manifestFields(raw), JSON.stringify(raw)).toStrictEqual(want.success ? want.data : undefined);
}

const MANIFEST = {
  baseUrl: 'https://erp.example.com',
  serverBuild: '26.1.5940.0',
  fetchedAt: '2026-11-01T10:00:00.000Z',
  services: { listed: 3, fetched: ['Order'], skipped: [{ name: 'Pick', reason: 'unlicensed', extra: 1 }] },
};
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  '',
  'x',
  [],
  ['x'],
  {},
  { skipped: [] },
  [{ name: 'a', reason: 'b' }],
];

describe('manifest.json read by hand', () => {
  it('reads the fields of a fetched snapshot, the others left out', () => {
    expect(manifestFields(MANIFEST)).toStrictEqual({
      serverBuild: '26.1.5940.0',
      fetchedAt: '2026-11-01T10:00:00.000Z',
      services: { skipped: [{ name: 'Pick', reason: 'unlicensed' }] },
    });
    agrees(MANIFEST);
  });

  it('agrees with the zod schema on every field, and on a skipped entry, set to every kind of JSON value', () => {
    for (const value of VALUES) {
      agrees(value);
      for (const key of ['serverBuild', 'fetchedAt', 'services'])
        agrees(JSON.parse(JSON.stringify({ ...MANIFEST, [key]: value })));
      agrees(JSON.parse(JSON.stringify({ ...MANIFEST, services: { skipped: value } })));
      for (const key of ['name', 'reason'])
        agrees(
          JSON.parse(
            JSON.stringify({ ...MANIFEST, services: { skipped: [{ name: 'a', reason: 'b', [key]: value }] } }),
          ),
        );
    }
  });
});
