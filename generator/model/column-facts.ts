// The facts transaction fields take from the tables' columns (transactions.ts: ColumnSizes), for a run with
// services: every table's string and decimal columns. Kept as one string per table until a field asks for one of
// its columns, then as a map for that table only: a map entry per column (`table.column` -> number) was 400,000
// entries for a tenant with ten times the stock columns, 30 MB of peak RSS held to the end of the run, while
// the services name the columns of a few hundred tables.

/** `table.column` (lower case) -> one number of the column, looked up as in a map of every key added. */
export class ColumnFacts {
  /**
   * the keys' first parts (to their first dot) -> the rest of each key and its fact, `[rest, fact, rest, fact]` in
   * JSON (any character a name holds comes back as it was), a line for each add()
   */
  private readonly parts: Map<string, string>;
  /** the first parts looked up so far, as maps of the rest of each key */
  private readonly expanded = new Map<string, ReadonlyMap<string, number>>();

  /** `parts`: another ColumnFacts' `data` (what crosses to the services thread: a class does not) */
  constructor(parts?: ReadonlyMap<string, string>) {
    this.parts = new Map(parts);
  }

  /** the facts as a structured clone carries them */
  get data(): ReadonlyMap<string, string> {
    return this.parts;
  }

  /** Adds keys and their facts, each key with a dot (a later fact of a key wins, as in a map; -0 comes back 0). */
  add(facts: Iterable<readonly [key: string, fact: number]>): void {
    const added = new Map<string, (string | number)[]>();
    for (const [key, fact] of facts) {
      const dot = key.indexOf('.');
      const first = key.slice(0, dot);
      let list = added.get(first);
      if (!list) added.set(first, (list = []));
      list.push(key.slice(dot + 1), fact);
    }
    for (const [first, list] of added) {
      const before = this.parts.get(first);
      // JSON has no line break of its own: one separates two adds
      this.parts.set(first, before === undefined ? JSON.stringify(list) : `${before}\n${JSON.stringify(list)}`);
      this.expanded.delete(first);
    }
  }

  get(key: string): number | undefined {
    const dot = key.indexOf('.');
    return dot < 0 ? undefined : this.part(key.slice(0, dot))?.get(key.slice(dot + 1));
  }

  private part(first: string): ReadonlyMap<string, number> | undefined {
    let map = this.expanded.get(first);
    if (map) return map;
    const text = this.parts.get(first);
    if (text === undefined) return undefined;
    const made = new Map<string, number>();
    for (const line of text.split('\n')) {
      const list = JSON.parse(line) as (string | number)[];
      for (let i = 0; i < list.length; i += 2) made.set(list[i] as string, list[i + 1] as number);
    }
    this.expanded.set(first, (map = made));
    return map;
  }
}

/** The string columns' lengths and decimal columns' scales a run collects (transactions.ts: ColumnSizes). */
export interface CollectedSizes {
  readonly lengths: ColumnFacts;
  readonly scales: ColumnFacts;
}

/** CollectedSizes as they cross to the services thread (ColumnFacts.data) */
export interface SizesData {
  readonly lengths: ReadonlyMap<string, string>;
  readonly scales: ReadonlyMap<string, string>;
}
