// `client.changes()`: the sync object, where it has got to (a position in the order of the object's stamp, then its
// key), and the checkpoint, that position written as an opaque string to store between runs. Small, since the
// client carries it from the start; the pages are walked, and a checkpoint given as `since` is read and checked, by
// keyset.ts, loaded on the first read.
//
// A checkpoint is `erpgen-sync.<format>.<base64url of JSON>.<checksum>`: the JSON names the object and the columns
// of the order, so that a checkpoint of another object, or taken before the key or the stamp changed, is refused
// rather than read as a position it is not; the checksum refuses one cut short or edited.
import { ErpCheckpointError, ErpLiteralError, ErpQueryError } from '../errors.js';
import { literal } from '../literals.js';
import { stampColumn } from './query.js';
export const PREFIX = 'erpgen-sync.';
export const FORMAT = 1;
/** FNV-1a, 32 bits, of UTF-16 code units: enough to tell a checkpoint cut short or edited by hand. */
export function checksum(text) {
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
/** A position of `object` (`table/customer`) in the order of `columns` as a checkpoint string. */
export function writeCheckpoint(object, columns, position) {
  if (position.from === 'given') return position.text;
  const p = position.from === 'start' ? null : position.from === 'time' ? { t: position.at } : { a: position.values };
  const json = JSON.stringify({ o: object, c: columns, p });
  return `${PREFIX}${FORMAT}.${toBase64Url(json)}.${checksum(json)}`;
}
/** The columns `changes()` orders an object's rows by: its stamp (see stampColumn), then its key. */
export function syncColumns(object) {
  const where = `changes(${object.surface}/${object.name})`;
  const stamp = stampColumn(object.columns);
  if (stamp === undefined)
    throw new ErpQueryError(
      `${where}: ${object.name} has no modification stamp (a date_last_modified or max_date_last_modified column)`,
    );
  if (object.key.length === 0) throw new ErpQueryError(`${where}: ${object.name} has no key to order its rows by`);
  return [stamp, ...object.key.filter((k) => k !== stamp)];
}
/** Where `since` says to start (a checkpoint is read on the first read); an ErpCheckpointError when it says nothing. */
function startOf(where, since) {
  if (since === undefined) return { from: 'start' };
  if (typeof since === 'string' && since.startsWith(PREFIX)) return { from: 'given', text: since };
  try {
    return { from: 'time', at: literal('datetime', since, `${where}: since`) };
  } catch (error) {
    if (!(error instanceof ErpLiteralError) || since instanceof Date) throw error;
  }
  const shown =
    typeof since !== 'string'
      ? since === null
        ? 'null'
        : `a ${typeof since}`
      : JSON.stringify(since.length > 40 ? `${since.slice(0, 40)}…` : since);
  throw new ErpCheckpointError(
    `${where}: since is neither a checkpoint of changes() (${PREFIX}…) nor a date-time (a Date, or ISO 8601 with Z or an offset): ${shown}`,
  );
}
/**
 * The sync of `query` from `since`: its plan and start are checked at once (before anything is sent); `read` walks
 * the pages from a position, telling each row's position as the row is delivered.
 */
export function openSync(query, since, read) {
  const object = `${query.object.surface}/${query.object.name}`;
  const columns = syncColumns(query.object);
  let position = startOf(`changes(${object})`, since);
  let reading = false;
  return {
    get checkpoint() {
      return writeCheckpoint(object, columns, position);
    },
    async *[Symbol.asyncIterator]() {
      if (reading)
        throw new ErpQueryError(`changes(${object}): this sync is being read already; read it in one loop at a time`);
      reading = true;
      try {
        yield* read(position, (to) => (position = to));
      } finally {
        reading = false;
      }
    },
  };
}
