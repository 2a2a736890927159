// The REST families' records in the sandbox: JSON read and written with exact numbers and a depth limit
// (json-text.ts), and records as the rows of their tables (rows.ts): PascalCase fields over columns, fields without a
// column kept beside the row, values checked against the columns, and a unit of change that fails leaves nothing.
import { describe, expect, it } from 'vitest';
import { exactJson, MAX_DEPTH, Num, readJson } from '../../sandbox/json-text.js';
import { columnOf, RecordTable } from '../../sandbox/rest/rows.js';
import type { QueryObject } from '../../sandbox/schema.js';
import { Store } from '../../sandbox/store.js';

// a table of its own name: the sandbox seeds `customer` with rows of its own
const customer: QueryObject = {
  name: 'client_record',
  surface: 'table',
  entityType: 'dbo.client_record',
  columns: [
    { name: 'company_id', edmType: 'Edm.String', nullable: false, key: true, maxLength: 8 },
    { name: 'customer_id', edmType: 'Edm.Decimal', nullable: false, key: true, precision: 19, scale: 0 },
    { name: 'customer_name', edmType: 'Edm.String', nullable: true, key: false, maxLength: 20 },
    { name: 'credit_limit', edmType: 'Edm.Decimal', nullable: true, key: false, precision: 19, scale: 4 },
    { name: 'delete_flag', edmType: 'Edm.String', nullable: false, key: false, maxLength: 1 },
    { name: 'taxable_flag', edmType: 'Edm.String', nullable: true, key: false, maxLength: 1 },
  ],
};

async function customers() {
  const store = await Store.open([customer], 0);
  const table = new RecordTable(
    store,
    'client_record',
    {
      CompanyId: 'text',
      CustomerId: 'int',
      CustomerName: 'text',
      CreditLimit: 'decimal',
      Taxable: { kind: 'yesNo', column: 'taxable_flag' },
      Delete: { kind: 'flag', column: 'delete_flag' },
      CustomerType: 'text',
    },
    ['CompanyId', 'CustomerId'],
    store.keyedRecords('beside', exactJson, (t) => (readJson(t) as { value: Record<string, unknown> }).value),
  );
  return { store, table };
}

describe('JSON as the REST families read it', () => {
  it('keeps every number a double cannot hold as its text; safe integers stay numbers', () => {
    const read = readJson('{"a":1.10,"b":10,"c":12345678901234567890,"d":-0.000000001,"e":"1.5","f":1e3}');
    expect(read).toEqual({
      value: {
        a: new Num('1.10'),
        b: 10,
        c: new Num('12345678901234567890'),
        d: new Num('-0.000000001'),
        e: '1.5',
        f: new Num('1e3'),
      },
    });
    expect(exactJson((read as { value: unknown }).value)).toBe(
      '{"a":1.10,"b":10,"c":12345678901234567890,"d":-0.000000001,"e":"1.5","f":1e3}',
    );
  });

  it('a member named __proto__ is an own member, not the prototype', () => {
    const { value } = readJson('{"__proto__":{"x":1},"constructor":2}') as { value: Record<string, unknown> };
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ x: 1 });
    expect(exactJson(value)).toBe('{"__proto__":{"x":1},"constructor":2}');
  });

  it(`reads ${MAX_DEPTH} levels, refuses one more, and a 100,000-deep body without following it`, () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(readJson(nested(MAX_DEPTH))).toHaveProperty('value');
    expect(readJson(nested(MAX_DEPTH + 1))).toEqual({
      problem: `The JSON is nested deeper than the maximum depth of ${MAX_DEPTH}.`,
    });
    expect(readJson('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000))).toHaveProperty('problem');
    // brackets inside strings are text
    expect(readJson(`["${'['.repeat(1000)}"]`)).toEqual({ value: ['['.repeat(1000)] });
  });

  it('says why a body is not JSON instead of throwing', () => {
    for (const text of ['', '{', '{"a" 1}', '[1,]', '{"a":1}x', "{'a':1}", '"\u0001"'])
      expect(readJson(text), JSON.stringify(text)).toHaveProperty('problem');
  });
});

