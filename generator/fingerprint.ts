// Everything an output is made of, as one digest: erpgen's own code and the runtime it copies, the libraries
// whose behaviour shapes the text (the JSON tokenizer, the width tables, the glob matcher), the settings, and
// the bytes of every snapshot file. Two runs with the same fingerprint write the same files, so a run that
// finds the fingerprint and the files the previous run recorded has nothing to do (write/output.ts).
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { filesUnder, type TemplateFile } from './source/templates.js';
import { ERPGEN_VERSION } from './version.js';

const LIBRARIES = ['stream-json/core/parser.js', 'emoji-regex', 'get-east-asian-width', 'picomatch'];

/** `name@version` of a library as installed beside erpgen, found from where it resolves. */
export function installed(specifier: string): string {
  const name = specifier.split('/')[0]!;
  let dir = dirname(fileURLToPath(import.meta.resolve(specifier)));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return `${name}@${pkg.version}`;
    }
    const parent = dirname(dir);
    if (parent === dir) return `${name}@?`;
    dir = parent;
  }
}

/** erpgen's code: the files of the folder this module is in (dist/generator, or the sources in a checkout). */
function hashCode(hash: Hash): void {
  const root = dirname(fileURLToPath(import.meta.url));
  const files = filesUnder(root).filter((f) => /\.[cm]?[jt]s$/.test(f));
  for (const f of files) hash.update(`${f}\n`).update(readFileSync(join(root, f)));
}

export interface FingerprintInputs {
  readonly config: Config;
  readonly templates: readonly TemplateFile[];
  /** every snapshot file with its bytes' sha256, in a fixed order */
  readonly inputs: ReadonlyArray<{ readonly label: string; readonly sha256: string }>;
}

/**
 * The digest, and what it is made of as lines (`erpgen <version> <sha256>`, `settings <sha256>`, `input <label>
 * <sha256>`): `.erpgen-cache` keeps them, so that a stale output can say which of them changed.
 */
export interface Fingerprint {
  readonly digest: string;
  readonly parts: readonly string[];
}

export function fingerprint({ config, templates, inputs }: FingerprintInputs): Fingerprint {
  const code = createHash('sha256');
  code.update(`erpgen ${ERPGEN_VERSION} on ${LIBRARIES.map(installed).join(' ')}\n`);
  hashCode(code);
  for (const t of templates) code.update(`${t.path}\n${t.content}\n`);
  // where the snapshot and the output are does not change what is written
  const { snapshot: _snapshot, out: _out, file: _file, ...settings } = config;
  const parts = [
    `erpgen ${ERPGEN_VERSION} ${code.digest('hex')}`,
    `settings ${createHash('sha256').update(JSON.stringify(settings)).digest('hex')}`,
    ...inputs.map((i) => `input ${i.label} ${i.sha256}`),
  ];
  return { digest: createHash('sha256').update(parts.join('\n')).digest('hex'), parts };
}
