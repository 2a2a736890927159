// Emitted code is already what prettier prints, in both forms: prettier's check over a sample of the
// stock-size tenant's modules, the hard cases, every transaction module and every other generated file, and
// over a schema of wide, combining and astral names built to sit on both sides of the print width. (Formatting
// all 7,000 modules would be too slow for the generator to do, which is why the printer lays code out itself.)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { displayWidth } from '../../generator/emit/width.js';
import { generatePackage } from '../../generator/generate-package.js';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/** the files prettier would change */
async function unformatted(out: string, files: Iterable<string>): Promise<string[]> {
  const options = await prettier.resolveConfig(join(out, 'package.json'));
  expect(options).toEqual({ singleQuote: true, printWidth: 120 });
  const bad: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(out, file), 'utf8');
    if (!(await prettier.check(text, { ...options, filepath: join(out, file) }))) bad.push(file);
  }
  return bad;
}

/**
 * A sample of the stock tenant's tables and views: every seventeenth name, and every name that is not plain
 * (those are the hard cases: hashed file names, case clashes, Object members). Generated alone (`include`), they
 * are what a whole generation would write for them: a module depends on its own object only.
 */
function stockSample(snapshot: string): string[] {
  return ['tables.metadata.json', 'views.metadata.json'].flatMap((file) => {
    const doc = JSON.parse(readFileSync(join(snapshot, file), 'utf8').replace(/^\uFEFF/, '')) as {
      ns: { container: Record<string, unknown> };
    };
    const names = Object.keys(doc.ns.container)
      .filter((k) => !k.startsWith('$'))
      .sort();
    return names.filter((name, i) => i % 17 === 0 || !/^[a-z0-9_]+$/.test(name));
  });
}

describe('generated code is prettier-clean as emitted', () => {
  for (const emit of ['js', 'ts'] as const) {
    it(`${emit}: over a sample of the stock tenant, every hard case and every non-module file`, async () => {
      const out = join(tempDir(), 'out');
      const snapshot = inject('stockTenant');
      await generatePackage(loadConfig({ snapshot, out, include: stockSample(snapshot), emit }, ROOT));
      const modules = (folder: string) => readdirSync(join(out, folder)).map((f) => `${folder}/${f}`);
      const files = [
        ...modules('tables'),
        ...modules('views'),
        ...modules('transactions'),
        // families live in folders under runtime/
        ...readdirSync(join(out, 'runtime'), { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.(ts|js|json)$/.test(f))
          .map((f) => `runtime/${f.split('\\').join('/')}`),
        ...readdirSync(out).filter((f) => /\.(ts|js|json)$/.test(f)),
        '.prettierrc.json',
      ];
      expect(files.length).toBeGreaterThan(400);
      expect(files.filter((f) => f.endsWith(emit === 'js' ? '.d.ts' : '.ts')).length).toBeGreaterThan(200);
      // the hard cases are among them
      expect(files.filter((f) => /^tables\/.*-[0-9a-f]{8}\./.test(f)).length).toBeGreaterThan(5);
      expect(await unformatted(out, files)).toEqual([]);
    });
  }
});

// Names that `.length` measures wrong: CJK (2 columns, 1 unit), combining marks (0 columns, 1 unit), astral
// characters (1 or 2 columns, 2 units), an emoji sequence (2 columns, 8 units).
const CJK28 = (start: number) => Array.from({ length: 28 }, (_, i) => String.fromCodePoint(start + i)).join('');
const KEY_A = CJK28(0x4e00);
const KEY_B = CJK28(0x5e00);
const COMBINING = 'e\u0301'.repeat(40); // 80 units, 40 columns
const ASTRAL = '\u{1d4b3}'.repeat(45); // mathematical script X: 90 units, 45 columns
const WIDE_ASTRAL = '\u{20000}'.repeat(20); // CJK extension B: 40 units, 40 columns
const FAMILY = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}'; // one emoji, 2 columns
// plain names long enough that declaration heads do not fit: the right side moves, then its arguments do
const LONG = `long_${'n'.repeat(110)}`;

