// No input may crash the generator. A seeded campaign of mutated schema documents and service definitions
// (type swaps, odd names, `$Kind`/`$Type` variations, deep nesting, duplicated and dropped keys, byte flips,
// truncation): each run ends either with exit 0 and an output that compiles, or with one `erpgen:` line and the
// previous output byte for byte as it was. Most cases call generate() in-process; a sample runs the real CLI.
// The seed is the suite's fixed property seed (FC_SEED overrides it); a failure names the seed and the case.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { UserError } from '../../generator/errors.js';
import { generatePackage } from '../../generator/generate-package.js';
import { MESSAGE_MAX } from '../../generator/message-text.js';
import { runCli, tempDir } from '../support/cli.js';
import { tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { PROPERTY_SEED } from '../support/property-seed.js';
import { prng } from '../tenant/random.js';

// MUTATION_CASES=5000 (with FC_SEED=random) runs a longer campaign locally
const IN_PROCESS_CASES = Number(process.env['MUTATION_CASES'] || 360);
const CLI_CASES = 8;
// successful outputs compiled (all in one tsc run); MUTATION_COMPILE raises it for a local campaign
const COMPILED_SUCCESSES = Number(process.env['MUTATION_COMPILE'] || 4);

type Random = () => number;
const int = (r: Random, n: number) => Math.floor(r() * n);
const pick = <T>(r: Random, items: readonly T[]): T => items[int(r, items.length)]!;

// --- JSON as a tree that can hold what JSON.parse cannot give back: duplicated keys and raw text

type Node =
  { kind: 'object'; entries: Array<[string, Node]> } | { kind: 'array'; items: Node[] } | { kind: 'raw'; text: string };

function toNode(value: unknown): Node {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toNode) };
  if (typeof value === 'object' && value !== null)
    return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, toNode(v)]) };
  return { kind: 'raw', text: JSON.stringify(value) };
}

function print(node: Node): string {
  if (node.kind === 'raw') return node.text;
  if (node.kind === 'array') return `[${node.items.map(print).join(',')}]`;
  return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${print(v)}`).join(',')}}`;
}

/** every object and array of the tree, with the path to it (for the case's description) */
function containers(node: Node, path = '$', out: Array<{ node: Node; path: string }> = []) {
  if (node.kind === 'raw') return out;
  out.push({ node, path });
  if (node.kind === 'array') node.items.forEach((n, i) => containers(n, `${path}[${i}]`, out));
  else for (const [k, v] of node.entries) containers(v, `${path}.${k.slice(0, 20)}`, out);
  return out;
}

function objects(root: Node) {
  return containers(root).filter(
    (c): c is { node: Extract<Node, { kind: 'object' }>; path: string } =>
      c.node.kind === 'object' && c.node.entries.length > 0,
  );
}

const deep = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const ODD_NAMES = [
  'line one\nerpgen: a faked second line',
  'x'.repeat(10_000),
  '\u2028sep\u2029',
  '\ud800lone',
  'tail\udc00',
  'nul\u0000byte',
  '\u202eevil\u202c',
  '\u001b[31mred',
  '__proto__',
  'constructor',
  'toString',
  '',
  ' ',
  '$Kind',
  '$Type',
  'a.b.c',
  'a*/b/*c',
  '`${x}`',
  'quote\'"d',
  '表'.repeat(40),
  '😀'.repeat(50),
  'e\u0301\u0301\u0301',
  '1e400',
  'Edm.String',
];

const ODD_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e400',
  '9007199254740993',
  'true',
  'false',
  'null',
  '""',
  '"max"',
  '"Edm.Nope"',
  '{}',
  '[]',
  '[1,"a",null]',
  '{"$Kind":"EntityType"}',
  JSON.stringify('x'.repeat(5000)),
  JSON.stringify('a\nb'),
  deep(20),
  deep(200),
  deepObject(100),
];

type Mutation = (r: Random, root: Node) => string;

