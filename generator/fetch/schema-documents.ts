// The two schema documents of a fetch, one after the other (in parallel they would hold two sets of network
// buffers): each streamed to disk (they want `Accept: application/json` and a long timeout; about 4 and 6 MB on a
// stock tenant), then kept whole, or narrowed to the objects the globs and the consumer key's allow-list name.
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Http } from '../../templates/runtime/http/types.js';
import { UserError } from '../errors.js';
import { selector } from '../model/select.js';
import type { Surface } from '../model/schema.js';
import { readCsdlIndex } from '../parse/csdl.js';
import { SNAPSHOT_FILES, type DocumentEntry, type LeftOut } from '../source/layout.js';
import { download, TooLarge } from './download.js';
import { countObjects, filterDocument } from './filter-document.js';

export interface DocumentsRequest {
  readonly http: Http;
  readonly base: string;
  /** the folder the documents are written to */
  readonly dir: string;
  /** the most bytes of one document */
  readonly cap: number;
  readonly tables: readonly string[];
  readonly views: readonly string[];
  /** the consumer key's OData allow-list (lower case), when its token carries one */
  readonly allowList: ReadonlySet<string> | undefined;
  /** bytes downloaded, as they arrive */
  readonly onBytes: (n: number) => void;
}

export interface Documents {
  readonly documents: Readonly<Record<Surface, DocumentEntry>>;
  readonly leftOut: Readonly<Record<Surface, LeftOut>>;
}

const SURFACES: readonly Surface[] = ['table', 'view'];

export async function fetchDocuments(request: DocumentsRequest): Promise<Documents> {
  const documents = {} as Record<Surface, DocumentEntry>;
  const leftOut = {} as Record<Surface, LeftOut>;
  for (const surface of SURFACES) {
    const file = join(request.dir, SNAPSHOT_FILES[surface]);
    const raw = `${file}.download`;
    const downloaded = await downloadDocument(request, surface, raw);
    const globs = surface === 'table' ? request.tables : request.views;
    const kept = keepSelected(raw, file, surface, globs, request.allowList);
    leftOut[surface] = kept.leftOut;
    documents[surface] = {
      file: SNAPSHOT_FILES[surface],
      bytesDownloaded: downloaded,
      objects: kept.objects,
      kept: kept.kept,
      filtered: kept.kept < kept.objects,
    };
  }
  return { documents, leftOut };
}

async function downloadDocument(request: DocumentsRequest, surface: Surface, raw: string): Promise<number> {
  const shown = `/odataservice/odata/${surface}/$metadata`;
  try {
    return await download(request.http, `${request.base}${shown}`, shown, raw, request.cap, request.onBytes);
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    throw new UserError(
      'ERPGEN_FETCH_TOO_LARGE',
      `GET ${shown}: ${error.message}, the most erpgen fetch takes of one schema document (--max-metadata-mb; a stock tenant's are about 4 and 6 MB); nothing was written`,
      { where: { request: `GET ${shown}` } },
    );
  }
}

/** Moves the downloaded document to `file`: whole, or without the objects neither the globs nor the allow-list keep. */
function keepSelected(
  raw: string,
  file: string,
  surface: Surface,
  globs: readonly string[],
  allowList: ReadonlySet<string> | undefined,
): { objects: number; kept: number; leftOut: LeftOut } {
  const narrowed = globs.length > 0 && !(globs.length === 1 && globs[0] === '*');
  const label = `${surface}/$metadata`;
  if (!narrowed && !allowList) {
    // every object is kept: the document is checked and counted, not indexed (memory stays flat)
    const objects = countObjects(raw, label);
    renameSync(raw, file);
    return { objects, kept: objects, leftOut: null };
  }
  // an XML, HTML or broken answer is named here, with the byte where it goes wrong
  const index = readCsdlIndex(raw, surface, label);
  const byGlob = selector({ include: narrowed ? globs : ['*'], exclude: [], includeUnreachable: true });
  const keep = index.objects.filter(
    (o) => byGlob(o.name).generate && (!allowList || allowList.has(o.name.toLowerCase())),
  );
  const keptNames = new Set(keep.map((o) => o.name));
  const keptTypes = new Set(keep.map((o) => o.entityType));
  const dropped = index.objects.filter((o) => !keptNames.has(o.name));
  if (dropped.length === 0)
    renameSync(raw, file); // the server's bytes, when nothing is left out
  else {
    filterDocument(raw, file, {
      dropSets: new Set(dropped.map((o) => o.name)),
      dropTypes: new Set(dropped.map((o) => o.entityType).filter((t) => !keptTypes.has(t))),
    });
    rmSync(raw);
  }
  const reasons = [
    narrowed ? `not matched by --${surface}s ${globs.join(' ')}` : undefined,
    allowList ? "not on the consumer key's OData allow-list" : undefined,
  ].filter((r) => r !== undefined);
  return {
    objects: index.objects.length,
    kept: keep.length,
    leftOut: dropped.length ? { count: dropped.length, reason: reasons.join(', or ') } : null,
  };
}
