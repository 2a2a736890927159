// prettier's layout algorithm, reduced to the documents generated code needs: text, groups that print flat
// when they fit the rest of their line, indentation, line breaks, and prettier's conditional group. Lines are
// measured in display width, as prettier measures them (width.ts). The printer (printer.ts) builds the
// documents the way prettier builds them for the same syntax; this module only lays them out.
import { displayWidth } from './width.js';

export const PRINT_WIDTH = 120;

export type Doc =
  string | readonly Doc[] | Group | Indent | Line | IfBreak | IndentIfBreak | Conditional | Lines | Block | Made;
export interface Group {
  readonly kind: 'group';
  readonly contents: Doc;
  /** holds a hard line break: can never be flat */
  readonly broken: boolean;
  /** its mode is recorded for an `indentIfBreak` */
  readonly tracked?: boolean;
}
interface Indent {
  readonly kind: 'indent';
  readonly contents: Doc;
}
interface Line {
  readonly kind: 'line';
  /** soft: nothing when flat; hard: always a break; else a space when flat */
  readonly mode: 'line' | 'soft' | 'hard';
}
interface IfBreak {
  readonly kind: 'if-break';
  readonly broken: Doc;
  readonly flat: Doc;
}
/** indented when the given group broke */
interface IndentIfBreak {
  readonly kind: 'indent-if-break';
  readonly group: Group;
  readonly contents: Doc;
}
/**
 * prettier's conditional group: the first state that fits, else the last one broken. Hard breaks inside do
 * not break it (prettier does not propagate them through a conditional group).
 */
interface Conditional {
  readonly kind: 'conditional';
  readonly states: readonly Doc[];
}

/**
 * Lines of text, each on a line of its own one level deeper than the surrounding code: the same as
 * `indent([hardline, a, hardline, b, ...])`, for text the printer already knows needs no layout (most members
 * and entries of generated code), laid out without a command per piece.
 */
interface Lines {
  readonly kind: 'lines';
  readonly lines: readonly string[];
}

export const line: Line = { kind: 'line', mode: 'line' };
export const softline: Line = { kind: 'line', mode: 'soft' };
export const hardline: Line = { kind: 'line', mode: 'hard' };
export const indent = (contents: Doc): Indent => ({ kind: 'indent', contents });
export const ifBreak = (broken: Doc, flat: Doc = ''): IfBreak => ({ kind: 'if-break', broken, flat });
export const lines = (texts: readonly string[]): Lines => ({ kind: 'lines', lines: texts });

/**
 * Lines as `lines` lays them out, joined already (by `\n`; none empty): a listing of tens of thousands of entries
 * (a 10x tenant's catalog) is made a block at a time, so that its entries' strings die young instead of all living
 * until the module is laid out, and growing the heap by tens of MB.
 */
interface Block {
  readonly kind: 'block';
  readonly text: string;
  /** the last line, for the column after it */
  readonly last: string;
}

export function block(texts: readonly string[]): Block {
  const text = texts.join('\n');
  return { kind: 'block', text, last: text.slice(text.lastIndexOf('\n') + 1) };
}

/**
 * A document made a piece at a time as it is laid out: `next(from)` makes the piece that begins at `from` (and says
 * where the next begins), undefined after the last. Each piece begins on a line of its own. A listing of tens of
 * thousands of entries (a 10x tenant's catalog) made whole before its layout held all its blocks (megabytes, in
 * the old generation by the time they were laid out) through the printing of its module; made as laid out, one
 * block lives at a time.
 */
interface Made {
  readonly kind: 'made';
  readonly next: (from: number) => { readonly doc: Doc; readonly to: number } | undefined;
  readonly from: number;
}

export const made = (next: Made['next']): Made => ({ kind: 'made', next, from: 0 });