/** the mutations on the tree; each returns what it did, for the failure message */
const TREE_MUTATIONS: Mutation[] = [
  // a value of another JSON type (or an odd one) in place of any value
  (r, root) => {
    const { node, path } = pick(r, containers(root));
    const value = pick(r, ODD_VALUES);
    if (node.kind === 'array' && node.items.length)
      node.items[int(r, node.items.length)] = { kind: 'raw', text: value };
    else if (node.kind === 'object' && node.entries.length)
      node.entries[int(r, node.entries.length)]![1] = { kind: 'raw', text: value };
    return `value at ${path} -> ${value.slice(0, 30)}`;
  },
  // an odd name for any key
  (r, root) => {
    const { node, path } = pick(r, objects(root));
    const entry = pick(r, node.entries);
    const name = pick(r, ODD_NAMES);
    entry[0] = name;
    return `key at ${path} renamed to ${JSON.stringify(name.slice(0, 30))}`;
  },
  // an odd name for a `Name` or any string value
  (r, root) => {
    const strings = objects(root).flatMap(({ node, path }) =>
      node.entries.filter(([, v]) => v.kind === 'raw' && v.text.startsWith('"')).map((e) => ({ e, path })),
    );
    if (!strings.length) return 'no string value';
    const { e, path } = pick(r, strings);
    const name = pick(r, ODD_NAMES);
    e[1] = { kind: 'raw', text: JSON.stringify(name) };
    return `string ${e[0]} at ${path} -> ${JSON.stringify(name.slice(0, 30))}`;
  },
  // $Kind and $Type variations, and a member that is itself called $Kind
  (r, root) => {
    // mostly where the document already has one: entity types, properties, the container
    const typed = objects(root).filter(({ node }) => node.entries.some(([k]) => k === '$Kind' || k === '$Type'));
    const { node, path } = pick(r, typed.length && r() < 0.75 ? typed : objects(root));
    const key = pick(r, [
      '$Kind',
      '$Kind',
      '$Type',
      '$Type',
      '$Type',
      '$Key',
      '$BaseType',
      '$Alias',
      '$EntityContainer',
      '$Version',
    ]);
    const value = pick(r, [
      '{}',
      '[]',
      '1',
      'null',
      '"EntityContainer"',
      '"NavigationProperty"',
      '"Property"',
      '"EntityType"',
      '"Edm.Int32"',
      '"dbo.customer"',
      '"d.customer"',
      '"ns.container"',
      '{"$Type":"Edm.String"}',
      deep(50),
      deep(5000),
      deep(100_000),
    ]);
    const at = node.entries.findIndex(([k]) => k === key);
    if (at >= 0) node.entries[at]![1] = { kind: 'raw', text: value };
    else node.entries.splice(int(r, node.entries.length + 1), 0, [key, { kind: 'raw', text: value }]);
    return `${key} at ${path} -> ${value.slice(0, 30)}`;
  },
  // an entity type or the container with an odd $Kind, or with a member that is itself called $Kind
  (r, root) => {
    const kinded = objects(root).filter(({ node }) => node.entries.some(([k]) => k === '$Kind'));
    if (!kinded.length) return 'no $Kind';
    const { node, path } = pick(r, kinded);
    const value = pick(r, ['{}', '[]', '{"$Type":"Edm.String"}', '7', 'null', '"Property"', deep(100_000)]);
    if (r() < 0.5) node.entries.find(([k]) => k === '$Kind')![1] = { kind: 'raw', text: value };
    else node.entries.push(['$Kind', { kind: 'raw', text: value }]);
    return `$Kind at ${path} -> ${value.slice(0, 30)}`;
  },
  // a key given twice, with another value or the same
  (r, root) => {
    const { node, path } = pick(r, objects(root));
    const [key, value] = pick(r, node.entries);
    const again: Node = r() < 0.5 ? value : { kind: 'raw', text: pick(r, ODD_VALUES) };
    node.entries.splice(int(r, node.entries.length + 1), 0, [key, again]);
    return `key ${JSON.stringify(key.slice(0, 30))} duplicated at ${path}`;
  },
  // a key left out
  (r, root) => {
    const { node, path } = pick(r, objects(root));
    const [key] = node.entries.splice(int(r, node.entries.length), 1)[0]!;
    return `key ${JSON.stringify(key.slice(0, 30))} removed at ${path}`;
  },
  // absurdly deep nesting
  (r, root) => {
    const { node, path } = pick(r, objects(root));
    const depth = pick(r, [63, 64, 65, 1000, 100_000]);
    const text = r() < 0.5 ? deep(depth) : deepObject(depth);
    node.entries[int(r, node.entries.length)]![1] = { kind: 'raw', text };
    return `nesting ${depth} deep at ${path}`;
  },
];

