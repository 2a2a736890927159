// JSON CSDL ($metadata) to the query-surface model, streaming, in two passes over a document (more only for
// types referred to before they are declared, which this server's documents never do).
//
// Rules (OData v4 JSON CSDL as this server sends it):
// - the exposed objects are the entity sets (`$Collection: true`) of the container named by `$EntityContainer`;
//   its singletons and function and action imports are reported as left out;
// - an object's columns come from the entity type its entity set's `$Type` names, by namespace or alias, and
//   from that type's bases (`$BaseType`), the root's first; the key is the nearest one declared;
// - every member of an entity type other than `$`-members and annotations (`@`) is a property; navigation and
//   collection-valued properties, and those of types the document does not define, are reported as left out;
// - a property without `$Type` is Edm.String; an absent `$Nullable` means false; an enumeration or complex type
//   makes a column of that shape, a type definition one of its underlying type;
// - `$Key`, `$MaxLength`, `$Precision` and `$Scale` are kept; the container may come before or after the types.
//
// Pass 1 (`readCsdlIndex`) reads until it holds the container: the object names and their types. It stops
// there, so a document that starts with its container costs almost nothing. Pass 2 (`readCsdlObjects`) hands
// over one object at a time as its entity type goes by. Memory holds the index and one entity type, never the
// document and never all columns at once: a ten times bigger tenant needs about the same memory. (A type that
// waits for its bases is kept until they are read, with the bases: only documents with inheritance pay that.)
import { basename } from 'node:path';
import { inputError } from '../errors.js';
import type { IndexedObject } from '../model/plan.js';
import type { Column, ColumnShape, QueryObject, Surface } from '../model/schema.js';
import { flat } from '../flat-string.js';
import { named, quote } from '../message-text.js';
import { locate, MAX_MEMBER_DEPTH, memberKeys, outline } from './json-stream.js';
import { EDM_KINDS } from '../../templates/runtime/column-kinds.js';

/** The Edm primitive types: the runtime's table of kinds (column-kinds.ts) is the list. */
const EDM_TYPES: ReadonlySet<string> = new Set(Object.keys(EDM_KINDS));

type Json = string | number | boolean | null | JsonRecord | Json[];
/**
 * An object inside a member (a property's facets, an entity set): no prototype, so any key is just a key,
 * and small (a Map costs several times more, and a container holds one per object).
 */
interface JsonRecord {
  [key: string]: Json | undefined;
}
/** A schema member itself keeps its keys in document order (the column order), whatever they are. */
type JsonObject = Map<string, Json>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A member of the container as pass 1 keeps it: two strings and a few flags, whatever the member holds. */
interface SetEntry {
  readonly name: string;
  readonly type: string | undefined;
  readonly isObject: boolean;
  /** `$Collection: true`: an entity set; a `$Type` without it is a singleton */
  readonly collection: boolean;
  /** a function or action import (`$Function`, `$Action`): an operation, not data */
  readonly operation: 'function' | 'action' | undefined;
}

/**
 * A member read as a container: its `$Kind` and, per member, what its object is (`$Type`, `$Collection`,
 * `$Function`, `$Action`), every member as often as the text names it (`keys`). A container lists one entity set
 * per object: this keeps two strings per set and nothing else.
 */
function containerOf(value: JsonObject, keys: readonly string[]): { kind: string | undefined; sets: SetEntry[] } {
  const kind = value.get('$Kind');
  const sets: SetEntry[] = [];
  for (const name of keys) {
    if (name.startsWith('$') || name.includes('@')) continue;
    const set = value.get(name);
    if (!isRecord(set)) {
      sets.push({ name: flat(name), type: undefined, isObject: false, collection: false, operation: undefined });
      continue;
    }
    let operation: SetEntry['operation'];
    for (const key of Object.keys(set)) {
      const given = set[key];
      if (given !== null && typeof given === 'object') continue;
      if (key === '$Function') operation = 'function';
      else if (key === '$Action') operation = 'action';
    }
    const type = set['$Type'];
    sets.push({
      name: flat(name),
      type: typeof type === 'string' ? flat(type) : undefined,
      isObject: true,
      collection: set['$Collection'] === true,
      operation,
    });
  }
  return { kind: kind === undefined || (kind !== null && typeof kind === 'object') ? undefined : String(kind), sets };
}

