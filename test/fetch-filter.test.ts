// The pieces of `erpgen fetch` that decide what a snapshot holds: the streaming rewrite of a $metadata document down
// to the chosen objects, and the OData allow-list read from a consumer key's token.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filterDocument } from '../generator/source/live/filter-document.js';
import { allowListOf, accessTokenOf } from '../generator/source/live/token.js';
import { Redactor, shownUrl } from '../generator/source/live/redact.js';
import { tempDir } from './support/cli.js';

const work = tempDir('erpgen-fetch-filter-');

function filtered(document: unknown, dropSets: string[], dropTypes: string[], raw?: string): any {
  const from = join(work, 'in.json');
  const to = join(work, 'out.json');
  writeFileSync(from, raw ?? JSON.stringify(document));
  filterDocument(from, to, { dropSets: new Set(dropSets), dropTypes: new Set(dropTypes) });
  return JSON.parse(readFileSync(to, 'utf8'));
}

describe('filterDocument', () => {
  it('drops the chosen entity sets and types wherever the container is, and keeps everything else', () => {
    const doc = {
      $Version: '4.0',
      $EntityContainer: 'n.c',
      d: {
        $Alias: 'D',
        keep: { $Kind: 'EntityType', $Key: ['id'], id: { $Type: 'Edm.Decimal' }, drop: { $MaxLength: 3 } },
        drop: { $Kind: 'EntityType', id: {} },
        'keep@Core.Description': 'kept',
      },
      // the container comes last, and names the types through the alias
      n: { c: { $Kind: 'EntityContainer', keep: { $Collection: true, $Type: 'D.keep' }, drop: { $Type: 'D.drop' } } },
    };
    const out = filtered(doc, ['drop'], ['d.drop']);
    // a column named like a dropped object stays: only the container's members are entity sets
    expect(out.d.keep).toEqual(doc.d.keep);
    expect(out.d.drop).toBeUndefined();
    expect(out.d['keep@Core.Description']).toBe('kept');
    expect(out.n.c).toEqual({ $Kind: 'EntityContainer', keep: { $Collection: true, $Type: 'D.keep' } });
    expect(out.$Version).toBe('4.0');
  });

  it('keeps numbers as written (every digit) and odd names as they are', () => {
    const raw =
      '{"$EntityContainer":"s.c","s":{"t":{"$Kind":"EntityType","__proto__":{"$Precision":38,"$Scale":18},"x":{"@Core.Default":12345678901234567890.123456789}},"c":{"__proto__":{"$Type":"s.t"},"gone":{"$Type":"s.u"}},"u":{}}}';
    const out = filtered(undefined, ['gone'], ['s.u'], raw);
    expect(readFileSync(join(work, 'out.json'), 'utf8')).toContain('12345678901234567890.123456789');
    expect(Object.keys(out.s.c)).toEqual(['__proto__']);
    expect(Object.keys(out.s)).toEqual(['t', 'c']);
  });
});

describe('allowListOf', () => {
  const jwt = (claims: unknown) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

  it('reads /odata:a,b from aud; a bare /odata or none is no list', () => {
    expect(allowListOf(jwt({ aud: '/api;/odata:customer, oe_hdr' }))).toEqual(['customer', 'oe_hdr']);
    expect(allowListOf(jwt({ aud: '/api;/odata' }))).toBeUndefined();
    expect(allowListOf(jwt({ aud: '/api' }))).toBeUndefined();
    expect(allowListOf(jwt({ aud: ['/api', '/odata:x'] }))).toEqual(['x']);
    expect(allowListOf('not-a-jwt')).toBeUndefined();
  });
});

describe('token answers and redaction', () => {
  it('reads AccessToken from JSON, or from XML', () => {
    expect(accessTokenOf('{"AccessToken":"a.b.c","ExpiresIn":1}')).toBe('a.b.c');
    expect(accessTokenOf('<TokenResponse><AccessToken>x.y.z</AccessToken></TokenResponse>')).toBe('x.y.z');
    expect(accessTokenOf('{"error":"invalid_grant"}')).toBeUndefined();
  });

  it('removes known secrets and anything shaped like a token, and URL credentials', () => {
    const r = new Redactor();
    r.add('s3cret-key-123');
    expect(r.text('no resource for s3cret-key-123 (eyJhbGciOi.eyJzdWIi.c2ln)')).toBe('no resource for *** (***)');
    expect(shownUrl('https://u:pw@erp.example.com/odata?$top=1')).toBe('https://erp.example.com/odata');
  });
});