function snapshot(dir: string): void {
  const columns: Record<string, unknown> = {
    $Kind: 'EntityType',
    $Key: [KEY_A, KEY_B],
    [KEY_A]: { $MaxLength: 10 },
    [KEY_B]: { $Type: 'Edm.Int32' },
    [COMBINING]: { $Nullable: true },
    [ASTRAL]: { $Type: 'Edm.Decimal', $Nullable: true },
    [`${WIDE_ASTRAL}${KEY_A}`]: { $Type: 'Edm.Date', $Nullable: true },
    [`${FAMILY}_flag`]: { $Type: 'Edm.Boolean' },
    // a row_status_flag column takes a known-value type: a long name puts `$RowStatusFlag | null` past the width
    row_status_flag: { $Type: 'Edm.Int32', $Nullable: true },
  };
  const tables = {
    $Version: '4.0',
    $EntityContainer: 'ns.container',
    dbo: {
      [`表${KEY_A}`]: columns,
      [COMBINING]: { $Kind: 'EntityType', $Key: [COMBINING, ASTRAL], [COMBINING]: {}, [ASTRAL]: {} },
      [ASTRAL]: { $Kind: 'EntityType', $Key: [WIDE_ASTRAL], [WIDE_ASTRAL]: { $MaxLength: 40 } },
      [LONG]: { $Kind: 'EntityType', $Key: [LONG], [LONG]: { $Type: 'Edm.Int32', $Nullable: true } },
    },
    ns: {
      container: {
        $Kind: 'EntityContainer',
        [`表${KEY_A}`]: { $Collection: true, $Type: `dbo.表${KEY_A}` },
        [COMBINING]: { $Collection: true, $Type: `dbo.${COMBINING}` },
        [ASTRAL]: { $Collection: true, $Type: `dbo.${ASTRAL}` },
        [LONG]: { $Collection: true, $Type: `dbo.${LONG}` },
      },
    },
  };
  const views = { $Version: '4.0', $EntityContainer: 'ns.container', ns: { container: { $Kind: 'EntityContainer' } } };
  mkdirSync(join(dir, 'definitions'), { recursive: true });
  writeFileSync(join(dir, 'tables.metadata.json'), JSON.stringify(tables));
  writeFileSync(join(dir, 'views.metadata.json'), JSON.stringify(views));
  const field = (name: string, more: object = {}) => ({
    Name: name,
    DbColumnName: null,
    Label: null,
    DataType: 'Char',
    Required: false,
    ValidValues: null,
    ...more,
  });
  const service = `服务${KEY_B}`;
  const definition = {
    Name: service,
    TransactionDefinition: {
      DataElementDefinitions: [
        {
          Name: `TABPAGE_1.${KEY_A}`,
          Type: 'Form',
          KeyFields: [KEY_A, KEY_B],
          BusinessObjectName: null,
          DatawindowName: null,
          FieldDefinitions: [
            field(KEY_A, { Required: true, Label: `${KEY_B}${KEY_B}` }),
            field(KEY_B, { ValidValues: [KEY_A, KEY_B, '是'] }),
            field(COMBINING, { Required: true, Label: COMBINING, ValidValues: ['a', COMBINING] }),
            field(ASTRAL, { ValidValues: [ASTRAL, WIDE_ASTRAL, FAMILY] }),
            field(`${FAMILY}${KEY_A}`, { DataType: 'Datetime', Required: true, Label: `${KEY_A}${FAMILY}` }),
          ],
        },
        {
          Name: `${KEY_B}.列表`,
          Type: 'List',
          KeyFields: [],
          FieldDefinitions: [field(WIDE_ASTRAL, { DataType: 'Decimal', ValidValues: [WIDE_ASTRAL, KEY_A] })],
        },
      ],
    },
  };
  writeFileSync(join(dir, 'definitions', `${service}.json`), JSON.stringify(definition));
  writeFileSync(join(dir, 'definitions', `${LONG}.json`), JSON.stringify({ ...definition, Name: LONG }));
}

describe('wide, combining and astral names', () => {
  it('the names sit on both sides of the print width: `.length` would misjudge them', () => {
    const keyList = `  key: ['${KEY_A}', '${KEY_B}'],`;
    expect(keyList.length).toBeLessThanOrEqual(120);
    expect(displayWidth(keyList)).toBeGreaterThan(120);
    const combining = `  readonly ${COMBINING}: string | null;`;
    expect(combining.length).toBeGreaterThan(80);
    expect(displayWidth(combining)).toBe(combining.length - 40);
    expect(displayWidth(ASTRAL)).toBe(ASTRAL.length / 2);
    expect(displayWidth(FAMILY)).toBe(2);
  });

  for (const emit of ['js', 'ts'] as const) {
    it(`${emit}: every file is prettier-clean and compiles with TypeScript 7 and 6`, async () => {
      const dir = tempDir();
      snapshot(join(dir, 'schema'));
      const out = join(dir, 'out');
      const result = await generatePackage(
        loadConfig({ snapshot: join(dir, 'schema'), out, include: ['*'], emit }, dir),
      );
      expect(result.objects).toBe(4);
      expect(result.services).toBe(2);
      const files = [...readTree(out).keys()].filter(
        (f) => f !== '.erpgen-files' && f !== '.gitignore' && !f.endsWith('.md'),
      );
      expect(await unformatted(out, files)).toEqual([]);
      // the wide key list is broken over lines, as prettier breaks it
      const table = files.find((f) => f.startsWith('tables/') && f.endsWith(emit === 'js' ? '.js' : '.ts'))!;
      const text = readFileSync(join(out, table), 'utf8');
      if (text.includes(KEY_A + "',")) expect(text).toContain(`  key: [\n    '${KEY_A}',\n    '${KEY_B}',\n  ],`);
      expect(tsc7(join(out, 'tsconfig.json'))).toBe('');
      expect(ts6(join(out, 'tsconfig.json'))).toBe('');
    });
  }
});