interface Walker {
  /** a string at the top level: `$Version`, `$EntityContainer` */
  top?(key: string, value: string): void;
  schema?(namespace: string): void;
  alias?(namespace: string, alias: string): void;
  /** whether to read this schema member (a member skipped costs only its checking) */
  wants(namespace: string, name: string, at: number): boolean;
  member(namespace: string, name: string, value: JsonObject, at: number, text: string): void;
  /** the error for a member read that nests deeper than MAX_MEMBER_DEPTH; undefined: no bound for it */
  tooDeep(namespace: string, name: string, at: number): Error | undefined;
  /** checked after each member, with the byte the walk has come to: true ends the walk early */
  finished?(at: number): boolean;
}

/** `$`-members and annotations (`@`) are the document's own, not schemas or schema members. */
const isOwn = (key: string) => key.startsWith('$') || key.includes('@');

/** Walks the document structure: top-level strings, schemas, and the schema members a walker wants. */
function walk(file: string, label: string, walker: Walker, check?: (at: number) => boolean): void {
  for (const _ of walking(file, label, walker, check));
}

/**
 * `walk`, one read block at a time: it yields after each. `check`: whether a member skipped, whose key begins at byte
 * `at`, is parsed to be checked (by default every one).
 */
function walking(file: string, label: string, walker: Walker, check?: (at: number) => boolean): Generator<void> {
  return outline(file, label, {
    ...(check ? { check } : {}),
    top(key, value) {
      // a number as written, as a name would be
      if (typeof value === 'string') walker.top?.(key, value);
    },
    enter(key) {
      if (isOwn(key)) return false;
      walker.schema?.(key);
      return true;
    },
    scalar(namespace, key, value) {
      if (key === '$Alias' && typeof value === 'string') walker.alias?.(namespace, value);
    },
    wants: (namespace, name, at) => !isOwn(name) && walker.wants(namespace, name, at),
    member: (namespace, name, value, at, text) => walker.member(namespace, name, value as JsonObject, at, text),
    tooDeep: (namespace, name, at) => walker.tooDeep(namespace, name, at),
    finished: (at) => walker.finished?.(at) === true,
  });
}

/** A schema document, as pass 2 needs to find its way back into it. */
export interface CsdlDocument {
  readonly file: string;
  readonly label: string;
  readonly surface: Surface;
  /** where the container began: where problems with entity sets are looked for */
  readonly containerAt: number;
  /** how far pass 1 read without checking what it skipped (0: it checked): pass 2 reads that far, and checks it */
  readonly uncheckedTo: number;
}

/** A member of the container that is not an entity set, so not an object to query: left out with a notice. */
export interface LeftOutMember {
  readonly name: string;
  readonly what: 'singleton' | 'function import' | 'action import';
}

export interface CsdlIndex {
  readonly document: CsdlDocument;
  readonly objects: readonly IndexedObject[];
  /** singletons, function imports and action imports, in document order */
  readonly leftOut: readonly LeftOutMember[];
}

/**
 * Pass 1: the container's objects and the entity types they name. `check: false` leaves the checking of what it
 * skips (the entity types before a container that comes last) to pass 2, which reads those bytes anyway.
 */
