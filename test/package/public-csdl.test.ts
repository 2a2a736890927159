// Schemas with more than this server's query surface uses: the built CLI generates what can be queried, says in
// one line each what it left out, and the package compiles with both compilers. On a generated document shaped
// like the big public ones (test/support/public-csdl.ts), and, when ERPGEN_PUBLIC_CSDL names one, on a real
// public document (JSON CSDL, or XML CSDL converted by test/support/xml-csdl.ts), such as Microsoft Graph's
// v1.0 $metadata.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { publicCsdl, writePublicSnapshot } from '../support/public-csdl.js';
import { xmlCsdlToJson } from '../support/xml-csdl.js';

const dir = tempDir('erpgen-public-csdl-');

/** The notices of a run, sorted by what they say. Every line of standard error is one notice. */
function notices(stderr: string) {
  const lines = stderr.split('\n').filter((l) => l !== '');
  for (const line of lines) expect(line).toMatch(/^erpgen: /);
  const count = (pattern: RegExp) => lines.filter((l) => pattern.test(l)).length;
  return {
    lines,
    singletons: count(/^erpgen: left out singleton .* a single entity, not an entity set to query$/),
    functionImports: count(/^erpgen: left out function import .* an operation, not an entity set to query$/),
    actionImports: count(/^erpgen: left out action import .* an operation, not an entity set to query$/),
    unresolved: lines.filter((l) => /^erpgen: left out table .*: (its )?entity type /.test(l)),
    properties: count(/^erpgen: table .*: left out \d+ (navigation|collection-valued|propert)/),
    abstract: count(/^erpgen: table .*: its entity type .* is abstract;/),
  };
}

