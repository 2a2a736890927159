// Serialises sample objects as a JSON CSDL schema document the way the server shapes it: one schema `dbo`
// holding an entity type per object, and the container `ns.container` holding one entity set per object.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { SampleColumn, SampleObject } from './make-tenant.js';

export interface CsdlLayout {
  /** put the container schema before the entity types (a parser must accept both orders) */
  readonly containerFirst?: boolean;
  /** start with a UTF-8 byte-order mark */
  readonly bom?: boolean;
  /** give schema `dbo` this `$Alias` and reference every entity type through it */
  readonly alias?: string;
  /** annotations on types and properties, which a parser must skip */
  readonly annotations?: boolean;
}

function property(c: SampleColumn): string {
  const parts: string[] = [];
  if (c.type !== 'Edm.String' || c.explicitString) parts.push(`"$Type":${JSON.stringify(c.type)}`);
  if (c.nullable) parts.push('"$Nullable":true');
  if (c.maxLength !== undefined) parts.push(`"$MaxLength":${c.maxLength}`);
  if (c.precision !== undefined) parts.push(`"$Precision":${c.precision}`);
  if (c.scale !== undefined) parts.push(`"$Scale":${c.scale}`);
  return `{${parts.join(',')}}`;
}

function entityType(o: SampleObject, annotations: boolean): string {
  const members = [`"$Kind":"EntityType"`, `"$Key":${JSON.stringify(o.key)}`];
  if (annotations) members.push(`"@Core.Description":${JSON.stringify(`The ${o.name} object`)}`);
  for (const c of o.columns) {
    members.push(`${JSON.stringify(c.name)}:${property(c)}`);
    if (annotations && c.name.length % 7 === 0)
      members.push(`${JSON.stringify(`${c.name}@Core.Description`)}:"a column"`);
  }
  return `${JSON.stringify(o.typeName ?? o.name)}:{${members.join(',')}}`;
}

function* csdlChunks(objects: readonly SampleObject[], layout: CsdlLayout = {}): Generator<string> {
  const ns = layout.alias ?? 'dbo';
  const container = (): string => {
    const sets = objects.map(
      (o) =>
        `${JSON.stringify(o.name)}:{"$Collection":true,"$Type":${JSON.stringify(`${ns}.${o.typeName ?? o.name}`)}}`,
    );
    return `"ns":{"container":{"$Kind":"EntityContainer",${sets.join(',')}}}`;
  };
  yield `${layout.bom ? '\uFEFF' : ''}{"$Version":"4.0","$EntityContainer":"ns.container",`;
  if (layout.containerFirst) yield `${container()},`;
  yield `"dbo":{${layout.alias ? `"$Alias":${JSON.stringify(layout.alias)},` : ''}`;
  let first = true;
  for (const o of objects) {
    yield `${first ? '' : ','}${entityType(o, layout.annotations ?? false)}`;
    first = false;
  }
  yield '}';
  if (!layout.containerFirst) yield `,${container()}`;
  yield '}';
}

export async function writeCsdl(
  path: string,
  objects: readonly SampleObject[],
  layout: CsdlLayout = {},
): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let batch = '';
  for (const chunk of csdlChunks(objects, layout)) {
    batch += chunk;
    if (batch.length > 1 << 20) {
      bytes += Buffer.byteLength(batch);
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  bytes += Buffer.byteLength(batch);
  out.end(batch);
  await once(out, 'finish');
  return bytes;
}