export function readCsdlIndex(file: string, surface: Surface, label = basename(file), check = true): CsdlIndex {
  let version: string | undefined;
  let readTo = Infinity;
  let containerName: string | undefined;
  let container: { sets: SetEntry[]; at: number } | undefined;
  const namespaces = new Set<string>();
  const aliases = new Map<string, string>();
  const qualify = (name: string): string => {
    const dot = name.lastIndexOf('.');
    return dot < 0 ? name : `${aliases.get(name.slice(0, dot)) ?? name.slice(0, dot)}${name.slice(dot)}`;
  };
  const isContainer = (namespace: string, name: string): boolean =>
    containerName !== undefined && qualify(containerName) === `${namespace}.${name}`;

  walk(
    file,
    label,
    {
      top(key, value) {
        if (key === '$Version') version = value;
        else if (key === '$EntityContainer') containerName = value;
      },
      schema: (namespace) => namespaces.add(namespace),
      alias: (namespace, alias) => aliases.set(alias, namespace),
      // before `$EntityContainer` is known, any member may be the container: read it and look at its $Kind
      wants: (namespace, name) => containerName === undefined || isContainer(namespace, name),
      member(namespace, name, value, at, text) {
        if (container) return;
        if (!isContainer(namespace, name) && (containerName !== undefined || value.get('$Kind') !== 'EntityContainer'))
          return;
        // every member as often as the text names it: JSON.parse keeps one of two equal keys
        const { kind, sets } = containerOf(value, memberKeys(text));
        if (isContainer(namespace, name) || kind === 'EntityContainer') container = { sets, at };
      },
      // a member read only to see whether it is the container is not bounded (pass 2 bounds what it reads)
      tooDeep: (namespace, name, at) =>
        isContainer(namespace, name)
          ? inputError(
              'ERPGEN_CSDL_TOO_DEEP',
              label,
              `container ${named(`${namespace}.${name}`)} nests deeper than ${MAX_MEMBER_DEPTH} levels`,
              locate(file, name, at),
            )
          : undefined,
      // done once the container is held and every namespace its sets name has been seen (aliases come first in a schema)
      finished(at) {
        if (!container || containerName === undefined) return false;
        for (const set of container.sets) {
          if (set.type === undefined || !set.collection) continue;
          const prefix = set.type.slice(0, set.type.lastIndexOf('.'));
          if (!namespaces.has(prefix) && !aliases.has(prefix)) return false;
        }
        readTo = at;
        return true;
      },
    },
    check ? undefined : () => false,
  );

  if (version === undefined)
    throw inputError('ERPGEN_NOT_CSDL', label, 'has no $Version: not a JSON CSDL schema document', 0);
  if (!/^4\.0/.test(version))
    throw inputError(
      'ERPGEN_CSDL_VERSION',
      label,
      `has $Version ${quote(version)}: only OData 4.0 JSON CSDL is supported`,
      locate(file, version, 0),
    );
  if (containerName === undefined)
    throw inputError(
      'ERPGEN_NOT_CSDL',
      label,
      'has no $EntityContainer: the document names no container, so it exposes no objects',
      0,
    );
  if (!container || !isContainer(...splitQualified(qualify(containerName)))) {
    throw inputError(
      'ERPGEN_CSDL_INVALID',
      label,
      `has no entity container ${quote(containerName)} (named by $EntityContainer)`,
      locate(file, containerName, 0),
    );
  }

  const objects: IndexedObject[] = [];
  const leftOut: LeftOutMember[] = [];
  const seen = new Set<string>();
  for (const { name, type, isObject, collection, operation } of container.sets) {
    if (!isObject)
      throw inputError(
        'ERPGEN_CSDL_INVALID',
        label,
        `container member ${quote(name)} is not an object`,
        locate(file, name, container.at),
      );
    // JSON.parse would keep the last of two equal keys; which one the server meant is anybody's guess
    if (seen.has(name))
      throw inputError(
        'ERPGEN_CSDL_INVALID',
        label,
        `entity set ${quote(name)} appears twice in the container`,
        container.at,
      );
    seen.add(name);
    if (operation) {
      leftOut.push({ name, what: `${operation} import` });
      continue;
    }
    if (type === undefined || !type.includes('.')) {
      throw inputError(
        'ERPGEN_CSDL_INVALID',
        label,
        `entity set ${quote(name)} has no qualified $Type`,
        locate(file, name, container.at),
      );
    }
    if (!collection) leftOut.push({ name, what: 'singleton' });
    else objects.push({ name, surface, entityType: flat(qualify(type)) });
  }
  return {
    document: { file, label, surface, containerAt: container.at, uncheckedTo: check ? 0 : readTo },
    objects,
    leftOut,
  };
}

function splitQualified(qualified: string): [string, string] {
  const dot = qualified.lastIndexOf('.');
  return [qualified.slice(0, dot), qualified.slice(dot + 1)];
}

