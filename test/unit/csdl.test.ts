// The CSDL parser, rule by rule, on small hand-written documents; then every kind of bad input.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../generator/errors.js';
import type { QueryObject } from '../../generator/model/schema.js';
import { readCsdlIndex, readCsdlObjects } from '../../generator/parse/csdl.js';
import { tempDir } from '../support/cli.js';

const dir = tempDir();
let n = 0;

function file(text: string | Buffer): string {
  const path = join(dir, `doc${n++}.json`);
  writeFileSync(path, text);
  return path;
}

function parse(text: string | Buffer, surface: 'table' | 'view' = 'table'): QueryObject[] {
  const index = readCsdlIndex(file(text), surface, 'doc.json');
  const objects: QueryObject[] = [];
  readCsdlObjects(index.document, index.objects, (o) => objects.push(o));
  return objects;
}

function failure(text: string | Buffer): string {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected the document to be refused');
}

const container = (sets: Record<string, string>) =>
  `"ns":{"container":{"$Kind":"EntityContainer",${Object.entries(sets)
    .map(([name, type]) => `${JSON.stringify(name)}:{"$Collection":true,"$Type":${JSON.stringify(type)}}`)
    .join(',')}}}`;
const doc = (...members: string[]) => `{"$Version":"4.0","$EntityContainer":"ns.container",${members.join(',')}}`;
const customerType = `"customer":{"$Kind":"EntityType","$Key":["customer_id"],"customer_id":{"$Type":"Edm.Decimal","$Precision":19,"$Scale":0},"customer_name":{"$Nullable":true,"$MaxLength":255}}`;

