import type { DecimalString, YesNo } from './rest.js';
/** `!`: always present and never null (key fields, `ObjectName`); the others may be absent or null. */
export type Kind = 'text!' | 'int!' | 'text' | 'int' | 'decimal' | 'yesNo' | 'bool';
export interface KindType {
  'text!': string;
  'int!': number;
  text: string | null;
  int: number | null;
  decimal: DecimalString | null;
  yesNo: YesNo | null;
  bool: boolean | null;
}
type Present = 'text!' | 'int!';
export type Simplify<T> = {
  [K in keyof T]: T[K];
} & {};
/** The record type of a field map: `!` fields required, the others optional and nullable. */
export type FieldsOf<D extends Readonly<Record<string, Kind>>> = Simplify<
  {
    [K in keyof D as D[K] extends Present ? K : never]: KindType[D[K]];
  } & {
    [K in keyof D as D[K] extends Present ? never : K]?: KindType[D[K]];
  }
>;
export type UserDefinedFields = Readonly<Record<string, unknown>>;
/** A nested object or collection whose fields the service documents do not show. */
export type Nested = Readonly<Record<string, unknown>> | readonly unknown[];
/** Where an answer departs from the documented shape: the path and what was wrong. */
export declare class ShapeIssue extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(path: string, problem: string);
}
/** Checks a value (at `path`) and gives it back normalised (decimals as their text), or throws a ShapeIssue. */
export type Check = (value: unknown, path: string) => unknown;
/** A record: its fields by kind, its children (required or nullable), any other field kept as it came. */
export declare function recordCheck(
  fields: Readonly<Record<string, Kind>>,
  children?: Readonly<
    Record<
      string,
      {
        readonly check: Check;
        readonly required: boolean;
      }
    >
  >,
): Check;
/** An array of values that each pass `entry`. */
export declare function arrayCheck(entry: Check): Check;
/** A child collection, `{list: [...]}`. */
export declare function listCheck(entry: Check): Check;
/** Any object. */
export declare const objectCheck: Check;
/** An object or an array: a nested value whose shape is not documented. */
export declare const nestedCheck: Check;
export {};
