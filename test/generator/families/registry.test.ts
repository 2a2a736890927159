// The client's families: one folder in the runtime (templates/runtime/<name>/, a line in families.ts) and one
// entry in the generator (generator/families/<name>.ts); the compiler holds the two registries to the same names.
// A family other than paging is built on its first call (family.ts, lazyFamily).
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../../generator/families/index.js';
import { RESOURCES } from '../../../sandbox/entity/route.js';
import { FAMILIES as RUNTIME_FAMILIES, OWN_MEMBERS } from '../../../templates/runtime/families.js';
import { lazyFamily, type Family, type FamilyContext } from '../../../templates/runtime/family.js';

describe('client families', () => {
  it('the generator has one entry per runtime family, in the same order', () => {
    expect(Object.keys(FAMILIES)).toEqual(Object.keys(RUNTIME_FAMILIES));
    expect(OWN_MEMBERS).toEqual(['query', 'transactions']);
  });

  it('the members a family shows before it is loaded are the members it builds', async () => {
    const context = { baseUrl: 'https://erp.example.com', userDefinedFields: {} } as unknown as FamilyContext;
    const built: Record<string, () => Promise<{ build: Family<object> }>> = {
      query: async () => ({ build: RUNTIME_FAMILIES.query }),
      transactions: () => import('../../../templates/runtime/transactions/build.js'),
      entity: () => import('../../../templates/runtime/entity/build.js'),
      inventory: () => import('../../../templates/runtime/inventory/build.js'),
      interactive: () => import('../../../templates/runtime/interactive/build.js'),
      udt: () => import('../../../templates/runtime/udt/build.js'),
    };
    /** the tree of a namespace's members: `fn` for a method */
    const shape = (value: object): unknown =>
      Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, typeof v === 'function' ? 'fn' : shape(v as object)]),
      );
    expect(Object.keys(built)).toEqual(Object.keys(RUNTIME_FAMILIES));
    for (const [name, family] of Object.entries(RUNTIME_FAMILIES) as Array<[string, Family<object>]>) {
      const real = (await built[name]!()).build(context);
      expect(shape(family(context)), name).toEqual(shape(real));
    }
  });

  it("the record tables are the tables the sandbox's records name as their ObjectName", () => {
    for (const [resource, table] of Object.entries(FAMILIES.entity.recordTables ?? {}))
      expect(RESOURCES[resource]?.table, resource).toBe(table);
    expect(FAMILIES.inventory.recordTables).toEqual({ parts: 'inv_mast' });
  });
});

describe('a family built on its first call', () => {
  const context = {} as FamilyContext;
  interface Members {
    readonly things: { get(id: number): Promise<string>; count(): Promise<number> };
    ping(): Promise<string>;
  }
  const methods = { things: { get: true, count: true }, ping: true } as const;

  /** a family whose load and build are counted; `fail` makes the next loads fail */
  function counted(fail = 0) {
    const counts = { loads: 0, builds: 0 };
    const family = lazyFamily<Members>(async () => {
      counts.loads++;
      if (fail-- > 0) throw new Error('chunk failed to load');
      return {
        build: (given) => {
          counts.builds++;
          expect(given).toBe(context);
          const things = {
            prefix: 'thing',
            // a method that reads its namespace through `this`, as a caller's call would give it
            async get(this: { prefix: string }, id: number) {
              return `${this.prefix} ${id}`;
            },
            count: async () => counts.builds,
          };
          return { things, ping: async () => 'pong' };
        },
      };
    }, methods);
    return { family, counts };
  }

  it('builds nothing until a member is called, then builds once for every member and every caller', async () => {
    const { family, counts } = counted();
    const members = family(context);
    expect(Object.keys(members)).toEqual(['things', 'ping']);
    expect(Object.keys(members.things)).toEqual(['get', 'count']);
    expect(counts).toEqual({ loads: 0, builds: 0 });
    const [a, b, c] = await Promise.all([members.things.get(1), members.things.get(2), members.ping()]);
    expect([a, b, c]).toEqual(['thing 1', 'thing 2', 'pong']);
    expect(await members.things.count()).toBe(1);
    expect(counts).toEqual({ loads: 1, builds: 1 });
  });

  it('each client builds its own, from its own context', async () => {
    const { family, counts } = counted();
    await family(context).ping();
    await family(context).ping();
    expect(counts).toEqual({ loads: 2, builds: 2 });
  });

  it('a load that fails rejects the call, and the next call loads again', async () => {
    const { family, counts } = counted(1);
    const members = family(context);
    await expect(members.ping()).rejects.toThrow('chunk failed to load');
    await expect(members.things.get(3)).resolves.toBe('thing 3');
    expect(counts).toEqual({ loads: 2, builds: 1 });
  });

  it("the compiler holds the methods to the members' type", () => {
    // a load that fits any family: only the methods are in question
    const load = async () => ({
      build: (): never => {
        throw new Error('not built');
      },
    });
    lazyFamily<Members>(load, methods);
    // @ts-expect-error: a method that does not return a Promise cannot wait for its family to load
    lazyFamily<{ ping(): Promise<string>; now(): number }>(load, { ping: true, now: true });
    // @ts-expect-error: every method is named
    lazyFamily<Members>(load, { things: { get: true }, ping: true });
    // @ts-expect-error: nothing else is
    lazyFamily<Members>(load, { ...methods, pong: true });
  });
});
