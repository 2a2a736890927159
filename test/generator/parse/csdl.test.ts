// The CSDL parser, rule by rule, on small hand-written documents; then every kind of bad input.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../generator/errors.js';
import type { QueryObject } from '../../../generator/model/schema.js';
import { readCsdlIndex, readCsdlObjects, type ObjectNotes } from '../../../generator/parse/csdl.js';
import { tempDir } from '../../support/cli.js';

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

describe('a schema with more than this server uses: what can be queried is read, the rest is left out and said', () => {
  /** Both passes: the objects with their notes, and the objects left out with why. */
  function read(text: string) {
    const index = readCsdlIndex(file(text), 'table', 'doc.json');
    const objects = new Map<string, QueryObject & { notes: ObjectNotes }>();
    const leftOut = new Map<string, string>();
    readCsdlObjects(
      index.document,
      index.objects,
      (o, _, notes) => objects.set(o.name, { ...o, notes }),
      (o, why) => leftOut.set(o.name, why),
    );
    return { index, objects, leftOut };
  }
  const columns = (o: QueryObject | undefined) => o!.columns.map((c) => c.name);
  const set = (type: string) => `{"$Collection":true,"$Type":${JSON.stringify(type)}}`;
  const members = (entries: Record<string, string>) =>
    Object.entries(entries)
      .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
      .join(',');
  const schema = (name: string, entries: Record<string, string>) => `${JSON.stringify(name)}:{${members(entries)}}`;
  const box = (entries: Record<string, string>) =>
    schema('ns', { container: `{"$Kind":"EntityContainer",${members(entries)}}` });

  it('leaves out singletons, function imports and action imports of the container, and keeps the entity sets', () => {
    const { index, objects } = read(
      doc(
        schema('dbo', { customer: customerType.slice(customerType.indexOf(':') + 1) }),
        box({
          customer: set('dbo.customer'),
          me: '{"$Type":"dbo.customer"}',
          top: '{"$Type":"dbo.customer","$Collection":false}',
          delta: '{"$Function":"dbo.delta","$EntitySet":"customer","$IncludeInServiceDocument":true}',
          reset: '{"$Action":"dbo.reset"}',
        }),
      ),
    );
    expect(index.leftOut).toEqual([
      { name: 'me', what: 'singleton' },
      { name: 'top', what: 'singleton' },
      { name: 'delta', what: 'function import' },
      { name: 'reset', what: 'action import' },
    ]);
    expect([...objects.keys()]).toEqual(['customer']);
  });

  it("flattens inheritance: the bases' properties first, the nearest key, bases before or after, by alias, across schemas", () => {
    const { objects, leftOut } = read(
      doc(
        // `user` comes before its bases, `entity` (in another schema, by its alias) after everything
        schema('graph', {
          $Alias: '"g"',
          user: '{"$Kind":"EntityType","$BaseType":"g.directoryObject","mail":{"$Nullable":true},"age":{"$Type":"Edm.Int32"}}',
          directoryObject:
            '{"$Kind":"EntityType","$BaseType":"base.entity","deletedDateTime":{"$Type":"Edm.DateTimeOffset","$Nullable":true}}',
          group: '{"$Kind":"EntityType","$BaseType":"g.directoryObject","$Key":["name"],"name":{}}',
        }),
        box({ users: set('g.user'), directoryObjects: set('graph.directoryObject'), groups: set('g.group') }),
        schema('core', { $Alias: '"base"', entity: '{"$Kind":"EntityType","$Abstract":true,"$Key":["id"],"id":{}}' }),
      ),
    );
    expect(leftOut.size).toBe(0);
    expect(columns(objects.get('users'))).toEqual(['id', 'deletedDateTime', 'mail', 'age']);
    expect(
      objects
        .get('users')!
        .columns.filter((c) => c.key)
        .map((c) => c.name),
    ).toEqual(['id']);
    expect(objects.get('users')!.entityType).toBe('graph.user');
    expect(columns(objects.get('directoryObjects'))).toEqual(['id', 'deletedDateTime']);
    // a derived type's own key is nearer than its base's
    expect(
      objects
        .get('groups')!
        .columns.filter((c) => c.key)
        .map((c) => c.name),
    ).toEqual(['name']);
    expect(objects.get('users')!.notes.abstract).toBe(false);
  });

  it('reads a set of an abstract type, and says it is abstract', () => {
    const { objects } = read(
      doc(
        schema('dbo', { place: '{"$Kind":"EntityType","$Abstract":true,"$Key":["id"],"id":{}}' }),
        box({ places: set('dbo.place') }),
      ),
    );
    expect(objects.get('places')!.notes.abstract).toBe(true);
    expect(columns(objects.get('places'))).toEqual(['id']);
  });

  it('leaves out an object whose base is missing, not an entity type, of the wrong JSON type, or a cycle', () => {
    const { objects, leftOut } = read(
      doc(
        schema('dbo', {
          ok: '{"$Kind":"EntityType","a":{}}',
          orphan: '{"$Kind":"EntityType","$BaseType":"dbo.gone","a":{}}',
          odd: '{"$Kind":"EntityType","$BaseType":"dbo.address","a":{}}',
          address: '{"$Kind":"ComplexType","street":{}}',
          numbered: '{"$Kind":"EntityType","$BaseType":7,"a":{}}',
          x: '{"$Kind":"EntityType","$BaseType":"dbo.y","a":{}}',
          y: '{"$Kind":"EntityType","$BaseType":"dbo.x","b":{}}',
          self: '{"$Kind":"EntityType","$BaseType":"dbo.self"}',
        }),
        box({
          ok: set('dbo.ok'),
          orphan: set('dbo.orphan'),
          odd: set('dbo.odd'),
          numbered: set('dbo.numbered'),
          x: set('dbo.x'),
          self: set('dbo.self'),
        }),
      ),
    );
    expect([...objects.keys()]).toEqual(['ok']);
    expect(Object.fromEntries(leftOut)).toEqual({
      orphan: 'entity type dbo.orphan derives from "dbo.gone", which the document does not define',
      odd: 'entity type dbo.odd derives from dbo.address, which is a ComplexType, not an entity type',
      numbered: 'entity type dbo.numbered has $BaseType 7: expected a qualified type name',
      x: 'entity type dbo.x: its base types go round in a cycle (dbo.x -> dbo.y -> dbo.x)',
      self: 'entity type dbo.self: its base types go round in a cycle (dbo.self -> dbo.self)',
    });
  });

  it('leaves out a set whose type lives in a referenced schema; a type missing from a schema it holds is still an error', () => {
    const { objects, leftOut } = read(
      doc(
        `"$Reference":{"https://example.com/other.json":{"$Include":[{"$Namespace":"Other.Schema","$Alias":"O"}]}}`,
        schema('dbo', { t: '{"$Kind":"EntityType","a":{}}' }),
        box({ t: set('dbo.t'), remote: set('O.Thing'), remote2: set('Other.Schema.Thing') }),
      ),
    );
    expect([...objects.keys()]).toEqual(['t']);
    expect(Object.fromEntries(leftOut)).toEqual({
      remote:
        'its entity type O.Thing is in schema O, which this document does not hold (erpgen reads no referenced document)',
      remote2:
        'its entity type Other.Schema.Thing is in schema Other.Schema, which this document does not hold (erpgen reads no referenced document)',
    });
    expect(() => read(doc(schema('dbo', {}), box({ t: set('dbo.t') })))).toThrow(/which names no entity type/);
  });

  it('types enumeration, complex and type definition properties; leaves out navigation, collection and undefined ones', () => {
    const { objects } = read(
      doc(
        schema('dbo', {
          t: `{"$Kind":"EntityType","$Key":["id"],"id":{},${members({
            color: '{"$Type":"dbo.Color"}',
            access: '{"$Type":"dbo.Access","$Nullable":true}',
            address: '{"$Type":"dbo.Address","$Nullable":true}',
            code: '{"$Type":"dbo.Code"}',
            wide: '{"$Type":"dbo.Code","$MaxLength":40}',
            orders: '{"$Kind":"NavigationProperty","$Type":"dbo.t","$Collection":true}',
            tags: '{"$Type":"Edm.String","$Collection":true}',
            alien: '{"$Type":"other.Thing"}',
          })}}`,
          Color: '{"$Kind":"EnumType","Red":0,"Red@Core.Description":"red","Green":1,"__proto__":2}',
          Access: '{"$Kind":"EnumType","$IsFlags":true,"Read":1,"Write":2}',
          Address: '{"$Kind":"ComplexType","street":{}}',
          Code: '{"$Kind":"TypeDefinition","$UnderlyingType":"Edm.String","$MaxLength":10}',
        }),
        box({ t: set('dbo.t') }),
      ),
    );
    const t = objects.get('t')!;
    expect(t.columns.slice(1)).toEqual([
      {
        name: 'color',
        edmType: 'dbo.Color',
        nullable: false,
        key: false,
        shape: { kind: 'enum', members: ['Red', 'Green', '__proto__'], flags: false },
      },
      {
        name: 'access',
        edmType: 'dbo.Access',
        nullable: true,
        key: false,
        shape: { kind: 'enum', members: ['Read', 'Write'], flags: true },
      },
      { name: 'address', edmType: 'dbo.Address', nullable: true, key: false, shape: { kind: 'complex' } },
      { name: 'code', edmType: 'Edm.String', nullable: false, key: false, maxLength: 10 },
      { name: 'wide', edmType: 'Edm.String', nullable: false, key: false, maxLength: 40 },
    ]);
    expect(t.notes.leftOut).toEqual([
      { name: 'orders', why: 'navigation' },
      { name: 'tags', why: 'collection' },
      { name: 'alien', why: 'type', type: 'other.Thing' },
    ]);
  });

  it('a document that is not CSDL at all is still one error', () => {
    expect(failure('<edmx:Edmx Version="4.0"/>')).toMatch(/^doc\.json: is XML, not JSON CSDL/);
    expect(failure('{"openapi":"3.0.0","paths":{}}')).toMatch(/^doc\.json: has no \$Version/);
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

  it('invalid JSON that pass 1 skips unchecked is found by pass 2, which reads that far though it wants nothing there', () => {
    // the container last, as in tables.metadata.json: pass 1 scans the types before it without parsing them
    const text = doc(
      `"dbo":{${customerType},"other":{"$Kind":"EntityType","x":{"$Type":tru}}}`,
      container({ customer: 'dbo.customer' }),
    );
    const path = file(text);
    const index = readCsdlIndex(path, 'table', 'doc.json', false);
    expect(index.objects.map((o) => o.name)).toEqual(['customer']);
    expect(() => readCsdlObjects(index.document, index.objects, () => undefined)).toThrow(
      `doc.json: invalid JSON: expected a value (at byte ${text.indexOf('tru}')})`,
    );
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
