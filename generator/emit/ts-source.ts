// Small pieces of TypeScript source, written the way prettier would print them (single quotes unless the
// text holds more single than double quotes, keys bare when they can be), so emitted files need no formatting.

/** The style emitted code is printed in; the generated package carries it so `prettier --check` agrees. */
export const PRETTIER_OPTIONS = { singleQuote: true, printWidth: 120 } as const;
const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth;

const PLAIN = /^[^'"\\\x00-\x1f\u2028\u2029\ud800-\udfff]*$/;

/** A string literal as prettier prints it with `singleQuote: true`. */
export function stringLiteral(text: string): string {
  // most server names need no escape at all
  if (PLAIN.test(text)) return `'${text}'`;
  const json = JSON.stringify(text);
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  if (doubles < singles) return json;
  // JSON escapes `"` and never `'`: swap to single quotes
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property key: bare when it is an identifier name (reserved words included), else a string literal. */
export function propertyKey(name: string): string {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u.test(name) ? name : stringLiteral(name);
}

/**
 * `${head}[a, b]${tail}` on one line when it fits the print width, else one item per line, as prettier
 * prints an array. `indent` is the indentation of the line the array starts on.
 */
export function arrayLiteral(head: string, items: readonly string[], tail: string, indent = ''): string {
  const flat = `${indent}${head}[${items.join(', ')}]${tail}`;
  if (items.length === 0 || flat.length <= PRINT_WIDTH) return `${flat}\n`;
  return `${indent}${head}[\n${items.map((i) => `${indent}  ${i},\n`).join('')}${indent}]${tail}\n`;
}

/**
 * `export const name: Type<A, B> = value;` as prettier prints it: on one line when it fits, else broken after
 * `=`, else with the type arguments one per line.
 */
export function annotatedConst(name: string, type: string, typeArguments: readonly string[], value: string): string {
  const head = `export const ${name}: ${type}<${typeArguments.join(', ')}> =`;
  if (head.length + 1 + value.length + 1 <= PRINT_WIDTH) return `${head} ${value};\n`;
  if (head.length <= PRINT_WIDTH) return `${head}\n  ${value};\n`;
  return `export const ${name}: ${type}<\n${typeArguments.map((t) => `  ${t}`).join(',\n')}\n> = ${value};\n`;
}

/** A key in an object literal: `__proto__` must be computed, or it would set the prototype, quoted or not. */
export function objectLiteralKey(name: string): string {
  return name === '__proto__' ? `['__proto__']` : propertyKey(name);
}

/** Text inside a `/** ... *\/` comment: a `*\/` in a server name must not end the comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\r?\n|\r|\u2028|\u2029/g, ' ');
}

/** A JSDoc block at the given indent: one line when it fits, else one ` * ` line per entry. */
export function docComment(lines: readonly string[], indent = ''): string {
  const clean = lines.map(commentText);
  if (clean.length === 1) return `${indent}/** ${clean[0]} */\n`;
  return `${indent}/**\n${clean.map((l) => (l === '' ? `${indent} *\n` : `${indent} * ${l}\n`)).join('')}${indent} */\n`;
}
