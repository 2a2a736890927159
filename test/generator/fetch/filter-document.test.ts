// The streaming rewrite of a $metadata document down to the chosen objects, which `erpgen fetch` does for --tables,
// --views and a consumer key's OData allow-list (the token side is the runtime's, tested with it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countObjects, filterDocument } from '../../../generator/fetch/filter-document.js';
import { tempDir } from '../../support/cli.js';

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

describe('countObjects', () => {
  it("counts the container's entity sets wherever the container is, and nothing else", () => {
    const file = join(work, 'count.json');
    writeFileSync(
      file,
      JSON.stringify({
        $EntityContainer: 'n.c',
        d: { a: { $Kind: 'EntityType', x: {}, y: {}, z: {} }, b: { $Kind: 'EntityType', x: {} } },
        n: {
          c: { a: { $Type: 'd.a' }, 'a@Core.Description': 'not a set', b: { $Type: 'd.b' }, $Kind: 'EntityContainer' },
        },
      }),
    );
    expect(countObjects(file, 'x')).toBe(2);
  });

  it('names an XML answer with its byte offset', () => {
    const file = join(work, 'xml.json');
    writeFileSync(file, '<?xml version="1.0"?><edmx:Edmx/>');
    expect(() => countObjects(file, 'table/$metadata')).toThrow(
      /^table\/\$metadata: is XML, not JSON CSDL .* \(at byte 0\)$/,
    );
  });
});
