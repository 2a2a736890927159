// A plainly valid erpgen.config.json taken without zod: a plain `erpgen generate` would otherwise load zod (and
// build the config's schema) to check a file with nothing wrong in it, which costs more than the rest of reading
// the sample. This only accepts: it gives what config.ts's schema gives for a file that schema takes, and
// undefined for anything it is not sure of (a key unknown, a value of another kind, out of range, ...); the full
// command line then reads the file with zod and says what is wrong, in zod's words. The rules are those of
// options/options.ts (GENERATE_OPTIONS, and FETCH_OPTIONS under `fetch`); test/generator/config-accept.test.ts
// holds the two readings equal over a table of good and bad files.
import { DEFAULT_OUT } from './defaults.js';
import { readOverlay } from './model/overlay.js';

/** A value the schema would refuse, or might read otherwise. */
const NO = Symbol('no');
type Rule = (value: unknown) => unknown;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const word = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : NO);
const words = (v: unknown) => (Array.isArray(v) && v.every((w) => word(w) !== NO) ? [...(v as string[])] : NO);
const matching = (pattern: RegExp) => (v: unknown) => (typeof v === 'string' && pattern.test(v) ? v : NO);
const oneOf = (choices: readonly string[]) => (v: unknown) => (choices.includes(v as string) ? v : NO);
const optional = (rule: Rule) => (v: unknown) => (v === undefined ? undefined : rule(v));
/** the default when not given (a fresh copy: zod gives each run its own) */
const withDefault = (rule: Rule, fallback: () => unknown) => (v: unknown) => (v === undefined ? fallback() : rule(v));

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** a set of known values: name, description, columns, values, in the schema's order */
function knownValueSet(v: unknown): unknown {
  if (!isObject(v)) return NO;
  if (Object.keys(v).some((k) => !['name', 'description', 'columns', 'values'].includes(k))) return NO;
  const name = matching(/^[A-Z][A-Za-z0-9_]*$/)(v.name);
  const description = v.description === undefined ? '' : typeof v.description === 'string' ? v.description : NO;
  const columns = Array.isArray(v.columns) && v.columns.length > 0 ? words(v.columns) : NO;
  const values = v.values;
  if (name === NO || description === NO || columns === NO || !isObject(values)) return NO;
  const entries = Object.entries(values);
  // `__proto__`, an identifier, is an own key of JSON.parse's object: left to zod's record
  if (entries.length === 0 || entries.some(([k]) => !IDENTIFIER.test(k) || k === '__proto__')) return NO;
  if (!entries.every(([, x]) => typeof x === 'string') && !entries.every(([, x]) => typeof x === 'number')) return NO;
  return { name, description, columns, values: Object.fromEntries(entries) };
}

function definitions(v: unknown): unknown {
  const read = readOverlay(v);
  return 'lines' in read ? read.lines : NO;
}

function pageSize(v: unknown): unknown {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 1_000_000 ? v : NO;
}

/** `fetch`'s config keys (FETCH_OPTIONS' on a config), all optional */
const FETCH: Record<string, Rule> = {
  baseUrl: optional(word),
  services: optional(words),
  tables: optional(words),
  views: optional(words),
  maxMetadataMb: optional((v) => (typeof v === 'number' && v > 0 && Number.isFinite(v) ? v : NO)),
};

/** The top level: GENERATE_OPTIONS' config keys, then `fetch`. */
const TOP: Record<string, Rule> = {
  $schema: optional((v) => (typeof v === 'string' ? v : NO)),
  snapshot: withDefault(word, () => 'schema'),
  out: withDefault(word, () => DEFAULT_OUT),
  packageName: withDefault(matching(/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/), () => 'erp-schema'),
  include: withDefault(words, () => ['*']),
  exclude: withDefault(words, () => []),
  decimals: withDefault(oneOf(['number', 'string']), () => 'number'),
  includeUnreachable: withDefault(
    (v) => (typeof v === 'boolean' ? v : NO),
    () => false,
  ),
  knownValues: withDefault(
    (v) => (Array.isArray(v) && v.every((s) => knownValueSet(s) !== NO) ? v.map(knownValueSet) : NO),
    () => [],
  ),
  definitions: withDefault(definitions, () => []),
  defaultPageSize: withDefault(pageSize, () => 1000),
  emit: withDefault(oneOf(['js', 'ts']), () => 'js'),
  fetch: optional((v) => (isObject(v) ? object(v, FETCH) : NO)),
};

/** An object of `rules`' keys, none other, each read by its rule, in the rules' order (as zod gives them). */
function object(value: Record<string, unknown>, rules: Record<string, Rule>): Record<string, unknown> | typeof NO {
  if (Object.keys(value).some((k) => !Object.hasOwn(rules, k))) return NO;
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(rules)) {
    const read = rule(Object.hasOwn(value, key) ? value[key] : undefined);
    if (read === NO) return NO;
    if (read !== undefined) out[key] = read;
  }
  return out;
}

/** The config file's JSON as the config's schema reads it, when it is plainly valid; else undefined. */
export function acceptConfig(raw: unknown): Record<string, unknown> | undefined {
  if (!isObject(raw)) return undefined;
  const read = object(raw, TOP);
  return read === NO ? undefined : read;
}
