/**
 * A flat copy of a string, for strings kept for a whole run. A string cut from a parser's read block keeps
 * the 64 KiB block alive, and a concatenated one keeps its pieces: thousands of them add up. The copy is a string
 * of its own: `(' ' + text).slice(1)` was one too, but V8 makes a slice of 13 characters or more a view of the
 * string it is cut from (the copy with its space), which costs 32 bytes more per string kept: 8 MB over a 10x
 * tenant's paths and names. JSON.parse makes a new string of what it reads (lone surrogates included).
 */
export function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
