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

const LIBRARIES = ['stream-json', 'emoji-regex', 'get-east-asian-width', 'picomatch'];

/** `name@version` from a package.json, when it is that of the package `name`. */
function versionAt(file: string, name: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
  return pkg.name === name ? `${name}@${pkg.version}` : undefined;
}

/**
 * `name@version` of a library as installed beside erpgen: in the node_modules folder that node's resolution finds
 * first from this module (a walk up the folders, much cheaper than import.meta.resolve, which a run with nothing
 * to do feels); else from where it resolves (a loader of another layout, such as Yarn's Plug'n'Play).
 */
export function installed(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    const found = versionAt(join(dir, 'node_modules', name, 'package.json'), name);
    if (found) return found;
    if (dirname(dir) === dir) break;
  }
  try {
    const entry = fileURLToPath(import.meta.resolve(name));
    for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
      const found = versionAt(join(dir, 'package.json'), name);
      if (found) return found;
    }
  } catch {
    // not resolvable as itself (no main entry): the walk above is all there is
  }
  return `${name}@?`;
}

/**
 * erpgen's code: the files of the folder this module is in (dist/cli for the command line, whose bundle is all the
 * code it runs; dist/generator for the API, or the sources in a checkout). Not the declaration files beside the
 * built code, which change nothing a run does: half the files, read by every run.
 */
function hashCode(hash: Hash): void {
  const root = dirname(fileURLToPath(import.meta.url));
  const files = filesUnder(root).filter((f) => /\.[cm]?[jt]s$/.test(f) && !/\.d\.[cm]?ts$/.test(f));
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
