// The sandbox's own reading of a snapshot's schema documents. It does not use the generator's parser on purpose:
// the sandbox checks what the generator produced, and a parser bug shared by both would agree with itself. A plain
// JSON.parse is enough here (a sandbox holds one tenant in memory anyway). One difference it accepts: JSON.parse puts
// integer-like member names first, so a column named `1` moves to the front of `$select`-less answers.

import type { Surface } from '../templates/runtime/object.js';

// A column's kind decides how its values are stored, compared and written back: the runtime's table (the
// facts the generator, the runtime and the sandbox share).
export { kindOf, type ColumnKind } from '../templates/runtime/column-kinds.js';
export type { Surface } from '../templates/runtime/object.js';

export interface Column {
  readonly name: string;
  /** `Edm.String` when the document gives no `$Type` */
  readonly edmType: string;
  readonly nullable: boolean;
  readonly key: boolean;
  readonly maxLength?: number | string;
  readonly precision?: number;
  readonly scale?: number | string;
}

export interface QueryObject {
  readonly name: string;
  readonly surface: Surface;
  /** the entity type, namespace form (never the alias) */
  readonly entityType: string;
  readonly columns: readonly Column[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The objects of one JSON CSDL document: the members of the `$EntityContainer` not starting with `$`, each with the
 * properties of the entity type its `$Type` names (by namespace or alias). Throws on a document that does not say
 * what it serves: a sandbox with a broken snapshot should be loud.
 */
export function readSchemaDocument(text: string, surface: Surface, file: string): QueryObject[] {
  const doc = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  if (!isObject(doc) || typeof doc.$EntityContainer !== 'string')
    throw new Error(`${file}: not a JSON CSDL document ($EntityContainer missing)`);
  /** namespace or alias -> namespace */
  const namespaces = new Map<string, string>();
  for (const [name, value] of Object.entries(doc)) {
    if (name.startsWith('$') || !isObject(value)) continue;
    namespaces.set(name, name);
    if (typeof value.$Alias === 'string') namespaces.set(value.$Alias, name);
  }
  /** the namespace form of a qualified name: messages name types the way the service does, never by alias */
  const qualify = (qualified: string): string => {
    const dot = qualified.lastIndexOf('.');
    const namespace = namespaces.get(qualified.slice(0, dot));
    return namespace === undefined ? qualified : `${namespace}.${qualified.slice(dot + 1)}`;
  };
  const lookup = (qualified: string): Json | undefined => {
    const dot = qualified.lastIndexOf('.');
    const schema = doc[namespaces.get(qualified.slice(0, dot)) ?? ''];
    const member = isObject(schema) ? schema[qualified.slice(dot + 1)] : undefined;
    return isObject(member) ? member : undefined;
  };
  const container = lookup(doc.$EntityContainer);
  if (!container) throw new Error(`${file}: the container ${doc.$EntityContainer} is not in the document`);
  const objects: QueryObject[] = [];
  for (const [name, set] of Object.entries(container)) {
    if (name.startsWith('$') || !isObject(set) || typeof set.$Type !== 'string') continue;
    const type = lookup(set.$Type);
    if (!type) throw new Error(`${file}: ${name} has the $Type ${set.$Type}, which the document does not define`);
    const keys = new Set(Array.isArray(type.$Key) ? type.$Key.filter((k) => typeof k === 'string') : []);
    const columns: Column[] = [];
    for (const [column, p] of Object.entries(type)) {
      if (column.startsWith('$') || column.includes('@') || !isObject(p)) continue;
      if (p.$Kind !== undefined && p.$Kind !== 'Property') continue;
      columns.push({
        name: column,
        edmType: typeof p.$Type === 'string' ? p.$Type : 'Edm.String',
        nullable: p.$Nullable === true,
        key: keys.has(column),
        ...(typeof p.$MaxLength === 'number' || typeof p.$MaxLength === 'string' ? { maxLength: p.$MaxLength } : {}),
        ...(typeof p.$Precision === 'number' ? { precision: p.$Precision } : {}),
        ...(typeof p.$Scale === 'number' || typeof p.$Scale === 'string' ? { scale: p.$Scale } : {}),
      });
    }
    objects.push({ name, surface, entityType: qualify(set.$Type), columns });
  }
  return objects;
}
