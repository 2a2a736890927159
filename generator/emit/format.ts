// Emitters print code the way prettier would, by construction. The one thing they do not imitate is how
// prettier breaks a line that is too long (very long server names): such rare files go through prettier.
import { PRETTIER_OPTIONS } from './ts-source.js';

const LONG_CODE_LINE = new RegExp(`^(?!\\s*(?://|/\\*\\*|\\*)).{${PRETTIER_OPTIONS.printWidth + 1},}$`, 'm');

/** True when a line of code (comments never wrap) is longer than the print width. */
export function needsFormatting(content: string): boolean {
  return LONG_CODE_LINE.test(content);
}

/** prettier is loaded only when a file needs it: it costs more to load than most runs spend emitting */
export async function format(content: string): Promise<string> {
  const prettier = await import('prettier');
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser: 'typescript' });
}
