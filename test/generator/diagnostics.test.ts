// Notices and user errors as data (generator/diagnostics.ts): each has a stable code given where it is raised, the
// docs list every code (docs/cli.md, "Codes"), and the programmatic API hands out the same code and place as the
// CLI's JSON lines (test/cli/diagnostics.test.ts runs those).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/commands/generate.js';
import { diagnosticLine, formatOf, type Diagnostic } from '../../generator/diagnostics.js';
import { UserError } from '../../generator/errors.js';
import { tempDir } from '../support/cli.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';

/** Every `'ERPGEN_...'` literal of the sources: the codes erpgen can raise. */
function codesInSources(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/'(ERPGEN_[A-Z0-9_]+)'/g)) codes.add(m[1]!);
    }
  };
  for (const folder of ['generator', 'sandbox']) walk(join(ROOT, folder));
  return codes;
}

/** The codes of docs/cli.md's table, in its order. */
function codesInDocs(): string[] {
  const text = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  const section = text.slice(text.indexOf('\n## Codes\n'));
  return [...section.matchAll(/^\| `(ERPGEN_[A-Z0-9_]+)` +\| (error|warning|notice) /gm)].map((m) => m[1]!);
}

describe('codes', () => {
  it('docs/cli.md lists every code the sources raise, and only those, each once', () => {
    const listed = codesInDocs();
    expect(new Set(listed).size, 'each listed once').toBe(listed.length);
    expect([...codesInSources()].sort()).toEqual([...listed].sort());
  });

  it('are ERPGEN_ and upper-case words', () => {
    for (const code of codesInSources()) expect(code).toMatch(/^ERPGEN_[A-Z]+(_[A-Z0-9]+)*$/);
  });
});

describe('reporters', () => {
  const d: Diagnostic = {
    code: 'ERPGEN_SNAPSHOT_NOT_FOUND',
    level: 'error',
    message: 'shema: snapshot folder not found (did you mean schema?)',
    where: { file: 'shema' },
  };
  it('text: the message alone, as erpgen always said it; JSON: one line with code, level, message and where', () => {
    expect(diagnosticLine(d, 'text')).toBe('erpgen: shema: snapshot folder not found (did you mean schema?)\n');
    const line = diagnosticLine(d, 'json');
    expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ ...d });
    expect(JSON.parse(diagnosticLine({ ...d, where: undefined }, 'json'))).toMatchObject({ where: null });
  });

  it('a message with a line break stays one JSON line', () => {
    const error = new UserError('ERPGEN_JSON_INVALID', 'a\nb');
    expect(diagnosticLine(error.diagnostic(), 'json').split('\n')).toHaveLength(2);
  });

  it('--format json is read from the command line before it is parsed', () => {
    expect(formatOf(['generate', '--format', 'json'])).toBe('json');
    expect(formatOf(['diff', 'a', '--format=json'])).toBe('json');
    expect(formatOf(['generate', '--format', 'text'])).toBe('text');
    expect(formatOf(['diff', 'a', '--format', 'markdown'])).toBe('text');
    expect(formatOf(['generate', '--', '--format', 'json'])).toBe('text');
  });
});

describe('the programmatic API', () => {
  const work = tempDir('erpgen-diagnostics-');

  it('rejects with a UserError that carries the code and the place', async () => {
    const error = await generate({ snapshot: join(work, 'shema'), out: join(work, 'out') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ code: 'ERPGEN_SNAPSHOT_NOT_FOUND', exitCode: 1 });
    expect((error as UserError).where?.file).toMatch(/shema$/);
  });

  it("gives each notice's code and place to onNotice, on a full run and again on a run with nothing to do", async () => {
    const out = join(work, 'generated');
    const run = async () => {
      const seen: Array<[string, Diagnostic]> = [];
      await generate({
        snapshot: SAMPLE_SNAPSHOT,
        out,
        include: ['customer', 'bin'],
        exclude: ['zz*'],
        onNotice: (line, notice) => void seen.push([line, notice]),
      });
      return seen;
    };
    const expected = [
      [
        'exclude pattern "zz*" matches no table or view of the snapshot',
        { code: 'ERPGEN_EXCLUDE_UNMATCHED', level: 'notice', where: { option: 'exclude' } },
      ],
      [
        expect.stringMatching(/^left out table bin: unreachable/),
        { code: 'ERPGEN_LEFT_OUT_UNREACHABLE', level: 'notice', where: { subject: 'table bin' } },
      ],
    ];
    const first = await run();
    expect(first).toMatchObject(expected);
    for (const [line, notice] of first) expect(notice.message).toBe(line);
    // the run with nothing to do says them again from its record, codes and all
    expect(await run()).toEqual(first);
    rmSync(out, { recursive: true, force: true });
  });
});