describe('records as rows', () => {
  it('maps PascalCase fields to columns, and back with exact decimals and flags', async () => {
    expect(['CustomerName', 'ClassId1', 'Price10', 'InvMastUid'].map(columnOf)).toEqual([
      'customer_name',
      'class_id1',
      'price10',
      'inv_mast_uid',
    ]);
    const { store, table } = await customers();
    expect(
      table.insert({
        CompanyId: 'ACME',
        CustomerId: 10,
        CustomerName: "O'Brien",
        CreditLimit: new Num('123456789012345.6789'),
        Delete: false,
      }),
    ).toEqual([]);
    expect(
      store.rowsWhere('client_record', {}).map((r) => Object.fromEntries([...r].map(([c, [, v]]) => [c, v]))),
    ).toEqual([
      {
        company_id: 'ACME',
        customer_id: '10',
        customer_name: "O'Brien",
        credit_limit: '123456789012345.6789',
        delete_flag: 'N',
        taxable_flag: null,
      },
    ]);
    const [record] = table.find({ CompanyId: 'ACME' });
    expect(exactJson(record)).toBe(
      '{"CompanyId":"ACME","CustomerId":10,"CustomerName":"O\'Brien","CreditLimit":123456789012345.6789,"Taxable":null,"Delete":false,"CustomerType":null}',
    );
    store.close();
  });

  it('a field without a column is kept beside the row, by the key, and not queryable', async () => {
    const { store, table } = await customers();
    expect(table.unqueryable).toEqual(['CustomerType']);
    table.insert({ CompanyId: 'ACME', CustomerId: 11, CustomerType: 'COM' });
    expect(table.get({ CompanyId: 'ACME', CustomerId: 11 })?.['CustomerType']).toBe('COM');
    table.update({ CompanyId: 'ACME', CustomerId: 11 }, { CustomerType: 'RES', Taxable: 'Y' });
    expect(table.get({ CompanyId: 'ACME', CustomerId: 11 })).toMatchObject({ CustomerType: 'RES', Taxable: 'Y' });
    expect(table.find({ CustomerType: 'RES' })).toEqual([]);
    table.remove({ CompanyId: 'ACME', CustomerId: 11 });
    expect(table.get({ CompanyId: 'ACME', CustomerId: 11 })).toBeUndefined();
    store.close();
  });

  it("names each field whose value its column cannot hold, and writes none of the record's fields then", async () => {
    const { store, table } = await customers();
    expect(
      table.insert({
        CompanyId: 'ACME',
        CustomerId: 12,
        CustomerName: 'x'.repeat(21),
        CreditLimit: '1.00001',
        Taxable: 'yes',
        Delete: 'no',
      }),
    ).toEqual([
      `CustomerName: "${'x'.repeat(21)}" is longer than 20.`,
      'CreditLimit: 1.00001 has more than 4 fraction digits.',
      "Taxable must be 'Y' or 'N'.",
      'Delete must be true or false.',
    ]);
    expect(table.find()).toEqual([]);
    store.close();
  });

  it('a table first made inside a unit that fails is made again, seeds and all, when next used', async () => {
    const { store, table } = await customers();
    let seeded = 0;
    store.whenCreated('client_record', () => {
      seeded++;
      table.insert({ CompanyId: 'SEED', CustomerId: 1 });
    });
    expect(() =>
      store.atomically(() => {
        table.insert({ CompanyId: 'ACME', CustomerId: 3 });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(table.find().map((r) => r['CompanyId'])).toEqual(['SEED']);
    expect(seeded).toBe(2);
    store.close();
  });

  it('atomically: a change that throws leaves none of its writes', async () => {
    const { store, table } = await customers();
    table.insert({ CompanyId: 'ACME', CustomerId: 1 });
    expect(() =>
      store.atomically(() => {
        table.insert({ CompanyId: 'ACME', CustomerId: 2, CustomerType: 'COM' });
        table.update({ CompanyId: 'ACME', CustomerId: 1 }, { CustomerName: 'changed' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(table.find().map((r) => [r['CustomerId'], r['CustomerName'], r['CustomerType']])).toEqual([[1, null, null]]);
    store.close();
  });
});
