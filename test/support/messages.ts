// The compile errors users meet, as each compiler prints them: one file per mistake, compiled together, the
// diagnostics of each file collected (TypeScript 7 from `tsc --pretty false`, TypeScript 6 from ts-morph).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Project, ts } from 'ts-morph';
import { ROOT } from './paths.js';
import { tsc7 } from './compilers.js';

export interface Mistake {
  readonly name: string;
  /** the code, importing from the sample package by its package name */
  readonly code: string;
  /** what the first line of the message must name or say */
  readonly names: readonly string[];
}

/** Per mistake: the whole text of its diagnostics (every line of every diagnostic in its file). */
export interface Messages {
  readonly ts7: ReadonlyMap<string, string>;
  readonly ts6: ReadonlyMap<string, string>;
}

const PACKAGE = '@acme/erp-schema';

/** A tsconfig in `dir` with the type tests' settings (test/package/types), for the files `include` names. */
export function typesTsconfig(dir: string, include: readonly string[], name = 'tsconfig.json'): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    JSON.stringify({ extends: relative(dir, join(ROOT, 'test/package/types/tsconfig.json')), include }),
  );
  return file;
}

export function compileMistakes(dir: string, mistakes: readonly Mistake[]): Messages {
  mkdirSync(dir, { recursive: true });
  // inside the repository's test folder, so that the sample package resolves by its name
  const files = mistakes.map((m, i) => {
    const file = join(dir, `mistake${i}.ts`);
    writeFileSync(file, `${m.code.trim()}\n`);
    return file;
  });
  const tsconfig = typesTsconfig(dir, ['mistake*.ts']);
  const ts7 = new Map<string, string>();
  const report7 = tsc7(tsconfig);
  // a diagnostic starts with `path(line,col): error`; the lines after it, indented, belong to it
  let current: string | undefined;
  for (const line of report7.split('\n')) {
    const start = /^(.*?)\(\d+,\d+\): error TS\d+: (.*)$/.exec(line);
    if (start) {
      const index = files.findIndex((f) => f.endsWith(start[1]!.replace(/^(\.\.\/)+/, '/').replace(/^\//, '')));
      current = index >= 0 ? mistakes[index]!.name : undefined;
      if (current) ts7.set(current, `${ts7.has(current) ? `${ts7.get(current)}\n` : ''}${start[2]}`);
    } else if (current && line.startsWith(' ')) ts7.set(current, `${ts7.get(current)}\n${line.trim()}`);
  }
  const project = new Project({ tsConfigFilePath: tsconfig });
  const ts6 = new Map<string, string>();
  for (const [i, file] of files.entries()) {
    const diagnostics = project.getSourceFileOrThrow(file).getPreEmitDiagnostics();
    const text = diagnostics
      .map((d) => ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n'))
      .join('\n')
      .split('\n')
      .map((l) => l.trim())
      .join('\n');
    if (text) ts6.set(mistakes[i]!.name, text);
  }
  return { ts7, ts6 };
}
