// The name that was probably meant, for messages and hints: `erpgen diff`'s possible renames and the "did you
// mean" of a name in erpgen.config.json that the snapshot does not have. Hints only: never used to pick a name.

/** Edit distance of two short names (Levenshtein). */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The one name of `names` that `name` is probably a slip for, as the compile-time messages choose it
 * (templates/runtime/messages.ts): the same but for case; else the closest within a third of its length (at least
 * one edit), when no other is as close; else the only one with the same last part after `sep` (`TABPAGE_1.order`
 * for `order`). Undefined when none is, or several are.
 */
export function nearestName(name: string, names: Iterable<string>, sep = '.'): string | undefined {
  const all = [...names];
  const lower = name.toLowerCase();
  const sameCase = all.filter((n) => n.toLowerCase() === lower && n !== name);
  if (sameCase.length) return sameCase.length === 1 ? sameCase[0] : undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const n of all) {
    // names much longer or shorter cannot be within the limit: skip the work
    if (Math.abs(n.length - name.length) > limit) continue;
    const d = distance(lower, n.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [[n], d];
    else if (d === bestDistance) best.push(n);
  }
  if (best.length) return best.length === 1 ? best[0] : undefined;
  const last = lower.slice(lower.lastIndexOf(sep) + 1);
  const sameLast = all.filter((n) => n.toLowerCase().slice(n.lastIndexOf(sep) + 1) === last);
  return sameLast.length === 1 ? sameLast[0] : undefined;
}

/** ` (did you mean X?)` with the nearest name shown by `show`, or '' when there is none. */
export function didYouMean(name: string, names: Iterable<string>, show: (name: string) => string, sep = '.'): string {
  const near = nearestName(name, names, sep);
  return near === undefined ? '' : ` (did you mean ${show(near)}?)`;
}