function breaks(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) return (doc as readonly Doc[]).some(breaks);
  const d = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (d.kind) {
    case 'group':
      return d.broken;
    case 'indent':
    case 'indent-if-break':
      return breaks(d.contents);
    case 'line':
      return d.mode === 'hard';
    case 'lines':
      return d.lines.length > 0;
    case 'block':
    case 'made':
      return true;
    case 'if-break':
      return false;
    case 'conditional':
      // the hard breaks of its first state still break the groups around it
      return breaks(d.states[0]!);
  }
}

/** A group breaks when it holds a hard break (prettier's propagated breaks), or when it does not fit. */
export const group = (contents: Doc, forceBreak = false): Group => ({
  kind: 'group',
  contents,
  broken: forceBreak || breaks(contents),
});

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) out.push(separator);
    out.push(d);
  });
  return out;
}

const BREAK = 0;
const FLAT = 1;
type Mode = typeof BREAK | typeof FLAT;

// The command stacks (indentation, mode, document) are three parallel arrays, reused: thousands of modules
// are laid out per run, and a tuple per command was most of the garbage.
const fitModes: Mode[] = [];
const fitDocs: Doc[] = [];

/**
 * prettier's `fits`: the document flat, then what follows it as it will be printed (the rest of the command
 * stack), up to the next possible line break, within the width left on the line.
 */
function fits(next: Doc, restModes: readonly Mode[], restDocs: readonly Doc[], width: number): boolean {
  let restIndex = restDocs.length;
  fitModes.length = 0;
  fitDocs.length = 0;
  fitModes.push(FLAT);
  fitDocs.push(next);
  while (width >= 0) {
    let mode: Mode;
    let doc: Doc;
    if (fitDocs.length) {
      mode = fitModes.pop()!;
      doc = fitDocs.pop()!;
    } else if (restIndex > 0) {
      restIndex--;
      mode = restModes[restIndex]!;
      doc = restDocs[restIndex]!;
    } else return true;
    if (typeof doc === 'string') {
      width -= displayWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) {
        fitModes.push(mode);
        fitDocs.push((doc as readonly Doc[])[i]!);
      }
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (d.kind) {
      case 'group':
        fitModes.push(d.broken ? BREAK : mode);
        fitDocs.push(d.contents);
        break;
      case 'conditional':
        fitModes.push(mode);
        fitDocs.push(mode === BREAK ? d.states[d.states.length - 1]! : d.states[0]!);
        break;
      case 'indent':
      case 'indent-if-break':
        fitModes.push(mode);
        fitDocs.push(d.contents);
        break;
      case 'if-break':
        fitModes.push(mode);
        fitDocs.push(mode === BREAK ? d.broken : d.flat);
        break;
      case 'line':
        if (mode === BREAK || d.mode === 'hard') return true;
        if (d.mode === 'line') width -= 1;
        break;
      case 'lines':
        if (d.lines.length) return true;
        break;
      case 'block':
      case 'made':
        return true;
    }
  }
  return false;
}

const SPACES: string[] = [];
const spaces = (n: number) => (SPACES[n] ??= ' '.repeat(n));

/** text laid out before it is given to `put` (layout): a block of a long listing is about twice that */
const PART = 1 << 16;

/**
 * prettier's `printDocToString`, for the documents above: the text, without a final newline. With `put`, the text
 * goes to it a part at a time as it is laid out (and '' is returned): a module of megabytes is never one string.
 */
