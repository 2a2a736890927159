// A JSON CSDL document shaped like the big public ones (Microsoft Graph's, SAP's): everything OData v4 has that
// this server's query surface does not use, at scale and deterministic. Entity types derive from bases declared
// before and after them, in another schema and by alias, from an abstract root declared last; properties of
// enumeration (flags too), complex and type definition types, collections and navigation properties; bound
// actions and functions (overload arrays), terms and annotation blocks; and a container with entity sets,
// singletons, function and action imports. A few entity types cannot be resolved (a missing base, a cycle, a
// complex base). `expected` says what erpgen must generate and leave out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prng } from '../tenant/random.js';

export interface PublicCsdl {
  readonly text: string;
  readonly expected: {
    /** entity sets generated */
    readonly generated: number;
    readonly singletons: number;
    readonly functionImports: number;
    readonly actionImports: number;
    /** entity sets left out because their type cannot be resolved, by name */
    readonly unresolved: readonly string[];
    /** entity sets whose row leaves out navigation or collection-valued properties (one notice line each) */
    readonly withLeftOutProperties: number;
    /** entity sets of an abstract type (one notice line each) */
    readonly abstract: number;
  };
}

const PRIMITIVES = [
  '{}',
  '{"$Nullable":true,"$MaxLength":40}',
  '{"$Type":"Edm.Int32"}',
  '{"$Type":"Edm.Int64","$Nullable":true}',
  '{"$Type":"Edm.Boolean","$Nullable":true}',
  '{"$Type":"Edm.DateTimeOffset","$Nullable":true,"$Precision":7}',
  '{"$Type":"Edm.Date","$Nullable":true}',
  '{"$Type":"Edm.Decimal","$Precision":19,"$Scale":4}',
  '{"$Type":"Edm.Double","$Nullable":true}',
  '{"$Type":"Edm.Guid","$Nullable":true}',
  '{"$Type":"Edm.Binary","$Nullable":true}',
  '{"$Type":"Edm.Stream","$Nullable":true}',
  '{"$Type":"Edm.Duration","$Nullable":true}',
  '{"$Type":"Edm.GeographyPoint","$Nullable":true}',
];
/** names a public schema may well use and a generator must survive */
const ODD_MEMBERS = ['constructor', '__proto__', 'toString', 'größe', 'default', 'class'];

const ENUMS = 20;
const COMPLEX = 30;