/** the mutations on the bytes */
const BYTE_MUTATIONS: Array<(r: Random, bytes: Buffer) => [Buffer, string]> = [
  (r, bytes) => {
    const copy = Buffer.from(bytes);
    const flips = 1 + int(r, 4);
    for (let i = 0; i < flips; i++) {
      const at = int(r, copy.length);
      copy[at] = copy[at]! ^ (1 << int(r, 8));
    }
    return [copy, `${flips} bit flip(s)`];
  },
  (r, bytes) => {
    const at = int(r, bytes.length);
    return [bytes.subarray(0, at), `truncated at ${at}`];
  },
  (r, bytes) => {
    const at = int(r, bytes.length);
    const junk = pick(r, ['\u0000', '\n', '"', '{', '}', ',', '\\', '\uFEFF', '\u00ff', '\ud83d', '<html>']);
    return [
      Buffer.concat([bytes.subarray(0, at), Buffer.from(junk), bytes.subarray(at)]),
      `inserted ${JSON.stringify(junk)} at ${at}`,
    ];
  },
];

// --- the inputs: the golden schema, three service definitions (their unread Template left out), the service list

const GOLDEN = join(ROOT, 'test/fixtures/golden/schema');
const DEFINITIONS = ['PickZone', 'Contact', 'm_openorderreport'];

