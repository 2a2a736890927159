// Emitters print code the way prettier would, by construction. The one thing they do not imitate is how
// prettier breaks a line that is too long (very long server names): such rare files go through prettier.
import { PRETTIER_OPTIONS } from './ts-source.js';

/** True when a line of code (comments never wrap) is longer than the print width. */
export function needsFormatting(content: string): boolean {
  const width = PRETTIER_OPTIONS.printWidth;
  for (let start = 0; start < content.length;) {
    let end = content.indexOf('\n', start);
    if (end < 0) end = content.length;
    if (end - start > width && !isCommentLine(content, start)) return true;
    start = end + 1;
  }
  return false;
}

/** `//`, `/**` or ` * ` after the indentation: comment lines, which prettier never wraps */
function isCommentLine(content: string, start: number): boolean {
  let i = start;
  while (content.charCodeAt(i) === 32) i++;
  const c = content.charCodeAt(i);
  return (
    c === 42 /* * */ || (c === 47 /* / */ && (content.charCodeAt(i + 1) === 47 || content.charCodeAt(i + 1) === 42))
  );
}

/** prettier is loaded only when a file needs it: it costs more to load than most runs spend emitting */
export async function format(content: string): Promise<string> {
  const prettier = await import('prettier');
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser: 'typescript' });
}
