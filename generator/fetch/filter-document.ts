// Keeps only some objects of a downloaded $metadata document, streaming: the server always sends every object, so a
// fetch limited by `--tables` / `--views` or by a consumer key's OData allow-list writes a document that holds the
// chosen entity sets and the entity types they use, and nothing else. Everything else in the document (other schema
// members, annotations, the container's own `$` members) is kept as it was. Values are written back from the
// tokenizer's text (numbers keep their digits); whitespace is not kept.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Token } from '../parse/json-stream.js';
import { streamJson } from '../parse/json-stream.js';

export interface DocumentFilter {
  /** entity sets to drop, by name */
  readonly dropSets: ReadonlySet<string>;
  /** entity types to drop, qualified by namespace */
  readonly dropTypes: ReadonlySet<string>;
}

/** `namespace.container` of a document, namespace form, read in a pass of its own (it may come last). */
function containerOf(file: string): string {
  let depth = 0;
  let key: string | undefined;
  let schema = '';
  let container = '';
  const aliases = new Map<string, string>();
  streamJson(file, (tokens) => {
    for (const token of tokens) {
      switch (token.name) {
        case 'startObject':
        case 'startArray':
          if (depth === 1) schema = key ?? '';
          depth++;
          key = undefined;
          break;
        case 'endObject':
        case 'endArray':
          depth--;
          break;
        case 'keyValue':
          key = token.value as string;
          break;
        case 'stringValue':
          if (depth === 1 && key === '$EntityContainer') container = token.value as string;
          if (depth === 2 && key === '$Alias') aliases.set(token.value as string, schema);
          key = undefined;
          break;
        default:
          key = undefined;
      }
    }
  });
  const dot = container.lastIndexOf('.');
  const namespace = container.slice(0, dot);
  return `${aliases.get(namespace) ?? namespace}${container.slice(dot)}`;
}

interface Level {
  readonly kind: 'object' | 'array';
  /** the key of this level in its parent object ('' at the top or in arrays) */
  readonly key: string;
  count: number;
}

/**
 * How many objects a document's container lists, in one streaming pass that keeps nothing but counters: when a fetch
 * keeps every object it needs no names, so memory stays flat however many objects there are. Also what checks the
 * download is JSON (an XML or HTML answer, or a broken one, is named with its byte offset).
 */
export function countObjects(file: string, label: string): number {
  let depth = 0;
  let key: string | undefined;
  /** per member of a schema (depth 2): its non-`$` keys, and whether it says it is the container */
  let members = 0;
  let isContainer = false;
  let count = 0;
  streamJson(
    file,
    (tokens) => {
      for (const token of tokens) {
        switch (token.name) {
          case 'startObject':
          case 'startArray':
            if (depth === 2) {
              members = 0;
              isContainer = false;
            }
            depth++;
            break;
          case 'endObject':
          case 'endArray':
            depth--;
            if (depth === 2 && isContainer) count += members;
            break;
          case 'keyValue':
            key = token.value as string;
            if (depth === 3 && !key.startsWith('$') && !key.includes('@')) members++;
            break;
          case 'stringValue':
            if (depth === 3 && key === '$Kind' && token.value === 'EntityContainer') isContainer = true;
            break;
        }
      }
    },
    label,
  );
  return count;
}

/** Writes `from` to `to` without the dropped members. */
export function filterDocument(from: string, to: string, filter: DocumentFilter): void {
  const container = containerOf(from);
  const fd = openSync(to, 'w');
  let out = '';
  const flush = (force = false): void => {
    if (out.length >= 1 << 16 || (force && out.length > 0)) {
      writeSync(fd, out);
      out = '';
    }
  };
  const stack: Level[] = [];
  let pendingKey: string | undefined;
  /** depth at which a dropped member began; undefined when writing */
  let skipping: number | undefined;
  let skipDepth = 0;

  // top-level keys of a JSON CSDL document are namespaces, never aliases
  const qualified = (namespace: string, name: string): string => `${namespace}.${name}`;
  /** whether the member about to start (key `key` at the current depth) is dropped */
  const dropped = (key: string): boolean => {
    if (stack.length === 2) return filter.dropTypes.has(qualified(stack[1]!.key, key));
    if (stack.length === 3 && qualified(stack[1]!.key, stack[2]!.key) === container) return filter.dropSets.has(key);
    return false;
  };
  const separator = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.count++ > 0 ? ',' : '';
  };
  const value = (text: string): void => {
    const key = pendingKey;
    pendingKey = undefined;
    out += separator() + (key !== undefined ? `${JSON.stringify(key)}:` : '') + text;
  };
  const open = (kind: 'object' | 'array'): void => {
    const key = pendingKey ?? '';
    value(kind === 'object' ? '{' : '[');
    stack.push({ kind, key, count: 0 });
  };

  try {
    streamJson(from, (tokens: readonly Token[]) => {
      for (const token of tokens) {
        if (skipping !== undefined) {
          if (token.name === 'startObject' || token.name === 'startArray') skipDepth++;
          else if (token.name === 'endObject' || token.name === 'endArray') skipDepth--;
          if (skipDepth === 0) skipping = undefined;
          continue;
        }
        switch (token.name) {
          case 'keyValue': {
            const key = token.value as string;
            if (dropped(key)) {
              skipping = stack.length;
              skipDepth = 0;
              // a scalar member is dropped at its value: one token
              continue;
            }
            pendingKey = key;
            break;
          }
          case 'startObject':
            open('object');
            break;
          case 'startArray':
            open('array');
            break;
          case 'endObject':
          case 'endArray':
            stack.pop();
            out += token.name === 'endObject' ? '}' : ']';
            break;
          case 'stringValue':
            value(JSON.stringify(token.value));
            break;
          case 'numberValue':
            value(String(token.value));
            break;
          case 'nullValue':
            value('null');
            break;
          case 'trueValue':
            value('true');
            break;
          case 'falseValue':
            value('false');
            break;
        }
        flush();
      }
    });
    flush(true);
  } finally {
    closeSync(fd);
  }
}