/** A property of an entity type that is not a column of its object, and why. */
export interface LeftOutProperty {
  readonly name: string;
  /**
   * `navigation`: a navigation property (the query surface has no `$expand`); `collection`: a collection of
   * values, which no filter accessor compares; `type`: its `$Type` names no primitive, enumeration, complex
   * type or type definition of the document
   */
  readonly why: 'navigation' | 'collection' | 'type';
  /** the `$Type`, for `type` */
  readonly type?: string;
}

/** What pass 2 says of an object besides its columns. */
export interface ObjectNotes {
  readonly leftOut: readonly LeftOutProperty[];
  /** its entity type is abstract: rows of derived types carry more than the columns typed */
  readonly abstract: boolean;
}

/** A schema member read for what it lends others: a base type's properties, an enumeration's members. */
interface Definition {
  readonly value: JsonObject;
  readonly at: number;
}

/** The types an entity type refers to (its base, its properties' non-Edm types): read before it can be typed. */
function references(type: JsonObject): string[] {
  const refs: string[] = [];
  const base = type.get('$BaseType');
  if (typeof base === 'string') refs.push(base);
  for (const [name, value] of type) {
    if (name.startsWith('$') || name.includes('@') || !isRecord(value)) continue;
    const t = value['$Type'];
    if (value['$Kind'] !== 'NavigationProperty' && typeof t === 'string' && !t.startsWith('Edm.')) refs.push(t);
  }
  return refs;
}

/**
 * Pass 2: calls `onObject` for each wanted object as soon as its entity type has been read, in document order.
 * An entity type that derives from another, or has properties of an enumeration, complex type or type definition,
 * waits for those to be read (later in the same pass, or in another pass over the document for those alone, which
 * only such documents pay for); `onLeftOut` hears of an object whose type cannot be resolved (a missing or
 * non-entity base type, a cycle). Fails when a wanted object's `$Type` names no entity type of the document.
 */
export function readCsdlObjects<W extends IndexedObject>(
  document: CsdlDocument,
  wanted: readonly W[],
  onObject: (object: QueryObject, wanted: W, notes: ObjectNotes) => void,
  onLeftOut: (wanted: W, why: string) => void = () => undefined,
): void {
  for (const _ of csdlObjects(document, wanted, onObject, onLeftOut));
}

