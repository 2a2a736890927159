/**
 * A flat copy of a string, for strings kept for a whole run. A string cut from a parser's read block keeps
 * the 64 KiB block alive, and a concatenated one keeps its pieces: thousands of them add up.
 */
export function flat(text: string): string {
  return (' ' + text).slice(1);
}
