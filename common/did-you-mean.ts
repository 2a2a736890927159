// The name meant, for a mistake in a name the user typed (a command, a flag, a config key, an object in `include`, a
// folder, a service, element or field of the definitions overlay): ` (did you mean X?)` when exactly one candidate
// is close, as the compile errors of the generated package say it for a column or a field
// (templates/runtime/messages.ts). Also `erpgen diff`'s possible renames, and the sandbox's names of its window
// setup (`--disabled`). Hints only: never used to pick a name. In common/, which the generator and the sandbox
// both import and the generated package does not ship.

/** Edits from `a` to `b`: a character added, left out or replaced, or two neighbours swapped (Damerau). */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

/**
 * The one candidate `typed` most likely meant. The candidates are ranked by how close they are, and the first rank
 * that holds any decides, when it holds one (two as close: none): the same but for case (`packagename`), the nearest by edits within a third of
 * its length (`custmer`, `--snapshots`), the one it abbreviates (its characters in order from the first, at least
 * three of them: `gen` for `generate`, `unit_qty` for `unit_quantity`), the one with the same last part after
 * `sep` (`TABPAGE_1.order` for `order`), the one with the same first part (`po_no` for `po_number`). So a shared
 * word does not beat a name that holds all of what was typed. The compile errors of the generated package rank
 * names the same way (templates/runtime/messages.ts). Undefined when no candidate is close, or two are as close.
 */
export function nearest(typed: string, candidates: Iterable<string>, sep = '.'): string | undefined {
  const all = [...new Set(candidates)].filter((c) => c !== typed);
  const lower = typed.toLowerCase();
  const ranks: Array<() => string[]> = [
    () => all.filter((c) => c.toLowerCase() === lower),
    () => nearestByEdits(lower, all),
    () => (typed.length >= 3 ? all.filter((c) => abbreviates(lower, c.toLowerCase())) : []),
    () => all.filter((c) => lastPart(c.toLowerCase(), sep) === lastPart(lower, sep)),
    () => (lower.includes(sep) ? all.filter((c) => firstPart(c.toLowerCase(), sep) === firstPart(lower, sep)) : []),
  ];
  for (const rank of ranks) {
    const names = rank();
    if (names.length) return names.length === 1 ? names[0] : undefined;
  }
  return undefined;
}

/** The candidates fewest edits from `lower` (lower case), within a third of its length. */
function nearestByEdits(lower: string, all: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(lower.length / 3));
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const c of all) {
    // names much longer or shorter cannot be within the limit: skip the work
    if (Math.abs(c.length - lower.length) > limit) continue;
    const d = distance(lower, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [[c], d];
    else if (d === bestDistance) best.push(c);
  }
  return best;
}

/** Whether `short`'s characters are in `name` in the same order, the first at the start. */
function abbreviates(short: string, name: string): boolean {
  if (short[0] !== name[0]) return false;
  let at = 0;
  for (const char of short) {
    at = name.indexOf(char, at);
    if (at < 0) return false;
    at += char.length;
  }
  return true;
}

const lastPart = (name: string, sep: string) => name.slice(name.lastIndexOf(sep) + 1);
const firstPart = (name: string, sep: string) => (name.includes(sep) ? name.slice(0, name.indexOf(sep)) : undefined);

/** ` (did you mean X?)` with the nearest candidate shown by `show`, or '' when none is close. */
export function didYouMean(
  typed: string,
  candidates: Iterable<string>,
  show: (name: string) => string = (n) => n,
  sep = '.',
): string {
  const meant = nearest(typed, candidates, sep);
  return meant === undefined ? '' : ` (did you mean ${show(meant)}?)`;
}
