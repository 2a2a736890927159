// The `definitions` overlay of erpgen.config.json: what a team learned about its server that the service
// definitions do not say, applied at generate time. Per service, data element and field: `disabled` (the server
// refuses the column: `Column is disabled: company_id`), and `required` true or false (the definition's `Required`
// is window metadata, wrong both ways on real tenants). Read from the file as lines, so that any name works
// (dots, spaces, `constructor`, `__proto__`: a zod record or a plain object would lose or misread the last).
import { named, quote } from '../message-text.js';
import { didYouMean } from '../../common/did-you-mean.js';
import type { FieldOverlay } from '../../templates/runtime/contract.js';
import type { TransactionField, TransactionService } from './transactions.js';

/** What the overlay says of one field: the two facts it knows, as the file gives them (the package's type). */
export type { FieldOverlay };

/** One field's line of the overlay: `"Order": { "TABPAGE_1.order": { "company_id": { "disabled": true } } }`. */
export interface OverlayLine extends FieldOverlay {
  readonly service: string;
  readonly element: string;
  readonly field: string;
}

export type Overlay = readonly OverlayLine[];

const FACTS = ['disabled', 'required'] as const;

/** What is wrong with the overlay (its shape, or a name the snapshot lacks), at a path below `definitions`. */
export interface OverlayProblem {
  readonly path: readonly string[];
  readonly message: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const what = (value: unknown) => (Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value);

/**
 * The overlay as written in the file (JSON.parse keeps `__proto__` as an own key, which Object.entries gives), as
 * lines in the file's order; or the first problem with its shape.
 */
export function readOverlay(raw: unknown): { lines: OverlayLine[] } | { problem: OverlayProblem } {
  const problem = (path: string[], message: string) => ({ problem: { path, message } });
  if (!isObject(raw)) return problem([], `expected an object of services, got ${what(raw)}`);
  const lines: OverlayLine[] = [];
  for (const [service, elements] of Object.entries(raw)) {
    if (!isObject(elements))
      return problem([service], `expected an object of data elements of ${named(service)}, got ${what(elements)}`);
    for (const [element, fields] of Object.entries(elements)) {
      if (!isObject(fields))
        return problem([service, element], `expected an object of fields of ${named(element)}, got ${what(fields)}`);
      for (const [field, facts] of Object.entries(fields)) {
        const at = [service, element, field];
        if (!isObject(facts))
          return problem(at, `expected { "disabled": true } or { "required": true | false }, got ${what(facts)}`);
        for (const [key, value] of Object.entries(facts)) {
          if (!(FACTS as readonly string[]).includes(key))
            return problem(
              [...at, key],
              `${quote(key)} is not a fact the overlay knows: give "disabled": true or "required": true | false${didYouMean(key, FACTS, quote)}`,
            );
          if (typeof value !== 'boolean') return problem([...at, key], `expected true or false, got ${what(value)}`);
        }
        const { disabled, required } = facts as FieldOverlay;
        if (disabled === undefined && required === undefined)
          return problem(at, 'give "disabled": true or "required": true | false');
        if (disabled === true && required === true)
          return problem(at, 'a field cannot be both disabled and required: the server refuses a disabled one');
        lines.push({ service, element, field, ...factsOf(facts) });
      }
    }
  }
  return { lines };
}

/** The overlay as the file writes it: service -> element -> field -> facts, for the package's provenance. */
export function overlayTree(overlay: Overlay): Record<string, Record<string, Record<string, FieldOverlay>>> {
  const tree: Record<string, Record<string, Record<string, FieldOverlay>>> = Object.create(null);
  const child = <T>(parent: Record<string, T>, key: string, make: () => T): T => {
    if (!Object.hasOwn(parent, key)) Object.defineProperty(parent, key, { value: make(), enumerable: true });
    return parent[key]!;
  };
  for (const line of overlay) {
    const fields = child(
      child(tree, line.service, () => Object.create(null)),
      line.element,
      () => Object.create(null),
    );
    child<FieldOverlay>(fields, line.field, () => factsOf(line));
  }
  return tree;
}

function factsOf(line: FieldOverlay): FieldOverlay {
  return {
    ...(line.disabled !== undefined ? { disabled: line.disabled } : {}),
    ...(line.required !== undefined ? { required: line.required } : {}),
  };
}

/** The lines of each service, by name. */
export function overlayByService(overlay: Overlay): ReadonlyMap<string, readonly OverlayLine[]> {
  const by = new Map<string, OverlayLine[]>();
  for (const line of overlay) {
    const lines = by.get(line.service);
    if (lines) lines.push(line);
    else by.set(line.service, [line]);
  }
  return by;
}

/** a field the overlay disables: no row may write it */
export const isDisabled = (field: TransactionField): boolean => field.overlay?.disabled === true;
/** a field the overlay makes required: a new row (no keys) must give it, checked by the compiler */
export const mustBeGiven = (field: TransactionField): boolean => field.overlay?.required === true;
/** required as `missingRequired()` reports it: the overlay's word, else the definition's flag; never when disabled */
export const requiredFlag = (field: TransactionField): boolean =>
  !isDisabled(field) && (field.overlay?.required ?? field.required);

/** A line naming an element or field its service does not have, and which of the two is missing. */
export interface UnmatchedLine {
  readonly line: OverlayLine;
  readonly missing: 'element' | 'field';
}

/** The lines of one service that name an element or a field the service does not have. */
export function unmatchedLines(service: TransactionService, lines: readonly OverlayLine[]): UnmatchedLine[] {
  const elements = new Map(service.elements.map((e) => [e.name, new Set(e.fields.map((f) => f.name))]));
  const unmatched: UnmatchedLine[] = [];
  for (const line of lines) {
    const fields = elements.get(line.element);
    if (!fields) unmatched.push({ line, missing: 'element' });
    else if (!fields.has(line.field)) unmatched.push({ line, missing: 'field' });
  }
  return unmatched;
}

/** The first line of a service that names an element or a field it does not have, with the nearest name. */
export function checkServiceLines(
  service: TransactionService,
  lines: readonly OverlayLine[],
): OverlayProblem | undefined {
  const [first] = unmatchedLines(service, lines);
  if (!first) return undefined;
  const { line } = first;
  if (first.missing === 'element') {
    const names = service.elements.map((e) => e.name);
    return {
      path: [line.service, line.element],
      message: `service ${named(service.name)} has no data element ${named(line.element)}${didYouMean(line.element, names, named)}`,
    };
  }
  const fields = service.elements.find((e) => e.name === line.element)!.fields.map((f) => f.name);
  return {
    path: [line.service, line.element, line.field],
    message: `data element ${named(line.element)} of service ${named(service.name)} has no field ${named(line.field)}${didYouMean(line.field, fields, named, '_')}`,
  };
}

/** A service name of the overlay that the snapshot does not have. */
export function unknownService(name: string, services: Iterable<string>): OverlayProblem {
  return {
    path: [name],
    message: `the snapshot has no transaction service ${named(name)}${didYouMean(name, services, named)}`,
  };
}

/** The service with the overlay's facts on its fields (lines already checked against it). */
export function applyOverlay(
  service: TransactionService,
  lines: readonly OverlayLine[] | undefined,
): TransactionService {
  if (!lines?.length) return service;
  const facts = new Map(lines.map((l) => [`${l.element}\0${l.field}`, factsOf(l)]));
  return {
    ...service,
    elements: service.elements.map((e) => ({
      ...e,
      fields: e.fields.map((f) => {
        const overlay = facts.get(`${e.name}\0${f.name}`);
        return overlay ? { ...f, overlay } : f;
      }),
    })),
  };
}
