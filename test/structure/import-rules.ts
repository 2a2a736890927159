// The house's import rules, in one place (imports.test.ts checks them; import-graph.ts reads the imports). A
// type-only import (`import type`, `export type ... from`) is allowed everywhere but where a rule says otherwise:
// it is erased, so it loads nothing. A lazy `import()` counts: it still ties the two modules together.

/** The folders whose files are checked, from the repository's root. */
export const CHECKED = ['common', 'generator', 'sandbox', 'templates/runtime'] as const;

/**
 * generate's stages, in the order data flows (source -> parse -> model -> emit -> write; families/ describes what
 * each client family reads and emits, between the model and the emitters). A stage imports its own and earlier
 * stages, never a later one.
 */
const STAGES = [
  'generator/source/',
  'generator/parse/',
  'generator/model/',
  'generator/families/',
  'generator/emit/',
  'generator/write/',
] as const;

export interface Rule {
  readonly name: string;
  /** why, as the failure says it */
  readonly why: string;
  /** whether an import `from` -> `to` (paths from the root) breaks the rule */
  breaks(from: string, to: string): boolean;
  /** a type-only import breaks it too (the runtime is copied alone into every package: even its types must be there) */
  readonly typesToo?: boolean;
}

const stage = (path: string): number => STAGES.findIndex((folder) => path.startsWith(folder));
const under = (path: string, ...folders: readonly string[]): boolean => folders.some((f) => path.startsWith(f));

/** what runs generate's stages, or is a pipeline or command of its own: no stage imports them */
const ABOVE_THE_STAGES = [
  'generator/commands/',
  'generator/options/',
  'generator/fetch/',
  'generator/diff/',
  'generator/bin.ts',
  'generator/cli.ts',
  'generator/index.ts',
  'generator/generate-package.ts',
  'generator/stages.ts',
];

export const RULES: readonly Rule[] = [
  {
    name: 'stages flow one way',
    why: 'a stage of generate imports only its own and earlier stages (source -> parse -> model -> families -> emit -> write)',
    breaks: (from, to) => stage(from) >= 0 && stage(to) > stage(from),
  },
  {
    name: 'stages are below the commands',
    why: "a stage of generate never imports a command, another pipeline (fetch/, diff/) or generate's orchestrator",
    breaks: (from, to) => stage(from) >= 0 && under(to, ...ABOVE_THE_STAGES),
  },
  {
    name: 'fetch is a pipeline of its own',
    why: "only `erpgen fetch` (commands/fetch.ts) loads generator/fetch/: the option tables and generate's inputs do not",
    breaks: (from, to) =>
      under(to, 'generator/fetch/') && !under(from, 'generator/fetch/', 'generator/commands/fetch.ts'),
  },
  {
    name: 'the runtime stands alone',
    why: 'templates/runtime/ is copied alone into every generated package: it imports nothing outside itself',
    breaks: (from, to) => under(from, 'templates/runtime/') && !under(to, 'templates/runtime/'),
    typesToo: true,
  },
  {
    name: 'the sandbox has its own reader',
    why: "the sandbox reads snapshots with its own reader, so that a generator bug cannot agree with itself: it imports nothing of generator/ (what it shares with the generator is the runtime's, or common/'s)",
    breaks: (from, to) => under(from, 'sandbox/') && under(to, 'generator/'),
  },
  {
    name: 'common is a leaf',
    why: 'common/ is what the generator and the sandbox share and the package does not ship: it imports neither',
    breaks: (from, to) => under(from, 'common/') && !under(to, 'common/'),
  },
];

/**
 * Known breaks, each to be fixed: an entry is `from -> to` for an import, or a cycle's members joined by ' ' (as
 * the failure prints them). The check also fails on an entry that no longer breaks anything, so that this list
 * only shrinks.
 */
export const ALLOWED: readonly string[] = [];