describe('parser rules', () => {
  it('exposes the container members that do not start with $, with columns from the entity type', () => {
    const [customer, ...rest] = parse(
      doc(
        `"dbo":{${customerType}}`,
        container({ customer: 'dbo.customer' }).replace(
          '"$Kind":"EntityContainer"',
          '"$Kind":"EntityContainer","$Annotations":{}',
        ),
      ),
    );
    expect(rest).toEqual([]);
    expect(customer).toEqual({
      name: 'customer',
      surface: 'table',
      entityType: 'dbo.customer',
      columns: [
        { name: 'customer_id', edmType: 'Edm.Decimal', nullable: false, key: true, precision: 19, scale: 0 },
        { name: 'customer_name', edmType: 'Edm.String', nullable: true, key: false, maxLength: 255 },
      ],
    });
  });

  it('takes the container before or after the types', () => {
    const before = parse(doc(container({ customer: 'dbo.customer' }), `"dbo":{${customerType}}`));
    const after = parse(doc(`"dbo":{${customerType}}`, container({ customer: 'dbo.customer' })));
    expect(before).toEqual(after);
    expect(before.map((o) => o.name)).toEqual(['customer']);
  });

  it('resolves $Type through the namespace or the alias of the schema', () => {
    const objects = parse(
      doc(container({ a: 'd.customer', b: 'dbo.customer' }), `"dbo":{"$Alias":"d",${customerType}}`),
    );
    expect(objects.map((o) => [o.name, o.entityType])).toEqual([
      ['a', 'dbo.customer'],
      ['b', 'dbo.customer'],
    ]);
  });

  it('names objects by entity set, not by entity type, and lets sets share a type', () => {
    const objects = parse(
      doc(`"dbo":{${customerType}}`, container({ customers: 'dbo.customer', customers_too: 'dbo.customer' })),
    );
    expect(objects.map((o) => o.name)).toEqual(['customers', 'customers_too']);
    expect(objects[0]!.columns).toBe(objects[1]!.columns);
  });

  it('treats every member but $-members, annotations and navigation properties as a column, in document order', () => {
    const [o] = parse(
      doc(
        `"dbo":{"t":{"$Kind":"EntityType","$Key":["id"],"@Core.Description":"x","id":{"$Type":"Edm.Int32"},"2024":{},"b@Core.Description":"y","b":{"$Type":"Edm.Boolean"},"nav":{"$Kind":"NavigationProperty","$Type":"dbo.t"},"__proto__":{"$Nullable":true},"a":{}}}`,
        container({ t: 'dbo.t' }),
      ),
    );
    expect(o!.columns.map((c) => c.name)).toEqual(['id', '2024', 'b', '__proto__', 'a']);
    expect(o!.columns.find((c) => c.name === '__proto__')).toEqual({
      name: '__proto__',
      edmType: 'Edm.String',
      nullable: true,
      key: false,
    });
  });

  it('reads a property without $Type as Edm.String and an absent $Nullable as not nullable', () => {
    const [o] = parse(
      doc(
        `"dbo":{"t":{"$Kind":"EntityType","a":{},"b":{"$Nullable":false},"c":{"$Nullable":true}}}`,
        container({ t: 'dbo.t' }),
      ),
    );
    expect(o!.columns.map((c) => [c.name, c.edmType, c.nullable])).toEqual([
      ['a', 'Edm.String', false],
      ['b', 'Edm.String', false],
      ['c', 'Edm.String', true],
    ]);
  });

  it('keeps $Key (also in its alias form), $MaxLength (also "max"), $Precision and $Scale (also "variable")', () => {
    const [o] = parse(
      doc(
        `"dbo":{"t":{"$Kind":"EntityType","$Key":["a",{"k":"b"}],"a":{"$MaxLength":"max"},"b":{"$Type":"Edm.Decimal","$Precision":38,"$Scale":"variable"},"c":{"$Type":"Edm.DateTimeOffset","$Precision":3}}}`,
        container({ t: 'dbo.t' }),
      ),
    );
    expect(o!.columns).toEqual([
      { name: 'a', edmType: 'Edm.String', nullable: false, key: true, maxLength: 'max' },
      { name: 'b', edmType: 'Edm.Decimal', nullable: false, key: true, precision: 38, scale: 'variable' },
      { name: 'c', edmType: 'Edm.DateTimeOffset', nullable: false, key: false, precision: 3 },
    ]);
  });

  it('accepts a leading UTF-8 byte-order mark and non-ASCII names', () => {
    const text = doc(`"dbo":{"größe":{"$Kind":"EntityType","naïve":{}}}`, container({ größe: 'dbo.größe' }));
    const [o] = parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    expect(o!.name).toBe('größe');
    expect(o!.columns[0]!.name).toBe('naïve');
  });

  it('skips $Reference, other schemas and non-entity members', () => {
    const objects = parse(
      doc(
        `"$Reference":{"x":{"$Include":[{"$Namespace":"Org.OData.Core.V1"}]}}`,
        `"other":{"$Annotations":{"dbo.customer":{}},"Color":{"$Kind":"EnumType","Red":0}}`,
        `"dbo":{${customerType}}`,
        container({ customer: 'dbo.customer' }),
      ),
    );
    expect(objects.map((o) => o.name)).toEqual(['customer']);
  });

  it('stops reading at the container when nothing after it is needed (pass 1 is cheap)', () => {
    // the index is complete once the container and the schema it refers to have been seen: the broken tail,
    // more than a read block (64 KiB) further on, is never even read by pass 1
    const padding = `"pad":{"$Kind":"EntityType",${Array.from({ length: 8000 }, (_, i) => `"c${i}":{"$MaxLength":10}`).join(',')}}`;
    const text = `{"$Version":"4.0","$EntityContainer":"ns.container",${container({ customer: 'dbo.customer' })},"dbo":{${customerType},${padding},"junk":{[}}}`;
    expect(text.length).toBeGreaterThan(2 * 65536);
    const index = readCsdlIndex(file(text), 'table', 'doc.json');
    expect(index.objects.map((o) => o.name)).toEqual(['customer']);
  });

  it('reads only the entity types of the wanted objects', () => {
    const path = file(
      doc(
        `"dbo":{${customerType},"other":{"$Kind":"EntityType","x":{"$Type":"Edm.Nope"}}}`,
        container({ customer: 'dbo.customer', other: 'dbo.other' }),
      ),
    );
    const index = readCsdlIndex(path, 'table', 'doc.json');
    const got: string[] = [];
    readCsdlObjects(
      index.document,
      index.objects.filter((o) => o.name === 'customer'),
      (o) => got.push(o.name),
    );
    expect(got).toEqual(['customer']);
    expect(() => readCsdlObjects(index.document, index.objects, () => undefined)).toThrow(/unknown type "Edm.Nope"/);
  });
});