function generate(snapshot: string, out: string, emit: 'js' | 'ts') {
  const result = runCli(['generate', '--snapshot', snapshot, '--out', out, '--emit', emit], dir);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('a generated document shaped like the big public ones', () => {
  const { text, expected } = publicCsdl();
  const snapshot = join(dir, 'snapshot');
  writePublicSnapshot(snapshot, text);

  for (const emit of ['js', 'ts'] as const) {
    it(`${emit}: generates every entity set it can type, says what it left out one line each, and compiles (TS 7 and 6)`, () => {
      const out = join(dir, `out-${emit}`);
      const result = generate(snapshot, out, emit);
      expect(result.stdout).toMatch(new RegExp(`^erpgen: ${expected.generated} objects into `));
      const n = notices(result.stderr);
      expect(n.singletons).toBe(expected.singletons);
      expect(n.functionImports).toBe(expected.functionImports);
      expect(n.actionImports).toBe(expected.actionImports);
      expect(n.unresolved).toEqual([
        'erpgen: left out table orphan: entity type svc.orphan derives from "s.gone", which the document does not define',
        'erpgen: left out table loopA: entity type svc.loopA: its base types go round in a cycle (svc.loopA -> svc.loopB -> svc.loopA)',
        'erpgen: left out table structBase: entity type svc.structBase derives from svc.Complex0, which is a ComplexType, not an entity type',
      ]);
      expect(n.properties).toBe(expected.withLeftOutProperties);
      expect(n.abstract).toBe(expected.abstract);
      // nothing else was said
      expect(n.lines).toHaveLength(
        expected.singletons +
          expected.functionImports +
          expected.actionImports +
          expected.unresolved.length +
          expected.withLeftOutProperties +
          expected.abstract,
      );

      // the left-out objects have no module, and the catalog and README agree
      for (const name of expected.unresolved)
        expect(existsSync(join(out, `tables/${name.toLowerCase()}.${emit}`))).toBe(false);
      const catalog = readFileSync(join(out, `catalog.${emit}`), 'utf8');
      expect(catalog).not.toMatch(/orphan|loopA|structBase/);
      expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain(
        '- `loopA` (table): entity type svc.loopA: its base types go round in a cycle (svc.loopA -> svc.loopB -> svc.loopA).',
      );

      // a derived type's row has its bases' columns; what was left out is not a column (checked by the compilers)
      const row = readFileSync(join(out, `tables/t2.${emit === 'js' ? 'd.ts' : 'ts'}`), 'utf8');
      expect(row).toMatch(/readonly id: string;/);
      // the first column and the first left-out property each type of T2's chain declares itself
      const svc = (JSON.parse(text) as { svc: Record<string, Record<string, unknown>> }).svc;
      const own = (type: string, leftOut: boolean) =>
        Object.entries(svc[type]!).find(
          ([k, v]) =>
            /_p\d+$/.test(k) && /"\$Kind":"NavigationProperty"|"\$Collection":true/.test(JSON.stringify(v)) === leftOut,
        )?.[0];
      const columns = ['T2', 'T3', 'T0'].map((t) => own(t, false)).filter((c) => c !== undefined);
      const left = ['T2', 'T3', 'T0'].map((t) => own(t, true)).filter((c) => c !== undefined);
      expect(columns.length).toBeGreaterThan(1);
      expect(left.length).toBeGreaterThan(0);
      writeFileSync(
        join(out, 'consumer.ts'),
        [
          "import { query } from './index.js';",
          "import { t2 } from './tables/t2.js';",
          "import { places } from './tables/places.js';",
          // T2 derives from T3, T3 from T0, T0 from the abstract root: their columns are all there
          `export const q = query(t2).select('id', ${columns.map((c) => `'${c}'`).join(', ')}).filter((c) => c.id.eq('x'));`,
          "export const p = query(places).select('id', 'label');",
          ...left.map(
            (k, i) => `// @ts-expect-error left out: not a column\nexport const left${i} = query(t2).select('${k}');`,
          ),
          '',
        ].join('\n'),
      );
      expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
      expect(ts6(join(out, 'tsconfig.json'))).toBe('');
    });
  }

  it('enumeration properties are unions of their member names, flags and complex types what their JSON is', () => {
    const out = join(dir, 'out-js');
    if (!existsSync(out)) generate(snapshot, out, 'js');
    const rows = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't8', 't9']
      .map((t) => readFileSync(join(out, `tables/${t}.d.ts`), 'utf8'))
      .join('\n');
    expect(rows).toMatch(/enumeration: a member name \*\/\n\s+readonly \w+: 'v\d+_0' \| '\w+'/);
    expect(rows).toMatch(
      /flags enumeration: member names joined with commas \([^)]*\) \*\/\n\s+readonly \w+: string \| null;/,
    );
    expect(rows).toMatch(/complex type: a JSON object \*\/\n\s+readonly \w+: Record<string, unknown> \| null;/);
    // a type definition is its underlying primitive type, with its facets
    expect(rows).toMatch(/Edm\.Decimal\(19,2\), nullable \*\/\n\s+readonly \w+: number \| null;/);
  });
});

const realDocument = process.env.ERPGEN_PUBLIC_CSDL;
describe.skipIf(!realDocument)(`a real public document (ERPGEN_PUBLIC_CSDL=${realDocument ?? ''})`, () => {
  it('generates, says what it left out one line each, and compiles with TypeScript 7 and TypeScript 6', () => {
    const source = resolve(realDocument!);
    const text = readFileSync(source, 'utf8');
    const json = text
      .trimStart()
      .replace(/^\uFEFF/, '')
      .startsWith('<')
      ? JSON.stringify(xmlCsdlToJson(text))
      : text;
    const snapshot = join(dir, 'real');
    writePublicSnapshot(snapshot, json);
    const out = join(dir, 'real-out');
    const result = generate(snapshot, out, 'js');
    const n = notices(result.stderr);
    const objects = Number(/^erpgen: (\d+) objects/.exec(result.stdout)?.[1]);
    console.log(
      `${source}: ${objects} entity sets generated; ${n.lines.length} notices: ${n.singletons} singletons, ${n.functionImports} function imports, ${n.actionImports} action imports left out, ${n.unresolved.length} sets of unresolvable types, ${n.properties} rows leaving out properties, ${n.abstract} abstract`,
    );
    expect(objects).toBeGreaterThan(0);
    expect(n.lines.length).toBe(
      n.singletons + n.functionImports + n.actionImports + n.unresolved.length + n.properties + n.abstract,
    );
    expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
    expect(ts6(join(out, 'tsconfig.json'))).toBe('');
  });
});
