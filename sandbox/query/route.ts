// The data query family: `/odataservice/odata/{table|view}/{name}` and `/odataservice/odata/{table|view}/$metadata`.
//
// Checks run in the order the service's layers run them: the path must name a surface and one segment (else an
// empty 404), the token must be known (401), the object must exist on that surface (empty 404), the token's
// allow-list must name it (401), and only then are the query options read.
import type { Surface } from '../schema.js';
import { authorizeObject } from '../auth.js';
import { EmptyNotFoundError, QueryError } from './errors.js';
import { readRowQuery } from './options.js';
import { emptyReply, ODATA_JSON, odataErrorReply, type Reply, type ServiceRequest } from '../reply.js';
import type { Routes } from '../server.js';
import type { RenderedResult, StoredObject, Store } from '../store.js';

const ODATA_BASE = '/odataservice/odata/';

export interface ODataContext {
  readonly store: Store;
  /** the snapshot's schema documents, served byte for byte */
  readonly metadata: Readonly<Record<Surface, Buffer>>;
  /** `http://127.0.0.1:<port>`, known once the server listens */
  readonly origin: () => string;
}

/** What the service answers for $metadata without `Accept: application/json`: XML, which clients must refuse. */
const XML_METADATA =
  '<?xml version="1.0" encoding="utf-8"?><edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"/>';

/** `{surface, name}` of a path that can name an object; undefined for any other (an empty 404, before the token). */
function objectOf(path: string): { surface: Surface; name: string } | undefined {
  const segments = path.slice(ODATA_BASE.length).split('/');
  const [surface, rawName] = segments;
  // includes `/odataservice/odata/$metadata`, which does not exist
  if (segments.length !== 2 || (surface !== 'table' && surface !== 'view') || rawName === undefined) return undefined;
  try {
    return { surface, name: decodeURIComponent(rawName) };
  } catch {
    return undefined;
  }
}

export function queryRoutes(ctx: ODataContext): Routes {
  return {
    name: 'data query',
    owns: (path) => path.startsWith(ODATA_BASE),
    access: 'odata',
    before(head) {
      if (!objectOf(head.path)) return emptyReply(404);
      if (head.method !== 'GET') return emptyReply(405, { Allow: 'GET' });
      return undefined;
    },
    route(request, caller) {
      const { surface, name } = objectOf(request.path)!;
      if (name === '$metadata') return metadataReply(ctx.metadata[surface], request);
      const stored = ctx.store.find(surface, name);
      if (!stored) return emptyReply(404);
      const denied = authorizeObject(caller.grant, name);
      if (denied) return denied;
      try {
        const query = readRowQuery(stored, request.query);
        return collectionReply(ctx.origin(), stored, ctx.store.page(stored, query));
      } catch (error) {
        if (error instanceof EmptyNotFoundError) return emptyReply(404);
        if (error instanceof QueryError) return odataErrorReply(error.status, error.code, error.message);
        throw error;
      }
    },
  };
}

function metadataReply(document: Buffer, request: ServiceRequest): Reply {
  if (/application\/json/i.test(request.headers['accept'] ?? '')) {
    return { status: 200, headers: { 'Content-Type': 'application/json', 'OData-Version': '4.0' }, body: document };
  }
  return { status: 200, headers: { 'Content-Type': 'application/xml', 'OData-Version': '4.0' }, body: XML_METADATA };
}

/** the end of a collection's answer, after its rows */
const CLOSE = Buffer.from(']}');

/**
 * The JSON text is written here (the rows by the store, row-json.ts), not by JSON.stringify of parsed rows: decimals
 * must keep every digit, and Int64 values beyond 2^53 must stay exact.
 */
function collectionReply(origin: string, stored: StoredObject, result: RenderedResult): Reply {
  const context = `${origin}${ODATA_BASE}${stored.surface}/$metadata#${stored.object.name}`;
  const count = result.count === undefined ? '' : `"@odata.count":${result.count},`;
  return {
    status: 200,
    headers: { 'Content-Type': ODATA_JSON, 'OData-Version': '4.0' },
    body: Buffer.concat([
      Buffer.from(`{"@odata.context":${JSON.stringify(context)},${count}"value":[`),
      result.rows,
      CLOSE,
    ]),
  };
}