interface Input {
  /** path inside the snapshot */
  readonly path: string;
  readonly json: unknown;
}
const INPUTS: Input[] = [
  { path: 'tables.metadata.json', json: JSON.parse(readFileSync(join(GOLDEN, 'tables.metadata.json'), 'utf8')) },
  { path: 'views.metadata.json', json: JSON.parse(readFileSync(join(GOLDEN, 'views.metadata.json'), 'utf8')) },
  ...DEFINITIONS.map((name) => {
    const json = JSON.parse(readFileSync(join(ROOT, 'schema/definitions', `${name}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    delete json['Template'];
    return { path: `definitions/${name}.json`, json };
  }),
  { path: 'services.json', json: DEFINITIONS.map((name) => ({ Name: name })) },
];

const PRISTINE = new Map(INPUTS.map((input) => [input.path, Buffer.from(JSON.stringify(input.json, null, 1))]));

function writeSnapshot(dir: string, replaced?: { path: string; bytes: Buffer }): void {
  mkdirSync(join(dir, 'definitions'), { recursive: true });
  for (const [path, bytes] of PRISTINE) writeFileSync(join(dir, path), bytes);
  if (replaced) writeFileSync(join(dir, replaced.path), replaced.bytes);
}

/** one mutated input: which file, its bytes, and what was done to it */
function mutate(seed: number): { path: string; bytes: Buffer; what: string } {
  const r = prng(seed);
  const input = pick(r, INPUTS);
  const root = toNode(input.json);
  const done: string[] = [];
  const rounds = 1 + int(r, 3);
  for (let i = 0; i < rounds; i++) done.push(pick(r, TREE_MUTATIONS)(r, root));
  // compact as printed (keeps duplicated keys), or as JSON.stringify indents it when it can (not 100,000 deep)
  let text = print(root);
  if (r() < 0.3) {
    try {
      text = JSON.stringify(JSON.parse(text), null, 1);
    } catch {
      // too deep to re-indent: keep it compact
    }
  }
  let bytes: Buffer = Buffer.from(text);
  if (r() < 0.25) {
    const [changed, what] = pick(r, BYTE_MUTATIONS)(r, bytes);
    bytes = changed;
    done.push(what);
  }
  return { path: input.path, bytes, what: done.join('; ') };
}

// --- the output, byte for byte

function digestTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return files;
}

const work = tempDir('erpgen-mutation-');
const pristineSnapshot = join(work, 'pristine-schema');
const pristineOut = join(work, 'pristine-out');

/** a case's folder: the unmutated snapshot's output as "the previous output", and the mutated snapshot */
function prepare(name: string, mutated: { path: string; bytes: Buffer }) {
  const dir = join(work, name);
  cpSync(pristineOut, join(dir, 'generated'), { recursive: true });
  writeSnapshot(join(dir, 'schema'), mutated);
  return { dir, snapshot: join(dir, 'schema'), out: join(dir, 'generated') };
}

let previous: Map<string, string>;

/** Type-checks several generated packages in one tsc run, with the options each of them ships. */
function compileAll(outs: readonly string[]): string {
  const { compilerOptions } = JSON.parse(readFileSync(join(pristineOut, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: unknown;
  };
  const tsconfig = join(work, 'tsconfig.successes.json');
  const include = outs.map((out) => `${relative(work, out)}/**/*.ts`);
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, include }));
  return tsc7(tsconfig);
}

/** What is wrong with how a run was refused: not a UserError, not one bounded line, or the output touched. */
function refusalProblems(error: unknown, dir: string, out: string): string[] {
  if (!(error instanceof UserError))
    return [
      `crashed: ${String((error as Error).stack ?? error)
        .split('\n')
        .slice(0, 4)
        .join(' | ')}`,
    ];
  const problems: string[] = [];
  const message = error.message;
  if (/[\n\r\u2028\u2029]/.test(message)) problems.push(`not one line: ${JSON.stringify(message.slice(0, 300))}`);
  if ([...message].length > MESSAGE_MAX) problems.push(`${message.length} characters long`);
  if (!/^[^\s:]*schema\/[\w./-]+\.json: /.test(message)) problems.push(`names no input file: ${message.slice(0, 200)}`);
  if (JSON.stringify([...digestTree(out)]) !== JSON.stringify([...previous]))
    problems.push('the previous output changed');
  const left = readdirSync(dir).sort().join(',');
  if (left !== 'generated,schema') problems.push(`left behind: ${left}`);
  return problems;
}

describe(`seeded mutation campaign (seed ${PROPERTY_SEED})`, () => {
  beforeAll(async () => {
    writeSnapshot(pristineSnapshot);
    await generatePackage(loadConfig({ snapshot: pristineSnapshot, out: pristineOut, include: ['*'] }, work));
    previous = digestTree(pristineOut);
  });

  it(`${IN_PROCESS_CASES} mutated inputs through generate(): a clean success or one line, output untouched`, async () => {
    const tally = { ok: 0, refused: 0 };
    const reasons = new Map<string, number>();
    const successes: string[] = [];
    const failures: string[] = [];
    // one folder for every case: a refused run must leave it as it was, so only a success needs a fresh copy
    const dir = join(work, 'in-process');
    const snapshot = join(dir, 'schema');
    const out = join(dir, 'generated');
    let fresh = false;
    for (let i = 0; i < IN_PROCESS_CASES; i++) {
      const seed = PROPERTY_SEED + i;
      const mutated = mutate(seed);
      const label = `case ${i} (seed ${seed}, ${mutated.path}: ${mutated.what})`;
      if (!fresh) {
        rmSync(dir, { recursive: true, force: true });
        cpSync(pristineOut, out, { recursive: true });
        writeSnapshot(snapshot);
        fresh = true;
      }
      writeFileSync(join(snapshot, mutated.path), mutated.bytes);
      let error: unknown;
      try {
        await generatePackage(loadConfig({ snapshot, out, include: ['*'] }, dir));
      } catch (e) {
        error = e;
      }
      if (error === undefined) {
        tally.ok++;
        fresh = false;
        if (successes.length < COMPILED_SUCCESSES && /renamed|string /.test(mutated.what)) {
          renameSync(dir, join(work, `success${i}`));
          successes.push(join(work, `success${i}`, 'generated'));
        }
        continue;
      }
      tally.refused++;
      const problems = refusalProblems(error, dir, out);
      if (problems.length) {
        failures.push(`${label}: ${problems.join('; ')}`);
        fresh = false;
      } else {
        const reason = (error as Error).message
          .replace(/^[^:]*: /, '')
          .replace(/".*?"|\d+/g, '_')
          .slice(0, 40);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      writeFileSync(join(snapshot, mutated.path), PRISTINE.get(mutated.path)!);
    }
    console.log(
      `mutation campaign (seed ${PROPERTY_SEED}): ${tally.ok} generated, ${tally.refused} refused for ${reasons.size} distinct reasons`,
    );
    // every case is run, so that one report lists everything the campaign found
    expect(failures.slice(0, 20), `${failures.length} of ${IN_PROCESS_CASES} cases failed`).toEqual([]);
    // the campaign is only worth something if it reaches both ends
    expect(tally.ok, JSON.stringify(tally)).toBeGreaterThan(IN_PROCESS_CASES / 10);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(IN_PROCESS_CASES / 3);
    expect(reasons.size).toBeGreaterThan(15);
    expect(successes.length).toBe(COMPILED_SUCCESSES);
    expect(compileAll(successes)).toBe('');
  });

  it(`${CLI_CASES} mutated inputs through the real CLI: exit 0, or exit 1 with exactly one erpgen: line`, () => {
    for (let i = 0; i < CLI_CASES; i++) {
      // other seeds than the in-process cases
      const seed = PROPERTY_SEED + 100_000 + i;
      const mutated = mutate(seed);
      const label = `cli case ${i} (seed ${seed}, ${mutated.path}: ${mutated.what})`;
      const { dir, out } = prepare(`cli${i}`, mutated);
      const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir);
      if (result.code === 0) {
        expect(result.stderr, label).toBe('');
        continue;
      }
      expect(result.code, `${label}: ${result.stderr}`).toBe(1);
      expect(result.stderr, label).toMatch(/^erpgen: schema\/[^\n]*\n$/);
      expect(
        refusalProblems(new UserError('ERPGEN_CSDL_INVALID', result.stderr.slice('erpgen: '.length, -1)), dir, out),
        label,
      ).toEqual([]);
    }
  });
  // the campaign's findings, kept as fixed cases through the real CLI
  const tables = () => print(toNode(INPUTS[0]!.json));
  const known: Array<[string, () => string, RegExp]> = [
    [
      'a $Type that is a 100,000-deep array',
      () => tables().replace('"$Type":"Edm.Int32"', `"$Type":${deep(100_000)}`),
      /: entity type dbo\.price_page nests deeper than 64 levels \(at byte \d+\)$/,
    ],
    [
      'a $Type that is a 30-deep array',
      () => tables().replace('"$Type":"Edm.Int32"', `"$Type":${deep(30)}`),
      /: column "price_page_uid" of entity type dbo\.price_page has \$Type an array: expected the name of an Edm type/,
    ],
    [
      'an entity type whose $Kind is an object',
      () => tables().replace('"$Kind":"EntityType"', '"$Kind":{"a":[1]}'),
      /: dbo\.price_page is named as an entity set's \$Type but has \$Kind an object, not EntityType/,
    ],
    [
      'a property named $Kind',
      () => tables().replace('"price_page_uid":{', '"$Kind":{"$Type":"Edm.String"},"price_page_uid":{'),
      /: dbo\.price_page is named as an entity set's \$Type but has \$Kind an object, not EntityType/,
    ],
    [
      'an entity type and a column named with newlines and a fake erpgen: line',
      () =>
        tables()
          .replace('"Edm.Int32"', '"Edm.Money"')
          .replaceAll('price_page"', 'price\\nerpgen: 99 objects into generated\\npage"')
          .replaceAll('price_page_uid', 'uid\\r\\nerpgen: ok'),
      /: column "uid\\r\\nerpgen: ok" of entity type "dbo\.price\\nerpgen: 99 objects into generated\\npage" has unknown type "Edm\.Money"/,
    ],
    [
      'a 10,000-character column name',
      () => tables().replace('"Edm.Int32"', '"Edm.Money"').replaceAll('price_page_uid', 'u'.repeat(10_000)),
      /: column "u{77}…" of entity type dbo\.price_page has unknown type "Edm\.Money"/,
    ],
  ];
  it.each(known)('through the CLI: %s is one erpgen: line, exit 1, output untouched', (_, text, pattern) => {
    const { dir, out } = prepare(`known${known.findIndex(([, t]) => t === text)}`, {
      path: 'tables.metadata.json',
      bytes: Buffer.from(text()),
    });
    const result = runCli(['generate', '--snapshot', 'schema', '--out', 'generated', '--quiet'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^erpgen: schema\/tables\.metadata\.json: [^\n]*\n$/);
    expect(result.stderr.trimEnd()).toMatch(pattern);
    expect(result.stderr.length).toBeLessThan(300);
    expect(
      refusalProblems(new UserError('ERPGEN_CSDL_INVALID', result.stderr.slice('erpgen: '.length, -1)), dir, out),
    ).toEqual([]);
  });
});
