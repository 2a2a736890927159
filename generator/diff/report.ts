// `erpgen diff`'s three outputs: for people (grouped by table, view and service; colour only on a terminal
// that wants it), JSON for tools, and Markdown for a pull request comment. Each rule's reason is stated once.
import { named, oneLine } from '../message-text.js';
import type { Change } from './compare.js';
import { describe, describeInGroup, groupTitle, type Namer } from './describe.js';
import type { ProjectResult, Use } from './project-map.js';
import { RULES, levelOf, type RuleId } from './rules.js';
import type { SnapshotDiff } from './snapshots.js';

export interface ReportInput {
  readonly before: string;
  readonly after: string;
  readonly diff: SnapshotDiff;
  readonly project?: ProjectResult;
}

function counts(changes: readonly Change[]): { breaking: number; nonBreaking: number } {
  const breaking = changes.filter((c) => levelOf(c.rule) === 'breaking').length;
  return { breaking, nonBreaking: changes.length - breaking };
}

function summary(changes: readonly Change[]): string {
  if (changes.length === 0) return 'no changes';
  const { breaking, nonBreaking } = counts(changes);
  const s = (n: number) => (n === 1 ? '' : 's');
  return `${breaking} breaking change${s(breaking)}, ${nonBreaking} non-breaking`;
}

function builds(diff: SnapshotDiff): string {
  const { before, after } = diff.builds;
  if (!before && !after) return '';
  return before === after
    ? ` (server build ${before})`
    : ` (server build ${before ?? 'unknown'} -> ${after ?? 'unknown'})`;
}

function usedRules(changes: readonly Change[]): RuleId[] {
  return [...new Set(changes.map((c) => c.rule))].sort();
}

/** Consecutive changes of one group (the changes are in report order). */
function groups(changes: readonly Change[], name: Namer): Array<[string, Change[]]> {
  const out: Array<[string, Change[]]> = [];
  for (const c of changes) {
    const title = groupTitle(c.subject, name);
    if (out.length && out[out.length - 1]![0] === title) out[out.length - 1]![1].push(c);
    else out.push([title, [c]]);
  }
  return out;
}

function placeText(use: Use): string {
  return `${use.file}:${use.line}`;
}

// --- text -------------------------------------------------------------------------------------------------

export interface Colours {
  readonly red: (s: string) => string;
  readonly green: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
}

