// Which objects a package holds: the config's include/exclude globs over object names, minus the objects
// the service cannot serve. Pure: names in, decisions out.
import picomatch from 'picomatch';
import type { Omission } from './plan.js';

/** Objects the service lists but cannot serve, and where their data is read instead. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  bin: 'unreachable on both surfaces (the server answers a raw web-server 404 page); read inv_loc.primary_bin or the bin_ud extension table',
};

export interface Selection {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly includeUnreachable: boolean;
}

export type Decision = { readonly generate: true } | { readonly generate: false; readonly omission: Omission };

// shared by every excluded object: thousands of them need not each hold a copy
const EXCLUDED: Omission = { reason: 'excluded', note: 'not selected by include/exclude' };

// Object names are not paths: a `/` in a name is an ordinary character, which picomatch's `*` would not cross, and
// `.` and `..` are names that `*` would not match. Both characters become private-use ones, in names and patterns alike.
const SLASH = '\uE000';
const DOT = '\uE001';
const unslash = (text: string) => text.split('/').join(SLASH).split('.').join(DOT);

export function selector(selection: Selection): (name: string) => Decision {
  const options = { dot: true };
  const included = picomatch(selection.include.map(unslash), options);
  const excluded = selection.exclude.length ? picomatch(selection.exclude.map(unslash), options) : () => false;
  return (original) => {
    const name = unslash(original);
    if (!included(name) || excluded(name)) return { generate: false, omission: EXCLUDED };
    const why = Object.hasOwn(UNREACHABLE, original) ? UNREACHABLE[original] : undefined;
    if (why && !selection.includeUnreachable)
      return { generate: false, omission: { reason: 'unreachable', note: why } };
    return { generate: true };
  };
}

/**
 * The patterns of a selection that select nothing: an include pattern that matches no object (an error: a typo,
 * or a snapshot without the object), and an exclude pattern that matches none (a warning: a rule that no longer
 * applies). Each pattern is tried alone, on the names as `selector` sees them.
 */
export function unmatchedPatterns(
  selection: Selection,
  names: readonly string[],
): { readonly include: string[]; readonly exclude: string[] } {
  let unslashed: Set<string> | undefined;
  const unmatched = (patterns: readonly string[]) =>
    patterns.filter((pattern) => {
      const all = (unslashed ??= new Set(names.map(unslash)));
      const glob = unslash(pattern);
      // a plain name (most lists are of names) is looked up; only a glob is tried on every name
      if (!picomatch.scan(glob).isGlob && !glob.includes('\\')) return !all.has(glob);
      const matches = picomatch(glob, { dot: true });
      for (const name of all) if (matches(name)) return false;
      return true;
    });
  return { include: unmatched(selection.include), exclude: unmatched(selection.exclude) };
}
