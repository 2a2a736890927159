// The display width of a piece of code, measured exactly as prettier 3 measures it (`getStringWidth`, in
// prettier's src/utilities/get-string-width.js), so that a line the printer says fits is a line
// `prettier --check` accepts. With the same two tables prettier bundles (emoji-regex 11, get-east-asian-width):
// - text of printable ASCII only: its length;
// - an emoji (a whole sequence: ZWJ families, keycaps, flags) is 2 columns, except the few prettier lists as
//   narrow (its narrow-emojis table, copied below);
// - C0 and C1 control characters are 0, and so are combining and enclosing marks;
// - East Asian Wide and Fullwidth characters are 2; anything else is 1 (ambiguous ones too). An astral
//   character counts once, not once per UTF-16 unit.
// test/generator/emit/width.test.ts holds this against prettier's own function.
import { createRequire } from 'node:module';

const NOT_ASCII = /[^\x20-\x7F]/;
const ZERO_WIDTH_MARK = /[\p{Nonspacing_Mark}\p{Enclosing_Mark}]/u;

/**
 * The two tables, loaded at the first text that is not printable ASCII: most tenants' names and descriptions are
 * ASCII, and loading the tables (ESM builds, required as require(esm) allows from Node 20.19) cost a small run
 * about 8 ms.
 */
let tables: { readonly emoji: RegExp; readonly eastAsianWidth: (codePoint: number) => number } | undefined;
function widthTables(): NonNullable<typeof tables> {
  if (tables) return tables;
  const load = createRequire(import.meta.url);
  const emojiRegex = (load('emoji-regex') as typeof import('emoji-regex')).default;
  const { eastAsianWidth } = load('get-east-asian-width') as typeof import('get-east-asian-width');
  return (tables = { emoji: emojiRegex(), eastAsianWidth });
}
const NARROW_EMOJI =
  /^(?:[\xA9\xAE\u203C\u2049\u2122\u2139\u2194-\u2199\u21A9\u21AA\u2328\u23CF\u23ED-\u23EF\u23F1\u23F2\u23F8-\u23FA\u24C2\u25AA\u25AB\u25B6\u25C0\u25FB\u25FC\u2600-\u2604\u260E\u2611\u2618\u2620\u2622\u2623\u2626\u262A\u262E\u262F\u2638-\u263A\u2640\u2642\u265F\u2660\u2663\u2665\u2666\u2668\u267B\u267E\u2692\u2694-\u2697\u2699\u269B\u269C\u26A0\u26A7\u26B0\u26B1\u26C8\u26CF\u26D1\u26D3\u26E9\u26F0\u26F1\u26F4\u26F7\u26F8\u2702\u2708\u2709\u270F\u2712\u2714\u2716\u271D\u2721\u2733\u2734\u2744\u2747\u2763\u2764\u27A1\u2934\u2935\u2B05-\u2B07]|\uD83C[\uDD70\uDD71\uDD7E\uDD7F\uDF21\uDF24-\uDF2C\uDF36\uDF7D\uDF96\uDF97\uDF99-\uDF9B\uDF9E\uDF9F\uDFCD\uDFCE\uDFD4-\uDFDF\uDFF3\uDFF5\uDFF7]|\uD83D[\uDC3F\uDC41\uDCFD\uDD49\uDD4A\uDD6F\uDD70\uDD73\uDD76-\uDD79\uDD87\uDD8A-\uDD8D\uDDA5\uDDA8\uDDB1\uDDB2\uDDBC\uDDC2-\uDDC4\uDDD1-\uDDD3\uDDDC-\uDDDE\uDDE1\uDDE3\uDDE8\uDDEF\uDDF3\uDDFA\uDECB\uDECD-\uDECF\uDEE0-\uDEE5\uDEE9\uDEF0\uDEF3])$/;

export function displayWidth(text: string): number {
  if (!NOT_ASCII.test(text)) return text.length;
  const { emoji: EMOJI, eastAsianWidth } = widthTables();
  let width = 0;
  const rest = text.replace(EMOJI, (emoji) => {
    width += NARROW_EMOJI.test(emoji) ? 1 : 2;
    return '';
  });
  for (const character of rest) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f)) continue;
    if (ZERO_WIDTH_MARK.test(character)) continue;
    width += eastAsianWidth(codePoint);
  }
  return width;
}