export function publicCsdl(seed = 7, types = 400): PublicCsdl {
  if (types % 4 !== 0) throw new Error('types: a multiple of four (the chains come in fours)');
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const json = JSON.stringify;

  // svc (alias s): enumerations, complex types, type definitions, entity types T0..Tn, the abstract root last
  const svc: string[] = ['"$Alias":"s"'];
  for (let e = 0; e < ENUMS; e++) {
    const flags = e % 5 === 4;
    const names = Array.from({ length: 2 + (e % 6) }, (_, m) =>
      m === 1 ? ODD_MEMBERS[e % ODD_MEMBERS.length]! : `v${e}_${m}`,
    );
    svc.push(
      `"Enum${e}":{"$Kind":"EnumType"${flags ? ',"$IsFlags":true' : ''},${names.map((n, m) => `${json(n)}:${flags ? 1 << m : m},${json(`${n}@Core.Description`)}:"member"`).join(',')}}`,
    );
  }
  for (let c = 0; c < COMPLEX; c++)
    svc.push(
      `"Complex${c}":{"$Kind":"ComplexType"${c % 3 === 1 ? `,"$BaseType":"s.Complex${c - 1}"` : ''},"street":{"$Nullable":true},"inner":{"$Type":"s.Complex${(c + 1) % COMPLEX}","$Nullable":true},"kind":{"$Type":"s.Enum${c % ENUMS}"}}`,
    );
  svc.push('"Code":{"$Kind":"TypeDefinition","$UnderlyingType":"Edm.String","$MaxLength":12}');
  svc.push('"Money":{"$Kind":"TypeDefinition","$UnderlyingType":"Edm.Decimal","$Precision":19,"$Scale":2}');

  let withLeftOut = 0;
  const leftOutOf = new Map<string, boolean>();
  const base = new Map<string, string>();
  const entityType = (name: string, baseName: string | undefined, i: number, ownKey = false): string => {
    const members: string[] = [];
    if (baseName) members.push(`"$BaseType":${json(baseName)}`);
    if (ownKey) members.push(`"$Key":["code${i}"]`, `"code${i}":{"$Type":"s.Code"}`);
    if (i % 9 === 0) members.push('"$OpenType":true', '"$HasStream":true');
    members.push(`"@Core.Description":${json(`type ${name}`)}`);
    const count = 3 + Math.floor(random() * 10);
    let leaves = false;
    for (let p = 0; p < count; p++) {
      const prop = `${name.replace(/\W/g, '')}_p${p}`;
      const roll = random();
      if (roll < 0.55) members.push(`${json(prop)}:${pick(PRIMITIVES)}`);
      else if (roll < 0.68)
        members.push(`${json(prop)}:{"$Type":"s.Enum${Math.floor(random() * ENUMS)}","$Nullable":true}`);
      else if (roll < 0.78)
        members.push(`${json(prop)}:{"$Type":"s.Complex${Math.floor(random() * COMPLEX)}","$Nullable":true}`);
      else if (roll < 0.82) members.push(`${json(prop)}:{"$Type":"s.Money","$Nullable":true}`);
      else if (roll < 0.9) {
        members.push(`${json(prop)}:{"$Type":"Edm.String","$Collection":true}`);
        leaves = true;
      } else {
        members.push(
          `${json(prop)}:{"$Kind":"NavigationProperty","$Type":"s.T${Math.floor(random() * types)}"${random() < 0.5 ? ',"$Collection":true,"$ContainsTarget":true' : ',"$Nullable":true'}}`,
        );
        leaves = true;
      }
      members.push(`${json(`${prop}@Core.Description`)}:"a property"`);
    }
    leftOutOf.set(name, leaves);
    if (baseName) base.set(name, baseName);
    return `${json(name)}:{"$Kind":"EntityType",${members.join(',')}}`;
  };
  for (let i = 0; i < types; i++) {
    // chains of up to four: T(4k) from the root, T(4k+1) and T(4k+3) from types declared before them, T(4k+2)
    // from the type after it (by the alias)
    const baseName = [`s.entity`, `svc.T${i - 1}`, `s.T${i + 1}`, `svc.T${i - 3}`][i % 4]!;
    svc.push(entityType(`T${i}`, baseName, i, i % 8 === 4));
  }
  // bound operations: overloads share a name
  svc.push(
    `"delta":[{"$Kind":"Function","$IsBound":true,"$Parameter":[{"$Name":"bindingParameter","$Type":"s.T0","$Collection":true}],"$ReturnType":{"$Type":"s.T0","$Collection":true}},{"$Kind":"Function","$IsBound":true,"$Parameter":[{"$Name":"bindingParameter","$Type":"s.T1","$Collection":true}],"$ReturnType":{"$Type":"s.T1","$Collection":true}}]`,
    `"restore":[{"$Kind":"Action","$IsBound":true,"$Parameter":[{"$Name":"bindingParameter","$Type":"s.T2"}],"$ReturnType":{"$Type":"s.T2"}}]`,
    `"reportRoot":[{"$Kind":"Function","$ReturnType":{"$Type":"Edm.Stream"}}]`,
    `"Tagged":{"$Kind":"Term","$Type":"Edm.Boolean","$AppliesTo":["EntityType"]}`,
    // broken: a missing base, a cycle, a complex base
    `"orphan":{"$Kind":"EntityType","$BaseType":"s.gone","x":{}}`,
    `"loopA":{"$Kind":"EntityType","$BaseType":"s.loopB","x":{}}`,
    `"loopB":{"$Kind":"EntityType","$BaseType":"s.loopA","y":{}}`,
    `"structBase":{"$Kind":"EntityType","$BaseType":"s.Complex0","x":{}}`,
    // the abstract root, declared last: every chain reaches back to it
    `"entity":{"$Kind":"EntityType","$Abstract":true,"$Key":["id"],"id":{}}`,
    `"$Annotations":{"s.T0":{"@Core.Description":"annotated from outside"},"s.T1/T1_p0":{"@Core.Immutable":true}}`,
  );

  // svc.more (alias m): types deriving across schemas, one abstract set type
  const more: string[] = ['"$Alias":"m"'];
  for (let i = 0; i < 20; i++) more.push(entityType(`M${i}`, i % 2 ? `m.M${i - 1}` : 's.entity', types + i));
  more.push('"Place":{"$Kind":"EntityType","$Abstract":true,"$BaseType":"s.entity","label":{"$Nullable":true}}');

  // the container: sets (odd names among them; two sets may share a type), singletons, imports
  const sets: string[] = [];
  const setNames: string[] = [];
  const setType = new Map<string, string>();
  const addSet = (name: string, type: string) => {
    sets.push(`${json(name)}:{"$Collection":true,"$Type":${json(type)},"$NavigationPropertyBinding":{"x":"y"}}`);
    setNames.push(name);
    setType.set(name, type.slice(type.lastIndexOf('.') + 1));
  };
  for (let i = 0; i < types; i++) addSet(ODD_MEMBERS[(i - 7) / 50] ?? `t${i}`, `s.T${i}`);
  for (let i = 0; i < 20; i++) addSet(`m${i}`, `svc.more.M${i}`);
  addSet('order lines', 's.T3');
  addSet('places', 'm.Place');
  for (const broken of ['orphan', 'loopA', 'structBase']) addSet(broken, `s.${broken}`);
  const singletons = 12;
  for (let i = 0; i < singletons; i++) sets.push(`"single${i}":{"$Type":"s.T${i}"}`);
  const functionImports = 6;
  for (let i = 0; i < functionImports; i++)
    sets.push(`"fn${i}":{"$Function":"s.reportRoot"${i % 2 ? ',"$IncludeInServiceDocument":true' : ''}}`);
  const actionImports = 3;
  for (let i = 0; i < actionImports; i++) sets.push(`"act${i}":{"$Action":"s.restore"}`);

  const text =
    `{"$Version":"4.0","$EntityContainer":"svc.Service",` +
    `"$Reference":{"https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.json":{"$Include":[{"$Namespace":"Org.OData.Core.V1","$Alias":"Core"}]}},` +
    `"svc":{${svc.join(',')},"Service":{"$Kind":"EntityContainer",${sets.join(',')}}},` +
    `"svc.more":{${more.join(',')}}}`;

  // what a chain leaves out: any type in it with navigation or collection properties
  const leaves = (type: string): boolean => {
    for (let t: string | undefined = type, guard = 0; t && guard < 50; guard++) {
      if (leftOutOf.get(t)) return true;
      const b = base.get(t);
      t = b?.slice(b.lastIndexOf('.') + 1);
    }
    return false;
  };
  const unresolved = ['orphan', 'loopA', 'structBase'];
  const generatedSets = setNames.filter((n) => !unresolved.includes(n));
  withLeftOut = generatedSets.filter((n) => leaves(setType.get(n)!)).length;
  return {
    text,
    expected: {
      generated: generatedSets.length,
      singletons,
      functionImports,
      actionImports,
      unresolved,
      withLeftOutProperties: withLeftOut,
      abstract: 1,
    },
  };
}

/** A snapshot folder with the document as its tables and an empty views document. */
export function writePublicSnapshot(dir: string, tables: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tables.metadata.json'), tables);
  writeFileSync(
    join(dir, 'views.metadata.json'),
    '{"$Version":"4.0","$EntityContainer":"ns.container","ns":{"container":{"$Kind":"EntityContainer"}}}',
  );
}
