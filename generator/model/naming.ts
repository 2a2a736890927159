// Every name erpgen derives from a server name is decided here, and only here.
//
// Rules (documented in docs/types.md, "Names"):
// - Column names are never changed: row fields, column unions and descriptors use the exact server string
//   (quoted where it is not an identifier), so what a query sends is what the server calls the column.
// - An object whose name is "plain" keeps it: the module file is `tables/<name>.ts`, the exported value is
//   `<name>`, and the types are `<Pascal>Row` / `<Pascal>Column`, where Pascal turns `_x` into `X`
//   (`customer_salesrep` -> `CustomerSalesrep`). On lower-case names this is reversible, so two plain names
//   never give the same type name.
// - Any other name (upper case, spaces, punctuation, non-ASCII, a reserved word, a name of the generated API
//   or of Object.prototype, a device name Windows will not create) gets a readable ASCII form plus `-` (files)
//   or `$` (identifiers) and eight hex digits of a hash of the exact name. Plain names contain neither
//   character, so the two sets can never collide, and a name's result never depends on the other names:
//   adding an object to the server never renames another.
// - File names are unique ignoring case (macOS and Windows), and ASCII (no normalisation surprises).
import { createHash } from 'node:crypto';
import { ENTRY_VALUES } from '../../templates/runtime/contract.js';
import { named } from '../message-text.js';

export interface ObjectNames {
  /** file stem: `tables/<stem>.ts`, export subpath `./tables/<stem>` */
  readonly stem: string;
  /** the exported value: pass it to `query()` */
  readonly value: string;
  /** prefix of the exported types `<type>Row` and `<type>Column` */
  readonly type: string;
}

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await arguments eval undefined NaN Infinity'
  ).split(' '),
);

/**
 * The values the runtime's index (templates/runtime/index.ts) and client entry (client-api.ts) export, as a list:
 * importing them to read their names loaded 46 of the runtime's modules into every run of erpgen generate. The
 * naming test keeps the list equal to what the generated package's entries export.
 */
const RUNTIME_VALUES = (
  'ErpAuthError ErpCancelledError ErpCheckpointError ErpConfigError ErpConnectionError ErpDriftError ' +
  'ErpError ErpFilterRejectedError ErpForbiddenError ErpHttpError ErpLiteralError ErpLockedError ' +
  'ErpNotAppliedError ErpNotAuthorizedError ErpNotFoundError ErpPagingError ErpQueryError ' +
  'ErpRedirectError ErpResourceNotFoundError ErpResponseTooLargeError ErpResponseWindowError ' +
  'ErpRowValidationError ErpServerError ErpServiceError ErpSignInError ErpTimeoutError ' +
  'ErpUnexpectedResponseError ErpValidationError ErpWriteNotAppliedError ErpWriteUnverifiedError Query ' +
  'and changedSince decimal defineObject not or queryWith COMMANDS_SERVICES COMMAND_ACTIONS ' +
  'ErpChangeRejectedError ErpInteractiveError ErpInteractiveUsageError ErpSessionExpiredError ' +
  'ErpTransactionBuildError ErpTransactionFailedError ErpTruncationError ErpUdtError ' +
  'ErpUdtNothingChangedError ErpUdtUsageError ErpWindowNotFoundError ErpWindowUnusableError ' +
  'answerSchemas assertPassed commandsRequest createClientWith defineService parseTransactionResponse ' +
  'retryPolicy tokenAuth'
).split(' ');

/** values the generated package's index and client entry export: the runtime's, and their own */
export const API_NAMES: ReadonlySet<string> = new Set([...RUNTIME_VALUES, ...ENTRY_VALUES]);

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** longest file stem, well under the 255 bytes file systems allow once `.ts` and a hash are added */
const MAX_STEM = 100;

function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}

/** ASCII letters, digits and `_` only: accents dropped, anything else a single `_` */
const TRANSLITERATE: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
};