describe('bad input: one readable line naming the file, what is wrong and where', () => {
  const good = doc(`"dbo":{${customerType}}`, container({ customer: 'dbo.customer' }));

  it('truncated JSON', () => {
    const message = failure(good.slice(0, 120));
    expect(message).toMatch(/^doc\.json: invalid JSON: the document ends too early \(truncated\?\).* \(at byte 120\)$/);
  });

  it('invalid JSON, at the byte where it breaks', () => {
    const broken = good.replace('"customer_name"', '"customer_name",');
    const at = broken.indexOf('"customer_name",') + '"customer_name"'.length;
    expect(failure(broken)).toBe(`doc.json: invalid JSON: expected ':' (at byte ${at})`);
  });

  it('invalid JSON after a BOM and non-ASCII text counts bytes, not characters', () => {
    const text = `\uFEFF{"$Version":"4.0","ü":[}`;
    const at = Buffer.byteLength(text.slice(0, text.indexOf('[}') + 1));
    expect(failure(text)).toMatch(new RegExp(`\\(at byte ${at}\\)$`));
  });

  it('an XML document (the server answers XML without Accept: application/json)', () => {
    expect(failure('<?xml version="1.0" encoding="utf-8"?><edmx:Edmx Version="4.0"/>')).toMatch(
      /^doc\.json: is XML, not JSON CSDL .*Accept: application\/json.*\(at byte 0\)$/,
    );
  });

  it('an HTML page (some 404s are HTML)', () => {
    expect(failure('\n<!DOCTYPE html><html><body>404 - File or directory not found.</body></html>')).toMatch(
      /^doc\.json: is an HTML page/,
    );
  });

  it('an empty document, or only whitespace', () => {
    expect(failure('')).toMatch(/^doc\.json: is empty/);
    expect(failure(' \n\t ')).toMatch(/^doc\.json: is empty/);
    expect(failure(Buffer.from([0xef, 0xbb, 0xbf]))).toMatch(/^doc\.json: is empty/);
  });

  it('not an object', () => {
    expect(failure('[1,2]')).toMatch(/^doc\.json: is a JSON array/);
    expect(failure('"text"')).toMatch(/^doc\.json: is not a JSON object/);
  });

  it('a missing container', () => {
    expect(failure(`{"$Version":"4.0","dbo":{${customerType}}}`)).toMatch(/^doc\.json: has no \$EntityContainer/);
    const misnamed = doc(
      `"dbo":{${customerType}}`,
      container({ customer: 'dbo.customer' }).replace('"container"', '"box"'),
    );
    expect(failure(misnamed)).toBe(
      `doc.json: has no entity container "ns.container" (named by $EntityContainer) (at byte ${misnamed.indexOf('"ns.container"')})`,
    );
  });

  it('a $Type pointing nowhere, at the byte of the $Type', () => {
    const text = doc(`"dbo":{${customerType}}`, container({ customer: 'dbo.customer', ghost: 'dbo.ghost' }));
    expect(failure(text)).toBe(
      `doc.json: entity set "ghost" has $Type "dbo.ghost", which names no entity type in the document (at byte ${text.indexOf('"dbo.ghost"')})`,
    );
  });

  it('an unknown Edm type, at the byte of the type', () => {
    const text = good.replace('"Edm.Decimal"', '"Edm.Money"');
    expect(failure(text)).toBe(
      `doc.json: column "customer_id" of entity type dbo.customer has unknown type "Edm.Money" (at byte ${text.indexOf('"Edm.Money"')})`,
    );
  });

  it('a $Version that is not OData 4', () => {
    expect(failure(good.replace('"4.0"', '"3.0"'))).toMatch(/^doc\.json: has \$Version "3.0": only OData 4.0/);
  });

  it('a key that is not a property', () => {
    expect(failure(good.replace('"$Key":["customer_id"]', '"$Key":["id"]'))).toMatch(
      /has \$Key "id", which is not one of its properties/,
    );
  });
});