/** `readCsdlObjects`, one read block at a time: it yields after each, so that its caller may stop in between. */
export function* csdlObjects<W extends IndexedObject>(
  document: CsdlDocument,
  wanted: readonly W[],
  onObject: (object: QueryObject, wanted: W, notes: ObjectNotes) => void,
  onLeftOut: (wanted: W, why: string) => void = () => undefined,
): Generator<void> {
  const { file, label } = document;
  // entity type -> the objects it serves; entries leave as their type is read, so what remains at the end
  // is a $Type that names nothing (and memory shrinks as the pass goes)
  const pending = new Map<string, W | W[]>();
  for (const o of wanted) {
    const known = pending.get(o.entityType);
    pending.set(o.entityType, known === undefined ? o : Array.isArray(known) ? [...known, o] : [known, o]);
  }
  const aliases = new Map<string, string>();
  const aliasOf = new Map<string, string>();
  const qualify = (name: string): string => {
    const dot = name.lastIndexOf('.');
    return dot < 0 ? name : `${aliases.get(name.slice(0, dot)) ?? name.slice(0, dot)}${name.slice(dot)}`;
  };
  // types referred to and not read yet, by qualified name (as written when its alias was not known yet)
  const needed = new Set<string>();
  const definitions = new Map<string, Definition>();
  const need = (name: string) => {
    const qualified = qualify(name);
    if (!definitions.has(qualified)) needed.add(qualified);
  };
  const neededAs = (namespace: string, name: string): string | undefined => {
    if (needed.has(`${namespace}.${name}`)) return `${namespace}.${name}`;
    const alias = aliasOf.get(namespace);
    return alias !== undefined && needed.has(`${alias}.${name}`) ? `${alias}.${name}` : undefined;
  };
  const deferred: Array<{ qualified: string; objects: W[] }> = [];

  const namespaces = new Set<string>();
  const walker = (main: boolean): Walker => ({
    schema: (namespace) => void namespaces.add(namespace),
    alias(namespace, alias) {
      aliases.set(alias, namespace);
      aliasOf.set(namespace, alias);
    },
    wants: (namespace, name) =>
      (main && pending.has(`${namespace}.${name}`)) || neededAs(namespace, name) !== undefined,
    tooDeep: (namespace, name, at) =>
      inputError(
        'ERPGEN_CSDL_TOO_DEEP',
        label,
        `${pending.has(`${namespace}.${name}`) ? 'entity type' : 'type'} ${named(`${namespace}.${name}`)} nests deeper than ${MAX_MEMBER_DEPTH} levels`,
        locate(file, name, at),
      ),
    member(namespace, name, value, at) {
      const qualified = `${namespace}.${name}`;
      const asNeeded = neededAs(namespace, name);
      if (asNeeded !== undefined) {
        needed.delete(asNeeded);
        definitions.set(qualified, { value, at });
        // a base type's own base and property types are needed in turn
        if (value.get('$Kind') === 'EntityType') for (const ref of references(value)) need(ref);
      }
      const objects = main ? pending.get(qualified) : undefined;
      if (objects === undefined) return;
      const kind = value.get('$Kind');
      if (kind !== 'EntityType') {
        throw inputError(
          'ERPGEN_CSDL_INVALID',
          label,
          `${named(qualified)} is named as an entity set's $Type but ${kind === undefined ? 'has no $Kind' : `has $Kind ${quote(kind)}`}, not EntityType`,
          locate(file, name, at),
        );
      }
      pending.delete(qualified);
      const list = Array.isArray(objects) ? objects : [objects];
      // the common case, and all of this server's: no base, primitive types only; typed at once, nothing kept
      const read = value.has('$BaseType') ? undefined : readColumns([{ qualified, value, at }], undefined, file, label);
      if (read) {
        const notes = { leftOut: read.leftOut, abstract: value.get('$Abstract') === true };
        for (const o of list)
          onObject({ name: o.name, surface: o.surface, entityType: o.entityType, columns: read.columns }, o, notes);
        return;
      }
      definitions.set(qualified, { value, at });
      for (const ref of references(value)) need(ref);
      deferred.push({ qualified, objects: list });
    },
    finished: (at) => (!main || (pending.size === 0 && at >= document.uncheckedTo)) && needed.size === 0,
  });

  // the container was parsed, and so checked, by pass 1
  const unchecked = (at: number) => at !== document.containerAt;
  yield* walking(file, label, walker(true), unchecked);
  for (const objects of pending.values()) {
    const o = Array.isArray(objects) ? objects[0]! : objects;
    // a type of a schema this document does not hold: one it references (`$Reference`), which is not read
    const namespace = o.entityType.slice(0, o.entityType.lastIndexOf('.'));
    if (!namespaces.has(namespace)) {
      for (const each of Array.isArray(objects) ? objects : [objects])
        onLeftOut(
          each,
          `its entity type ${named(o.entityType)} is in schema ${named(namespace)}, which this document does not hold (erpgen reads no referenced document)`,
        );
      continue;
    }
    // the $Type as written may use the alias: then point at the set's name instead
    let at = locate(file, o.entityType, document.containerAt);
    if (at === document.containerAt) at = locate(file, o.name, document.containerAt);
    throw inputError(
      'ERPGEN_CSDL_INVALID',
      label,
      `entity set ${quote(o.name)} has $Type ${quote(o.entityType)}, which names no entity type in the document`,
      at,
    );
  }
  // the types referred to before them in the document (or in no place at all): one more pass for each level
  // of a base chain that goes backwards
  while (needed.size > 0) {
    const known = definitions.size;
    for (const name of [...needed]) {
      // written with an alias that the document declared later
      const qualified = qualify(name);
      if (qualified !== name) {
        needed.delete(name);
        need(qualified);
      }
    }
    yield* walking(file, label, walker(false), unchecked);
    if (definitions.size === known) break;
  }

  for (const { qualified, objects } of deferred) {
    const chain = baseChain(qualified, definitions, qualify);
    if (typeof chain === 'string') {
      for (const o of objects) onLeftOut(o, chain);
      continue;
    }
    const lookup = (name: string) => {
      const found = definitions.get(qualify(name));
      return found && { qualified: qualify(name), ...found };
    };
    const { columns, leftOut } = readColumns(chain, lookup, file, label)!;
    const notes = { leftOut, abstract: chain[0]!.value.get('$Abstract') === true };
    for (const o of objects)
      onObject({ name: o.name, surface: o.surface, entityType: o.entityType, columns }, o, notes);
  }
}

