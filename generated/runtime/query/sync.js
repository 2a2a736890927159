// `client.changes()`: what it reads by (its plan: the object's stamp, then its key), where it has got to (a position
// in that order), and the checkpoint, that position written as an opaque string to store between runs. The pages
// themselves are walked by keyset.ts, loaded on the first read.
//
// A checkpoint is `erpgen-sync.<format>.<base64url of JSON>.<checksum>`: the JSON names the object and the columns
// of the order, so that a checkpoint of another object, or taken before the key or the stamp changed, is refused
// rather than read as a position it is not; the checksum refuses one cut short or edited. Its values are checked
// again as filter literals before they are sent.
import { ErpCheckpointError, ErpLiteralError, ErpQueryError } from '../errors.js';
import { fromBase64Url } from '../jwt.js';
import { literal } from '../literals.js';
import { hasOwn } from '../object.js';
import { stampColumn } from '../query.js';
const PREFIX = 'erpgen-sync.';
const FORMAT = 1;
/** FNV-1a, 32 bits, of UTF-16 code units: enough to tell a checkpoint cut short or edited by hand. */
function checksum(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
// through globalThis: the package compiles without DOM or Node type definitions
const codec = globalThis;
function toBase64Url(text) {
  let binary = '';
  for (const byte of new codec.TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return codec.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** The plan of `changes()` for a query, or an ErpQueryError saying why the query cannot be read so. */
export function syncPlan(query) {
  const { object, options } = query;
  const where = `changes(${object.surface}/${object.name})`;
  const stamp = stampColumn(object.columns);
  if (stamp === undefined)
    throw new ErpQueryError(
      `${where}: ${object.name} has no modification stamp (a date_last_modified or max_date_last_modified column)`,
    );
  if (object.key.length === 0) throw new ErpQueryError(`${where}: ${object.name} has no key to order its rows by`);
  const columns = [stamp, ...object.key.filter((k) => k !== stamp)];
  ownOrder(where, options, columns);
  return { object: `${object.surface}/${object.name}`, columns, kinds: kindsOf(query, columns, where) };
}
/** The column kinds of a query's object, which its position's literals are written by. */
export function kindsOf(query, columns, where) {
  const kinds = query.object.columns;
  return columns.map((c) => {
    const kind = kinds && hasOwn(kinds, c) ? kinds[c] : undefined;
    if (kind === undefined)
      throw new ErpQueryError(
        `${where}: the kind of key column ${c} is not known (give a generated object to query())`,
      );
    return kind;
  });
}
/** Refuses an order or a skip of the query's own where the read sets them (an order equal to its own is fine). */
export function ownOrder(where, options, columns) {
  const same =
    options.orderBy.length === 0 ||
    (options.orderBy.length === columns.length &&
      options.orderBy.every(([c, d], i) => c === columns[i] && d === 'asc'));
  if (!same)
    throw new ErpQueryError(
      `${where}: the query is ordered by ${options.orderBy.map(([c, d]) => `${c} ${d}`).join(', ')}; this read orders by ${columns.join(', ')} itself (drop orderBy())`,
    );
  if (options.skip)
    throw new ErpQueryError(
      `${where}: the query skips ${options.skip} rows; this read starts after a position (drop skip())`,
    );
}
/** The position `since` names for `plan`: refused with an ErpCheckpointError when it names none. */
export function startOf(plan, since) {
  const where = `changes(${plan.object})`;
  if (since === undefined) return { from: 'start' };
  if (typeof since === 'string' && since.startsWith(PREFIX)) return readCheckpoint(plan, since);
  if (since instanceof Date || typeof since === 'string') {
    try {
      return { from: 'time', at: literal('datetime', since, `${where}: since`) };
    } catch (error) {
      if (!(error instanceof ErpLiteralError) || since instanceof Date) throw error;
    }
  }
  throw new ErpCheckpointError(
    `${where}: since is neither a checkpoint of changes() (${PREFIX}…) nor a date-time (a Date, or ISO 8601 with Z or an offset): ${describe(since)}`,
  );
}
function describe(value) {
  if (typeof value !== 'string') return value === null ? 'null' : `a ${typeof value}`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
/** A position as a checkpoint string. */
export function writeCheckpoint(plan, position) {
  const p = position.from === 'start' ? null : position.from === 'time' ? { t: position.at } : { a: position.values };
  const json = JSON.stringify({ o: plan.object, c: plan.columns, p });
  return `${PREFIX}${FORMAT}.${toBase64Url(json)}.${checksum(json)}`;
}
function readCheckpoint(plan, text) {
  const where = `changes(${plan.object})`;
  const refuse = (why) => new ErpCheckpointError(`${where}: the checkpoint ${why}`);
  const [format, body, sum, ...rest] = text.slice(PREFIX.length).split('.');
  if (format !== String(FORMAT))
    throw refuse(
      `is of format ${describe(format)}, which this package does not read (it reads ${FORMAT}): it was made by another erpgen`,
    );
  const json = body === undefined ? undefined : fromBase64Url(body);
  if (json === undefined || sum === undefined || rest.length > 0 || checksum(json) !== sum)
    throw refuse('is not one changes() made: it was cut short or altered (its checksum does not match)');
  let parsed;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw refuse('is not one changes() made: its content is not JSON');
  }
  if (parsed.o !== plan.object) throw refuse(`was taken of ${describe(parsed.o)}, not of ${plan.object}`);
  if (JSON.stringify(parsed.c) !== JSON.stringify(plan.columns))
    throw refuse(
      `was taken in the order ${Array.isArray(parsed.c) ? parsed.c.join(', ') : '?'}, and the package now orders ${plan.object} by ${plan.columns.join(', ')} (its key or stamp changed since): start again from a time`,
    );
  const p = parsed.p;
  if (p === null) return { from: 'start' };
  if (typeof p === 'object' && typeof p.t === 'string') {
    try {
      return { from: 'time', at: literal('datetime', p.t, 'since') };
    } catch {
      throw refuse('is not one changes() made: its time is not a date-time');
    }
  }
  if (typeof p === 'object' && Array.isArray(p.a) && p.a.length === plan.columns.length) {
    // each value must still be a literal of its column: a column retyped since is refused here, not by the server
    p.a.forEach((value, i) => {
      try {
        if (value !== null) literal(plan.kinds[i], value, plan.columns[i]);
      } catch (error) {
        if (!(error instanceof ErpLiteralError)) throw error;
        throw refuse(`holds a value its column no longer takes (the schema changed since): ${error.message}`);
      }
    });
    return { from: 'after', values: p.a };
  }
  throw refuse('is not one changes() made: it names no position');
}
/**
 * The sync of `query` from `since`: its plan and start are checked at once (before anything is sent); `read` walks
 * the pages from a position, telling each row's position as the row is delivered.
 */
export function openSync(query, since, read) {
  const plan = syncPlan(query);
  let position = startOf(plan, since);
  let reading = false;
  return {
    get checkpoint() {
      return writeCheckpoint(plan, position);
    },
    async *[Symbol.asyncIterator]() {
      if (reading)
        throw new ErpQueryError(
          `changes(${plan.object}): this sync is being read already; read it in one loop at a time`,
        );
      reading = true;
      try {
        yield* read(plan, position, (to) => (position = to));
      } finally {
        reading = false;
      }
    },
  };
}