describe('hostile input: never a crash, one line, names escaped and shortened', () => {
  const good = doc(`"dbo":{${customerType}}`, container({ customer: 'dbo.customer' }));
  const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const oneLine = (message: string) => {
    expect(message).not.toMatch(/[\n\r\u2028\u2029]/);
    expect([...message].length).toBeLessThan(300);
    return message;
  };

  it('a $Type that is a deeply nested array (once a stack overflow, or an 8,000-character line)', () => {
    for (const depth of [10, 1000, 100_000]) {
      const text = good.replace('"$Type":"Edm.Decimal"', `"$Type":${deepArray(depth)}`);
      const message = oneLine(failure(text));
      // refused by the depth bound beyond it, else as an unknown type shown by what it is
      expect(message).toMatch(
        depth < 64
          ? /^doc\.json: column "customer_id" of entity type dbo\.customer has \$Type an array: expected the name of an Edm type \(at byte \d+\)$/
          : /^doc\.json: entity type dbo\.customer nests deeper than 64 levels \(at byte \d+\)$/,
      );
    }
  });

  it('a $Kind that is an object, an array or a number', () => {
    for (const kind of ['{}', '{"$Type":"Edm.String"}', '[1]', '7', 'null']) {
      const text = good.replace('"$Kind":"EntityType"', `"$Kind":${kind}`);
      expect(oneLine(failure(text))).toMatch(
        /^doc\.json: dbo\.customer is named as an entity set's \$Type but has \$Kind (an object|an array|7|null), not EntityType \(at byte \d+\)$/,
      );
    }
  });

  it('a member that is itself named $Kind, or a property with an odd $Kind', () => {
    // a later duplicate key wins, as in JSON.parse: the entity type's kind is then an object
    const named$Kind = good.replace('"customer_id":{', '"$Kind":{"$Type":"Edm.String"},"customer_id":{');
    expect(oneLine(failure(named$Kind))).toMatch(/has \$Kind an object, not EntityType/);
    const odd = good.replace('"customer_name":{', '"customer_name":{"$Kind":{"a":1},');
    expect(oneLine(failure(odd))).toMatch(
      /^doc\.json: column "customer_name" of entity type dbo\.customer has \$Kind an object: expected "Property" or "NavigationProperty"/,
    );
  });

  it('a name holding a newline cannot split the line or fake an erpgen: line', () => {
    const text = good.replace('"Edm.Decimal"', '"Edm.Money"').replaceAll('customer_id', 'id\\nerpgen: all good');
    expect(oneLine(failure(text))).toMatch(/^doc\.json: column "id\\nerpgen: all good" of entity type/);
  });

  it('a 10,000-character name is shortened with an ellipsis', () => {
    const long = 'n'.repeat(10_000);
    const text = good.replace('"Edm.Decimal"', '"Edm.Money"').replaceAll('customer_id', long);
    const message = oneLine(failure(text));
    expect(message).toMatch(/column "n+…" of entity type/);
    expect(message.match(/"n+…"/)![0]).toHaveLength(80);
  });

  it('an absurdly deep value anywhere in an entity type is refused at the depth bound, naming the type', () => {
    const text = good.replace('"customer_name":{', `"customer_name":{"@Core.Description":${deepArray(1_000_000)},`);
    expect(oneLine(failure(text))).toMatch(/^doc\.json: entity type dbo\.customer nests deeper than 64 levels/);
    // as deep as the bound allows is read
    const fits = good.replace('"customer_name":{', `"customer_name":{"@x":${deepArray(61)},`);
    expect(parse(fits)[0]!.columns).toHaveLength(2);
  });

  it('facets of the wrong JSON type are refused, not guessed at', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['"$MaxLength":255', '"$MaxLength":"255"', /has \$MaxLength "255": expected a non-negative integer or "max"/],
      ['"$MaxLength":255', '"$MaxLength":-1', /has \$MaxLength -1:/],
      ['"$MaxLength":255', '"$MaxLength":1e400', /has \$MaxLength Infinity:/],
      ['"$Nullable":true', '"$Nullable":"yes"', /has \$Nullable "yes": expected true or false/],
      ['"$Precision":19', '"$Precision":[19]', /has \$Precision an array: expected a non-negative integer/],
      ['"$Scale":0', '"$Scale":{}', /has \$Scale an object: expected a non-negative integer, "variable" or "floating"/],
    ];
    for (const [from, to, pattern] of cases) {
      expect(good).toContain(from);
      expect(oneLine(failure(good.replace(from, to)))).toMatch(pattern);
    }
  });

  it('a $Key that is not a list of names, and an entity set named twice', () => {
    expect(failure(good.replace('"$Key":["customer_id"]', '"$Key":"customer_id"'))).toMatch(
      /entity type dbo\.customer has \$Key "customer_id": expected an array of property names/,
    );
    expect(failure(good.replace('"$Key":["customer_id"]', '"$Key":[{"k":7}]'))).toMatch(/has \$Key an array:/);
    const twice = good.replace(
      '"customer":{"$Collection":true',
      '"customer":{"$Collection":true,"$Type":"dbo.customer"},"customer":{"$Collection":true',
    );
    expect(failure(twice)).toMatch(/^doc\.json: entity set "customer" appears twice in the container/);
  });

  it('numbers and arrays where names are expected are refused in one line', () => {
    expect(oneLine(failure(good.replace('"ns.container"', '7')))).toMatch(/has no entity container "7"/);
    expect(oneLine(failure(good.replace('"4.0"', '[[["4.0"]]]')))).toMatch(/has no \$Version/);
    expect(oneLine(failure(good.replace('"$Type":"dbo.customer"', '"$Type":["dbo.customer"]')))).toMatch(
      /entity set "customer" has no qualified \$Type/,
    );
  });
});