interface ChainLink {
  readonly qualified: string;
  readonly value: JsonObject;
  readonly at: number;
}

/** An entity type and its bases, itself first; or why it has no such chain. */
function baseChain(
  qualified: string,
  definitions: ReadonlyMap<string, Definition>,
  qualify: (name: string) => string,
): ChainLink[] | string {
  const chain: ChainLink[] = [{ qualified, ...definitions.get(qualified)! }];
  for (;;) {
    const link = chain[chain.length - 1]!;
    const base = link.value.get('$BaseType');
    if (base === undefined) return chain;
    const what = `entity type ${named(link.qualified)}`;
    if (typeof base !== 'string') return `${what} has $BaseType ${quote(base)}: expected a qualified type name`;
    const baseName = qualify(base);
    if (chain.some((l) => l.qualified === baseName))
      return `entity type ${named(qualified)}: its base types go round in a cycle (${[...chain.map((l) => l.qualified), baseName].map(named).join(' -> ')})`;
    const definition = definitions.get(baseName);
    if (!definition) return `${what} derives from ${quote(base)}, which the document does not define`;
    const kind = definition.value.get('$Kind');
    if (kind !== 'EntityType')
      return `${what} derives from ${named(baseName)}, which ${kind === undefined ? 'has no $Kind' : `is ${typeof kind === 'string' ? `a ${named(kind)}` : quote(kind)}`}, not an entity type`;
    chain.push({ qualified: baseName, ...definition });
  }
}

const isCount = (v: Json | undefined): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The facets a column keeps, each checked for the JSON type CSDL gives it: they end up in generated types and
 * comments, so a facet of the wrong type is refused rather than guessed at.
 */
const FACETS = {
  $Nullable: { ok: (v: Json | undefined) => typeof v === 'boolean', expected: 'true or false' },
  $MaxLength: { ok: (v: Json | undefined) => isCount(v) || v === 'max', expected: 'a non-negative integer or "max"' },
  $Precision: { ok: isCount, expected: 'a non-negative integer' },
  $Scale: {
    ok: (v: Json | undefined) => isCount(v) || v === 'variable' || v === 'floating',
    expected: 'a non-negative integer, "variable" or "floating"',
  },
} as const;

/**
 * The columns of an entity type and its bases (`chain`, the type first): the root's properties first, the key of
 * the nearest type that declares one. `lookup` finds a type the document defines (enumerations, complex types,
 * type definitions), by its name as written; without one, a property of such a type gives `undefined` at once
 * (the types it refers to must be read first).
 */
