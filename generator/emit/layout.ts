// prettier's layout algorithm, reduced to the documents generated code needs: text, groups that print flat
// when they fit the rest of their line, indentation, line breaks, and prettier's conditional group. Lines are
// measured in display width, as prettier measures them (width.ts). The printer (printer.ts) builds the
// documents the way prettier builds them for the same syntax; this module only lays them out.
import { displayWidth } from './width.js';

export const PRINT_WIDTH = 120;

export type Doc = string | readonly Doc[] | Group | Indent | Line | IfBreak | IndentIfBreak | Conditional;
export interface Group {
  readonly kind: 'group';
  readonly contents: Doc;
  /** holds a hard line break: can never be flat */
  readonly broken: boolean;
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

export const line: Line = { kind: 'line', mode: 'line' };
export const softline: Line = { kind: 'line', mode: 'soft' };
export const hardline: Line = { kind: 'line', mode: 'hard' };
export const indent = (contents: Doc): Indent => ({ kind: 'indent', contents });
export const ifBreak = (broken: Doc, flat: Doc = ''): IfBreak => ({ kind: 'if-break', broken, flat });

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
type Command = readonly [indentation: number, mode: Mode, doc: Doc];

/**
 * prettier's `fits`: the group's contents flat, then what follows it as it will be printed, up to the next
 * possible line break, within the width left on the line.
 */
function fits(next: Command, rest: readonly Command[], width: number): boolean {
  let restIndex = rest.length;
  const commands: Command[] = [next];
  while (width >= 0) {
    const command = commands.pop() ?? (restIndex > 0 ? rest[--restIndex] : undefined);
    if (command === undefined) return true;
    const [indentation, mode, doc] = command;
    if (typeof doc === 'string') {
      width -= displayWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) commands.push([indentation, mode, (doc as readonly Doc[])[i]!]);
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (d.kind) {
      case 'group':
        commands.push([indentation, d.broken ? BREAK : mode, d.contents]);
        break;
      case 'conditional':
        commands.push([indentation, mode, mode === BREAK ? d.states[d.states.length - 1]! : d.states[0]!]);
        break;
      case 'indent':
      case 'indent-if-break':
        commands.push([indentation, mode, d.contents]);
        break;
      case 'if-break':
        commands.push([indentation, mode, mode === BREAK ? d.broken : d.flat]);
        break;
      case 'line':
        if (mode === BREAK || d.mode === 'hard') return true;
        if (d.mode === 'line') width -= 1;
        break;
    }
  }
  return false;
}

/** prettier's `printDocToString`, for the documents above: the text, without a final newline. */
export function layout(doc: Doc): string {
  const width = PRINT_WIDTH;
  const out: string[] = [];
  const groupModes = new Map<Group, Mode>();
  let column = 0;
  const commands: Command[] = [[0, BREAK, doc]];
  for (let command = commands.pop(); command !== undefined; command = commands.pop()) {
    const [indentation, mode, doc] = command;
    if (typeof doc === 'string') {
      out.push(doc);
      column += displayWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) commands.push([indentation, mode, (doc as readonly Doc[])[i]!]);
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (d.kind) {
      case 'group': {
        const flat: Command = [indentation, FLAT, d.contents];
        const chosen: Command =
          !d.broken && (mode === FLAT || fits(flat, commands, width - column))
            ? flat
            : [indentation, BREAK, d.contents];
        groupModes.set(d, chosen[1]);
        commands.push(chosen);
        break;
      }
      case 'conditional': {
        if (mode === FLAT) {
          commands.push([indentation, FLAT, d.states[0]!]);
          break;
        }
        const state = d.states.find(
          (s, i) => i < d.states.length - 1 && fits([indentation, FLAT, s], commands, width - column),
        );
        commands.push(
          state === undefined ? [indentation, BREAK, d.states[d.states.length - 1]!] : [indentation, FLAT, state],
        );
        break;
      }
      case 'indent':
        commands.push([indentation + 2, mode, d.contents]);
        break;
      case 'indent-if-break':
        commands.push([indentation + (groupModes.get(d.group) === BREAK ? 2 : 0), mode, d.contents]);
        break;
      case 'if-break':
        commands.push([indentation, mode, mode === BREAK ? d.broken : d.flat]);
        break;
      case 'line':
        if (mode === FLAT && d.mode !== 'hard') {
          if (d.mode === 'line') {
            out.push(' ');
            column += 1;
          }
          break;
        }
        // no trailing spaces: a blank line is empty
        while (out.length && / +$/.test(out[out.length - 1]!)) {
          const trimmed = out.pop()!.replace(/ +$/, '');
          if (trimmed) {
            out.push(trimmed);
            break;
          }
        }
        out.push('\n', ' '.repeat(indentation));
        column = indentation;
        break;
    }
  }
  return out.join('');
}

/** `contents`, indented when `group` broke (prettier's `indentIfBreak`) */
export const indentIfBreak = (group: Group, contents: Doc): IndentIfBreak => ({
  kind: 'indent-if-break',
  group,
  contents,
});

/** the first of `states` that fits, else the last one broken (prettier's `conditionalGroup`) */
export const conditional = (states: readonly Doc[]): Conditional => ({ kind: 'conditional', states });
