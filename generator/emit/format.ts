// Emitters print code the way prettier would, by construction. The one thing they do not imitate is how
// prettier breaks a line that is too long (very long server names): such rare files go through prettier.
import { PRETTIER_OPTIONS } from './ts-source.js';

/** True when a line of code (comments never wrap) is longer than the print width. */
export function needsFormatting(content: string): boolean {
  const width = PRETTIER_OPTIONS.printWidth;
  for (let start = 0; start < content.length;) {
    let end = content.indexOf('\n', start);
    if (end < 0) end = content.length;
    if (end - start > width && !/^\s*(\/\/|\/\*\*|\*)/.test(content.slice(start, start + 8))) return true;
    start = end + 1;
  }
  return false;
}

/** prettier is loaded only when a file needs it: it costs more to load than most runs spend emitting */
export async function format(content: string): Promise<string> {
  const prettier = await import('prettier');
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser: 'typescript' });
}