function readColumns(
  chain: readonly ChainLink[],
  lookup: ((name: string) => ChainLink | undefined) | undefined,
  file: string,
  label: string,
): { columns: Column[]; leftOut: LeftOutProperty[] } | undefined {
  const entityType = named(chain[0]!.qualified);
  const keyNames = new Set<string>();
  const keyed = chain.find((l) => l.value.has('$Key'));
  if (keyed) {
    // a key property by name, or `{alias: path}`
    const key = keyed.value.get('$Key');
    const keys = Array.isArray(key) ? key.map((k) => (isRecord(k) ? Object.values(k)[0] : k)) : [];
    if (keys.length === 0 || !keys.every((k): k is string => typeof k === 'string'))
      throw inputError(
        'ERPGEN_CSDL_INVALID',
        label,
        `entity type ${named(keyed.qualified)} has $Key ${quote(key)}: expected an array of property names`,
        locate(file, '$Key', keyed.at),
      );
    for (const k of keys) keyNames.add(k);
  }
  const columns: Column[] = [];
  const leftOut: LeftOutProperty[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const { qualified, value: type, at } = chain[i]!;
    for (const [name, value] of type) {
      if (name.startsWith('$') || name.includes('@')) continue;
      // only on the error path: quoting every column's name costs more than reading it
      const column = () => `column ${quote(name)} of entity type ${named(qualified)}`;
      if (!isRecord(value))
        throw inputError(
          'ERPGEN_CSDL_INVALID',
          label,
          `entity type ${named(qualified)}: member ${quote(name)} is not an object`,
          locate(file, name, at),
        );
      if (value['$Kind'] === 'NavigationProperty') {
        leftOut.push({ name, why: 'navigation' });
        continue;
      }
      if (value['$Kind'] !== undefined && value['$Kind'] !== 'Property')
        throw inputError(
          'ERPGEN_CSDL_INVALID',
          label,
          `${column()} has $Kind ${quote(value['$Kind'])}: expected "Property" or "NavigationProperty"`,
          locate(file, name, at),
        );
      const typeName = value['$Type'] ?? 'Edm.String';
      if (typeof typeName !== 'string')
        throw inputError(
          'ERPGEN_CSDL_INVALID',
          label,
          `${column()} has $Type ${quote(typeName)}: expected the name of an Edm type`,
          locate(file, name, at),
        );
      const primitive = EDM_TYPES.has(typeName);
      if (!primitive && typeName.startsWith('Edm.'))
        throw inputError(
          'ERPGEN_CSDL_INVALID',
          label,
          `${column()} has unknown type ${quote(typeName)}`,
          locate(file, typeName, at),
        );
      if (value['$Collection'] === true) {
        leftOut.push({ name, why: 'collection' });
        continue;
      }
      // a type of the document's own: an enumeration or a structure is typed as such, a type definition as the
      // primitive type under it (with its facets, unless the property gives its own)
      let edmType = typeName;
      let shape: ColumnShape | undefined;
      let facets: JsonRecord = value;
      let shapeName = typeName;
      if (!primitive) {
        if (!lookup) return undefined;
        const found = lookup(typeName);
        const defined = found?.value;
        const kind = defined?.get('$Kind');
        shapeName = found?.qualified ?? typeName;
        const underlying = defined?.get('$UnderlyingType') ?? 'Edm.Int32';
        if (kind === 'EnumType') {
          const members = [...defined!.keys()].filter((k) => !k.startsWith('$') && !k.includes('@'));
          shape = { kind: 'enum', members, flags: defined!.get('$IsFlags') === true };
        } else if (kind === 'ComplexType') shape = { kind: 'complex' };
        else if (kind === 'TypeDefinition' && typeof underlying === 'string' && EDM_TYPES.has(underlying)) {
          edmType = underlying;
          facets = Object.assign(Object.create(null) as JsonRecord, Object.fromEntries(defined!), value);
        } else {
          leftOut.push({ name, why: 'type', type: typeName });
          continue;
        }
      }
      for (const [facet, rule] of Object.entries(FACETS)) {
        const given = facets[facet];
        if (given !== undefined && !rule.ok(given))
          throw inputError(
            'ERPGEN_CSDL_INVALID',
            label,
            `${column()} has ${facet} ${quote(given)}: expected ${rule.expected}`,
            locate(file, name, at),
          );
      }
      const maxLength = shape ? undefined : facets['$MaxLength'];
      const precision = shape ? undefined : facets['$Precision'];
      const scale = shape ? undefined : facets['$Scale'];
      const next: Column = {
        name,
        edmType: shape ? flat(shapeName) : edmType,
        nullable: value['$Nullable'] === true,
        key: keyNames.has(name),
        ...(maxLength !== undefined ? { maxLength: maxLength as number | string } : {}),
        ...(precision !== undefined ? { precision: precision as number } : {}),
        ...(scale !== undefined ? { scale: scale as number | string } : {}),
        ...(shape ? { shape } : {}),
      };
      // a derived type that declares a property of its base again: the derived declaration, in the base's place
      const again = i < chain.length - 1 ? columns.findIndex((c) => c.name === name) : -1;
      if (again >= 0) columns[again] = next;
      else columns.push(next);
    }
  }
  for (const k of keyNames) {
    if (!columns.some((c) => c.name === k))
      throw inputError(
        'ERPGEN_CSDL_INVALID',
        label,
        `entity type ${entityType} has $Key ${quote(k)}, which is not one of its properties`,
        locate(file, k, keyed!.at),
      );
  }
  return { columns, leftOut };
}