function asciiWords(name: string): string {
  return name
    .replace(/[ßæÆøØœŒđĐłŁþÞ]/g, (c) => TRANSLITERATE[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_');
}

function isPlainStem(name: string): boolean {
  return /^[a-z0-9_]+$/.test(name) && name.length <= MAX_STEM && !WINDOWS_DEVICES.test(name);
}

export function isPlainIdentifier(name: string): boolean {
  return (
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name) && !API_NAMES.has(name) && !PROTOTYPE_NAMES.has(name)
  );
}

/** `customer_salesrep` -> `CustomerSalesrep`; reversible on `[a-z0-9_]` names (see the rules above) */
export function pascal(name: string): string {
  const head = name.charAt(0).toUpperCase() + name.slice(1);
  return head.replace(/(?<=.)_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function stemOf(name: string, hashLength: number): string {
  if (isPlainStem(name)) return name;
  const words =
    asciiWords(name)
      .toLowerCase()
      .replace(/^_+|_+$/g, '')
      .slice(0, MAX_STEM) || 'object';
  return `${words}-${shortHash(name, hashLength)}`;
}

function valueOf(name: string, hashLength: number): string {
  if (isPlainIdentifier(name)) return name;
  const words = asciiWords(name).slice(0, MAX_STEM);
  return `${/^[A-Za-z_]/.test(words) ? words : `_${words}`}$${shortHash(name, hashLength)}`;
}

function typeOf(name: string, hashLength: number): string {
  if (/^[a-z][a-z0-9_]*$/.test(name) && name.length <= MAX_STEM) return pascal(name);
  const words = pascal(asciiWords(name).toLowerCase().replace(/^_+/, '').slice(0, MAX_STEM));
  return `${/^[A-Za-z]/.test(words) ? words : `X${words}`}$${shortHash(name, hashLength)}`;
}

export interface NamedObject {
  readonly name: string;
  readonly surface: 'table' | 'view';
}

/**
 * Names for every object of both surfaces, in the order given. Values and types are unique across the
 * package, file stems within their folder. A name on both surfaces (the server says this never happens) keeps
 * its plain names on the table and gets hashed names on the view.
 */
export function nameObjects(objects: readonly NamedObject[]): ObjectNames[] {
  const tableNames = new Set<string>();
  for (const o of objects) if (o.surface === 'table') tableNames.add(o.name);
  const names = objects.map((o) =>
    nameOne(o.name, o.surface === 'view' && tableNames.has(o.name) ? `view:${o.name}` : undefined),
  );
  ensureUnique(objects, names);
  return names;
}

function nameOne(name: string, seed?: string): ObjectNames {
  if (seed === undefined) return { stem: stemOf(name, 8), value: valueOf(name, 8), type: typeOf(name, 8) };
  const hash = shortHash(seed);
  const base = nameOne(name);
  return {
    stem: `${base.stem.split('-')[0]}-${hash}`,
    value: `${base.value.split('$')[0]}$${hash}`,
    type: `${base.type.split('$')[0]}$${hash}`,
  };
}

/**
 * Plain names cannot collide (distinct names give distinct plain stems, values and types, and none of them
 * holds `-` or `$`), so only hashed ones are compared. A collision in eight hex digits is astronomically
 * unlikely; if one happens, say so rather than guess.
 */
function ensureUnique(objects: readonly NamedObject[], names: readonly ObjectNames[]): void {
  const seen = new Map<string, string>();
  names.forEach((n, i) => {
    const o = objects[i]!;
    for (const id of [`${o.surface} file ${n.stem.toLowerCase()}`, `value ${n.value}`, `type ${n.type}`]) {
      if (!/[-$]/.test(id)) continue;
      const other = seen.get(id);
      if (other !== undefined)
        throw new Error(
          `erpgen naming collision between ${other} and ${o.surface} ${named(o.name)} on ${named(id)}: please report this`,
        );
      seen.set(id, `${o.surface} ${named(o.name)}`);
    }
  });
}

/**
 * Names of transaction services (`Order`, `PickZone`, `m_openorderreport`): the module is
 * `transactions/<Service>.ts` with the name's own case, so that imports read as the service is called; the
 * same rules as objects otherwise. Services are few, so a name whose file or type would clash with another
 * service's (ignoring case) is resolved against the others: the first in code-point order keeps it.
 */
export function nameServices(services: readonly string[]): Map<string, ObjectNames> {
  const sorted = [...new Set(services)].sort();
  const stemTaken = new Set<string>();
  const typeTaken = new Set<string>();
  const names = new Map<string, ObjectNames>();
  for (const name of sorted) {
    const plainStem =
      /^[A-Za-z0-9_]+$/.test(name) &&
      name.length <= MAX_STEM &&
      !WINDOWS_DEVICES.test(name.toLowerCase()) &&
      !stemTaken.has(name.toLowerCase());
    const stem = plainStem
      ? name
      : `${
          asciiWords(name)
            .replace(/^_+|_+$/g, '')
            .slice(0, MAX_STEM) || 'service'
        }-${shortHash(name)}`;
    stemTaken.add(stem.toLowerCase());
    const candidate = /^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? pascal(name) : undefined;
    const type =
      candidate && !typeTaken.has(candidate)
        ? candidate
        : candidate
          ? `${candidate}$${shortHash(name)}`
          : typeOf(name, 8);
    typeTaken.add(type);
    names.set(name, { stem, value: valueOf(name, 8), type });
  }
  return names;
}
