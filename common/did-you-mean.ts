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
 * The one candidate `typed` most likely meant: the same but for case (`packagename`), else the nearest by edits
 * within a third of its length (`custmer`, `--snapshots`), else the only one whose last part after `sep` it is
 * (`TABPAGE_1.order` for `order`), else the only one it begins (`gen` for `generate`). Undefined when none is
 * close, or two are equally close.
 */
export function nearest(typed: string, candidates: Iterable<string>, sep = '.'): string | undefined {
  const all = [...new Set(candidates)].filter((c) => c !== typed);
  const lower = typed.toLowerCase();
  const sameCase = all.filter((c) => c.toLowerCase() === lower);
  if (sameCase.length) return sameCase.length === 1 ? sameCase[0] : undefined;
  const limit = Math.max(1, Math.floor(typed.length / 3));
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const c of all) {
    // names much longer or shorter cannot be within the limit: skip the work
    if (Math.abs(c.length - typed.length) > limit) continue;
    const d = distance(lower, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [[c], d];
    else if (d === bestDistance) best.push(c);
  }
  if (best.length) return best.length === 1 ? best[0] : undefined;
  const last = lower.slice(lower.lastIndexOf(sep) + 1);
  const sameLast = all.filter((c) => c.toLowerCase().slice(c.lastIndexOf(sep) + 1) === last);
  if (sameLast.length) return sameLast.length === 1 ? sameLast[0] : undefined;
  const begun = typed.length >= 3 ? all.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return begun.length === 1 ? begun[0] : undefined;
}

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