const PLAIN: Colours = { red: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };
const ANSI: Colours = {
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  green: (s) => `\x1b[32m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
};

/** Colour on a terminal, unless NO_COLOR says otherwise (https://no-color.org: set and not empty). */
export function colours(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colours {
  return stream.isTTY && !env['NO_COLOR'] ? ANSI : PLAIN;
}

const textName: Namer = Object.assign((n: string) => named(n), { text: (t: string) => t });

/** A part of a line: text as it is, or text in a colour. */
type Part = string | { readonly colour: keyof Colours; readonly text: string };
/** A line of the text report: plain, or in parts, each escaped before its colour is put around it. */
type Line = string | readonly Part[];

const inColour =
  (colour: keyof Colours) =>
  (text: string): Part => ({ colour, text });
const red = inColour('red');
const green = inColour('green');
const dim = inColour('dim');
const bold = inColour('bold');

/**
 * The lines as shown: every part escaped (names from the input are escaped by `named`; a note or hint can hold any
 * text: no line leaves unescaped), then coloured, so that the colours' own escape sequences are not escaped too.
 */
function render(lines: readonly Line[], paint: Colours): string {
  const shown = lines.map((line) => {
    if (typeof line === 'string') return oneLine(line);
    const parts = line.map((part) =>
      typeof part === 'string' ? { text: oneLine(part) } : { ...part, text: oneLine(part.text) },
    );
    const whole = oneLine(line.map((part) => (typeof part === 'string' ? part : part.text)).join(''));
    // a line cut short (MESSAGE_MAX) is shown plain, as its colours would be cut with it
    if (whole !== parts.map((part) => part.text).join('')) return whole;
    return parts.map((part) => ('colour' in part ? paint[part.colour](part.text) : part.text)).join('');
  });
  return shown.join('\n') + '\n';
}

export function textReport(input: ReportInput, paint: Colours = PLAIN): string {
  const { diff } = input;
  const lines: Line[] = [];
  const level = (c: Change) => (levelOf(c.rule) === 'breaking' ? red('breaking    ') : green('non-breaking'));
  lines.push(`erpgen diff: ${input.before} -> ${input.after}${builds(diff)}: ${summary(diff.changes)}`);
  for (const [title, changes] of groups(diff.changes, textName)) {
    lines.push('', [bold(title)]);
    for (const c of changes) lines.push(['  ', level(c), `  ${describeInGroup(c, textName)}  `, dim(`[${c.rule}]`)]);
  }
  if (input.project) lines.push('', ...projectText(input.project, diff.changes));
  const rules = usedRules(diff.changes);
  if (rules.length) {
    lines.push('', [bold('Rules')]);
    for (const r of rules) lines.push(`  ${r} (${RULES[r].level}): ${RULES[r].reason}`);
  }
  return render(lines, paint);
}

function projectText(project: ProjectResult, changes: readonly Change[]): Line[] {
  const lines: Line[] = [
    [bold(`Your code: ${project.tsconfig} (${project.compiler}) against the package the new snapshot gives`)],
    `  ${project.newErrors} new compile error${project.newErrors === 1 ? '' : 's'} (${project.oldErrors} with the old package already, left out); ${project.used.length} of the changes used by your code`,
  ];
  for (const u of project.used) {
    const c = changes[u.change]!;
    const colour = levelOf(c.rule) === 'breaking' ? red : green;
    lines.push(['  ', colour(describe(c, textName))]);
    for (const use of u.uses)
      lines.push(`    ${placeText(use)}  ${use.error ? `error ${use.error.code}: ${use.error.message}` : use.how}`);
  }
  if (project.untraced.length) {
    lines.push([bold('  New compile errors not traced to a change:')]);
    for (const e of project.untraced) lines.push(`    ${e.file}:${e.line}  error ${e.code}: ${e.message}`);
  }
  const { breaking, others } = unusedOf(project, changes);
  if (breaking.length + others > 0) {
    lines.push([bold(`  Changes no code of yours uses: ${unusedText(breaking.length, others)}`)]);
    for (const c of breaking) lines.push(`    ${describe(c, textName)}`);
  }
  return lines;
}

/** The changes no code uses: the breaking ones by name (listed above too, but these are safe for this code), the rest counted. */
function unusedOf(project: ProjectResult, changes: readonly Change[]): { breaking: Change[]; others: number } {
  const unused = project.unused.map((i) => changes[i]!);
  const breaking = unused.filter((c) => levelOf(c.rule) === 'breaking');
  return { breaking, others: unused.length - breaking.length };
}

function unusedText(breaking: number, others: number): string {
  return `${breaking} breaking${breaking ? ' (below)' : ''}, ${others} non-breaking`;
}

// --- JSON -------------------------------------------------------------------------------------------------

const rawName: Namer = (n) => n;

export function jsonReport(input: ReportInput): string {
  const { diff, project } = input;
  const rules = usedRules(diff.changes);
  return `${JSON.stringify(
    {
      old: { source: input.before, build: diff.builds.before },
      new: { source: input.after, build: diff.builds.after },
      summary: counts(diff.changes),
      changes: diff.changes.map((c) => ({
        rule: c.rule,
        level: levelOf(c.rule),
        subject: c.subject,
        ...(c.from !== undefined ? { from: c.from } : {}),
        ...(c.to !== undefined ? { to: c.to } : {}),
        ...(c.note !== undefined ? { note: c.note } : {}),
        ...(c.hint !== undefined ? { hint: c.hint } : {}),
        ...(c.via !== undefined ? { via: c.via } : {}),
        message: describe(c, rawName),
      })),
      rules: Object.fromEntries(rules.map((r) => [r, RULES[r]])),
      ...(project
        ? {
            project: {
              tsconfig: project.tsconfig,
              compiler: project.compiler,
              oldErrors: project.oldErrors,
              newErrors: project.newErrors,
              used: project.used.map((u) => ({ change: u.change, uses: u.uses })),
              untraced: project.untraced,
              unused: project.unused,
            },
          }
        : {}),
    },
    null,
    2,
  )}\n`;
}

// --- Markdown ---------------------------------------------------------------------------------------------

/** at most this many rows: a pull request comment holds 65,536 characters */
const MARKDOWN_ROWS = 200;

/** Text safe in a Markdown table cell: no HTML, no table or emphasis syntax, one line. */
function mdText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** Text as a code span: in a table cell, `|` must be escaped even there. */
function mdCode(text: string, inTable = true): string {
  const shown = inTable ? oneLine(text).replace(/\|/g, '\\|') : oneLine(text);
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
}

/** A name as a code span in a table cell. */
const mdName: Namer = Object.assign((n: string) => mdCode(n), { text: mdText });

export function markdownReport(input: ReportInput): string {
  const { diff, project } = input;
  const { breaking, nonBreaking } = counts(diff.changes);
  const lines = [
    `### erpgen diff: ${diff.changes.length === 0 ? 'no changes' : `${breaking} breaking, ${nonBreaking} non-breaking`}`,
    '',
    `${mdName(input.before)} -> ${mdName(input.after)}${mdText(builds(diff))}`,
  ];
  if (diff.changes.length) {
    lines.push('', '| level | where | change | rule |', '| --- | --- | --- | --- |');
    for (const c of diff.changes.slice(0, MARKDOWN_ROWS))
      lines.push(
        `| ${levelOf(c.rule) === 'breaking' ? '**breaking**' : 'non-breaking'} | ${groupTitle(c.subject, mdName)} | ${describeInGroup(c, mdName)} | \`${c.rule}\` |`,
      );
    if (diff.changes.length > MARKDOWN_ROWS)
      lines.push(
        '',
        `... and ${diff.changes.length - MARKDOWN_ROWS} more (\`erpgen diff --format json\` lists them all).`,
      );
  }
  if (project) {
    lines.push(
      '',
      `#### Your code: ${mdName(project.tsconfig)} (${mdText(project.compiler)})`,
      '',
      `${project.newErrors} new compile error${project.newErrors === 1 ? '' : 's'}; ${project.used.length} of the changes used by your code.`,
    );
    for (const u of project.used) {
      lines.push('', `- ${describe(diff.changes[u.change]!, mdName)}`);
      for (const use of u.uses)
        lines.push(
          `  - ${mdCode(placeText(use), false)} ${use.error ? `error ${use.error.code}: ${mdCode(use.error.message, false)}` : use.how}`,
        );
    }
    if (project.untraced.length) {
      lines.push('', 'New compile errors not traced to a change:', '');
      for (const e of project.untraced)
        lines.push(`- ${mdCode(`${e.file}:${e.line}`, false)} error ${e.code}: ${mdCode(e.message, false)}`);
    }
    const { breaking, others } = unusedOf(project, diff.changes);
    if (breaking.length + others > 0) {
      lines.push('', `Changes no code of yours uses: ${unusedText(breaking.length, others)}.`);
      if (breaking.length) lines.push('');
      for (const c of breaking.slice(0, MARKDOWN_ROWS)) lines.push(`- ${describe(c, mdName)}`);
    }
  }
  const rules = usedRules(diff.changes);
  if (rules.length) {
    lines.push('', '<details><summary>Rules</summary>', '');
    for (const r of rules) lines.push(`- \`${r}\` (${RULES[r].level}): ${RULES[r].reason}`);
    lines.push('', '</details>');
  }
  return lines.join('\n') + '\n';
}