export function layout(doc: Doc, put?: (part: string) => void): string {
  const width = PRINT_WIDTH;
  const indents: number[] = [0];
  const modes: Mode[] = [BREAK];
  const docs: Doc[] = [doc];
  const push = (indentation: number, mode: Mode, d: Doc) => {
    indents.push(indentation);
    modes.push(mode);
    docs.push(d);
  };
  const groupModes = new Map<Group, Mode>();
  let text = '';
  let column = 0;
  // the indentation of a new line is written with its first text, so that a blank line stays empty
  let pendingIndent = 0;
  let endsInSpace = false;
  while (docs.length) {
    // never after a space: a line's trailing spaces are taken off when it ends
    if (put && text.length >= PART && !endsInSpace) {
      put(text);
      text = '';
    }
    const indentation = indents.pop()!;
    const mode = modes.pop()!;
    const d = docs.pop()!;
    if (typeof d === 'string') {
      if (d === '') continue;
      if (pendingIndent) {
        text += spaces(pendingIndent);
        pendingIndent = 0;
      }
      text += d;
      column += displayWidth(d);
      endsInSpace = d.charCodeAt(d.length - 1) === 32;
      continue;
    }
    if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) push(indentation, mode, (d as readonly Doc[])[i]!);
      continue;
    }
    const c = d as Exclude<Doc, string | readonly Doc[]>;
    switch (c.kind) {
      case 'group': {
        const chosen = !c.broken && (mode === FLAT || fits(c.contents, modes, docs, width - column)) ? FLAT : BREAK;
        if (c.tracked) groupModes.set(c, chosen);
        push(indentation, chosen, c.contents);
        break;
      }
      case 'conditional': {
        if (mode === FLAT) {
          push(indentation, FLAT, c.states[0]!);
          break;
        }
        const last = c.states.length - 1;
        const state = c.states.findIndex((s, i) => i < last && fits(s, modes, docs, width - column));
        if (state < 0) push(indentation, BREAK, c.states[last]!);
        else push(indentation, FLAT, c.states[state]!);
        break;
      }
      case 'indent':
        push(indentation + 2, mode, c.contents);
        break;
      case 'indent-if-break':
        push(indentation + (groupModes.get(c.group) === BREAK ? 2 : 0), mode, c.contents);
        break;
      case 'if-break':
        push(indentation, mode, mode === BREAK ? c.broken : c.flat);
        break;
      case 'line':
        if (mode === FLAT && c.mode !== 'hard') {
          if (c.mode === 'line') {
            text += ' ';
            column += 1;
            endsInSpace = true;
          }
          break;
        }
        // no trailing spaces (rare: reading the end of the text would flatten it)
        if (endsInSpace) text = text.replace(/ +$/, '');
        endsInSpace = false;
        text += '\n';
        pendingIndent = indentation;
        column = indentation;
        break;
      case 'lines': {
        if (!c.lines.length) break;
        if (endsInSpace) text = text.replace(/ +$/, '');
        const prefix = `\n${spaces(indentation + 2)}`;
        // joined in one piece (a listing of 70,000 entries would otherwise be twice as many pieces to concatenate)
        if (!c.lines.includes('')) text += prefix + c.lines.join(prefix);
        else for (const l of c.lines) text += l === '' ? '\n' : prefix + l;
        const last = c.lines[c.lines.length - 1]!;
        column = indentation + 2 + displayWidth(last);
        endsInSpace = last.charCodeAt(last.length - 1) === 32;
        pendingIndent = 0;
        break;
      }
      case 'block': {
        if (endsInSpace) text = text.replace(/ +$/, '');
        const prefix = `\n${spaces(indentation + 2)}`;
        text += prefix + c.text.replaceAll('\n', prefix);
        column = indentation + 2 + displayWidth(c.last);
        endsInSpace = c.last.charCodeAt(c.last.length - 1) === 32;
        pendingIndent = 0;
        break;
      }
      case 'made': {
        const piece = c.next(c.from);
        if (!piece) break;
        push(indentation, mode, { ...c, from: piece.to });
        push(indentation, mode, piece.doc);
        break;
      }
    }
  }
  if (!put) return text;
  put(text);
  return '';
}

/** `contents`, indented when `group` broke (prettier's `indentIfBreak`) */
export const indentIfBreak = (group: Group, contents: Doc): IndentIfBreak => ({
  kind: 'indent-if-break',
  group,
  contents,
});

/** the first of `states` that fits, else the last one broken (prettier's `conditionalGroup`) */
export const conditional = (states: readonly Doc[]): Conditional => ({ kind: 'conditional', states });
