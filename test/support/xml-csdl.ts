// XML CSDL (an `edmx:Edmx` $metadata document) to JSON CSDL, as the OASIS "OData CSDL JSON Representation" maps
// one to the other. Test support only: public schemas (Microsoft Graph's among them) are published as XML, and the
// generator reads JSON CSDL. Covers what such documents hold: schemas with aliases, entity, complex, enumeration
// and type definition types, properties and navigation properties with their facets, actions and functions (as
// overload arrays), terms, the entity container (entity sets, singletons, action and function imports,
// navigation property bindings), references, and annotations inline and in `Annotations` blocks.
//
//   tsx test/support/xml-csdl.ts metadata.xml > metadata.json
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';

interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The document as a tree of elements, local names only (namespaces do not matter to the mapping). */
function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (t) => {
    stack[stack.length - 1]!.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text.replace(/^\uFEFF/, '')).close();
  return root;
}

const children = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);

/** `Collection(T)` to its item type and `$Collection: true`. */
function typeFacet(type: string | undefined): JsonObject {
  if (type === undefined) return {};
  const collection = /^Collection\((.*)\)$/.exec(type);
  const item = collection ? collection[1]! : type;
  return { ...(collection ? { $Collection: true } : {}), ...(item === 'Edm.String' ? {} : { $Type: item }) };
}

const number = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : text);

/** MaxLength, Precision, Scale, SRID, Unicode, DefaultValue: as JSON writes them. */
function facets(a: Readonly<Record<string, string>>): JsonObject {
  const out: JsonObject = {};
  if (a.MaxLength !== undefined) out.$MaxLength = number(a.MaxLength);
  if (a.Precision !== undefined) out.$Precision = number(a.Precision);
  if (a.Scale !== undefined) out.$Scale = number(a.Scale);
  if (a.SRID !== undefined) out.$SRID = number(a.SRID);
  if (a.Unicode === 'false') out.$Unicode = false;
  if (a.DefaultValue !== undefined) out.$DefaultValue = a.DefaultValue;
  return out;
}

/**
 * XML's `Nullable` defaults to true on a single value, JSON's `$Nullable` to false: such a value says so. A
 * collection has no default in XML: only an explicit `true` is carried over.
 */
function nullable(a: Readonly<Record<string, string>>, collection: boolean): JsonObject {
  if (collection) return a.Nullable === 'true' ? { $Nullable: true } : {};
  return a.Nullable === 'false' ? {} : { $Nullable: true };
}

const EXPRESSION_ATTRIBUTES = [
  'String',
  'Bool',
  'Int',
  'Decimal',
  'Float',
  'Date',
  'DateTimeOffset',
  'TimeOfDay',
  'Duration',
  'Guid',
  'Binary',
  'EnumMember',
  'Path',
  'PropertyPath',
  'NavigationPropertyPath',
  'AnnotationPath',
  'ModelElementPath',
  'UrlRef',
];

function constant(kind: string, text: string): Json {
  switch (kind) {
    case 'Bool':
      return text === 'true';
    case 'Int':
      return Number(text);
    case 'Decimal':
    case 'Float':
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 'EnumMember':
      // `ns.Type/A ns.Type/B` -> `A,B`
      return text
        .trim()
        .split(/\s+/)
        .map((m) => m.slice(m.lastIndexOf('/') + 1))
        .join(',');
    case 'Path':
      return { $Path: text };
    case 'PropertyPath':
      return { $PropertyPath: text };
    case 'NavigationPropertyPath':
      return { $NavigationPropertyPath: text };
    case 'AnnotationPath':
      return { $AnnotationPath: text };
    case 'ModelElementPath':
      return { $ModelElementPath: text };
    case 'UrlRef':
      return { $UrlRef: text };
    default:
      return text;
  }
}

/** An annotation's value: an attribute constant, or the one expression element inside it. */
function annotationValue(e: XmlElement): Json {
  for (const kind of EXPRESSION_ATTRIBUTES)
    if (e.attributes[kind] !== undefined) return constant(kind, e.attributes[kind]);
  const inner = e.children.find((c) => c.name !== 'Annotation');
  if (!inner) return e.attributes.Term !== undefined ? true : null;
  return expression(inner);
}

function expression(e: XmlElement): Json {
  if (EXPRESSION_ATTRIBUTES.includes(e.name)) return constant(e.name, e.text);
  switch (e.name) {
    case 'Null':
      return null;
    case 'Collection':
      return e.children.map(expression);
    case 'Record': {
      const out: JsonObject = {};
      if (e.attributes.Type !== undefined) out['@type'] = `#${e.attributes.Type}`;
      for (const c of e.children) {
        if (c.name === 'PropertyValue') {
          out[c.attributes.Property!] = annotationValue(c);
          Object.assign(out, annotations(c, `${c.attributes.Property}`));
        } else if (c.name === 'Annotation') Object.assign(out, annotations({ ...e, children: [c] }));
      }
      return out;
    }
    default: {
      // the dynamic expressions ($Apply, $If, $Eq, ...): their operands in order
      const out: JsonObject = { [`$${e.name}`]: e.children.map(expression) };
      for (const [k, v] of Object.entries(e.attributes)) out[`$${k}`] = v;
      return out;
    }
  }
}

/** The `Annotation` children of an element as `@Term#Qualifier` members (`prefix@Term` for a member's own). */
function annotations(e: XmlElement, prefix = '', qualifier?: string): JsonObject {
  const out: JsonObject = {};
  for (const a of children(e, 'Annotation')) {
    const q = a.attributes.Qualifier ?? qualifier;
    const key = `${prefix}@${a.attributes.Term}${q ? `#${q}` : ''}`;
    out[key] = annotationValue(a);
    Object.assign(out, annotations(a, key));
  }
  return out;
}

function property(e: XmlElement): JsonObject {
  const type = typeFacet(e.attributes.Type);
  return { ...type, ...nullable(e.attributes, type.$Collection === true), ...facets(e.attributes), ...annotations(e) };
}

function navigationProperty(e: XmlElement): JsonObject {
  const type = typeFacet(e.attributes.Type);
  const out: JsonObject = { $Kind: 'NavigationProperty', ...type };
  if (type.$Collection !== true && e.attributes.Nullable !== 'false') out.$Nullable = true;
  if (e.attributes.Partner !== undefined) out.$Partner = e.attributes.Partner;
  if (e.attributes.ContainsTarget === 'true') out.$ContainsTarget = true;
  const constraints = children(e, 'ReferentialConstraint');
  if (constraints.length)
    out.$ReferentialConstraint = Object.fromEntries(
      constraints.map((c) => [c.attributes.Property!, c.attributes.ReferencedProperty!]),
    );
  const onDelete = children(e, 'OnDelete')[0];
  if (onDelete) out.$OnDelete = onDelete.attributes.Action!;
  return { ...out, ...annotations(e) };
}

/** An entity or complex type: kind, base, flags, key, then its members in document order. */
function structuredType(e: XmlElement, kind: 'EntityType' | 'ComplexType'): JsonObject {
  const out: JsonObject = { $Kind: kind };
  if (e.attributes.BaseType !== undefined) out.$BaseType = e.attributes.BaseType;
  if (e.attributes.Abstract === 'true') out.$Abstract = true;
  if (e.attributes.OpenType === 'true') out.$OpenType = true;
  if (e.attributes.HasStream === 'true') out.$HasStream = true;
  const key = children(e, 'Key')[0];
  if (key)
    out.$Key = children(key, 'PropertyRef').map((r) =>
      r.attributes.Alias !== undefined ? { [r.attributes.Alias]: r.attributes.Name! } : r.attributes.Name!,
    );
  for (const c of e.children) {
    if (c.name === 'Property') out[c.attributes.Name!] = property(c);
    else if (c.name === 'NavigationProperty') out[c.attributes.Name!] = navigationProperty(c);
  }
  return { ...out, ...annotations(e) };
}

function enumType(e: XmlElement): JsonObject {
  const out: JsonObject = { $Kind: 'EnumType' };
  if (e.attributes.UnderlyingType !== undefined) out.$UnderlyingType = e.attributes.UnderlyingType;
  if (e.attributes.IsFlags === 'true') out.$IsFlags = true;
  let next = 0;
  for (const m of children(e, 'Member')) {
    const value = m.attributes.Value !== undefined ? Number(m.attributes.Value) : next;
    next = value + 1;
    out[m.attributes.Name!] = value;
    Object.assign(out, annotations(m, m.attributes.Name));
  }
  return { ...out, ...annotations(e) };
}

function operation(e: XmlElement): JsonObject {
  const out: JsonObject = { $Kind: e.name };
  if (e.attributes.IsBound === 'true') out.$IsBound = true;
  if (e.attributes.IsComposable === 'true') out.$IsComposable = true;
  if (e.attributes.EntitySetPath !== undefined) out.$EntitySetPath = e.attributes.EntitySetPath;
  const parameters = children(e, 'Parameter').map((p) => ({ $Name: p.attributes.Name!, ...property(p) }));
  if (parameters.length) out.$Parameter = parameters;
  const returns = children(e, 'ReturnType')[0];
  if (returns) out.$ReturnType = property(returns);
  return { ...out, ...annotations(e) };
}

function container(e: XmlElement): JsonObject {
  const out: JsonObject = { $Kind: 'EntityContainer' };
  if (e.attributes.Extends !== undefined) out.$Extends = e.attributes.Extends;
  for (const c of e.children) {
    const a = c.attributes;
    const bindings = children(c, 'NavigationPropertyBinding');
    const binding: JsonObject = bindings.length
      ? {
          $NavigationPropertyBinding: Object.fromEntries(
            bindings.map((b) => [b.attributes.Path!, b.attributes.Target!]),
          ),
        }
      : {};
    if (c.name === 'EntitySet')
      out[a.Name!] = {
        $Collection: true,
        $Type: a.EntityType!,
        ...(a.IncludeInServiceDocument === 'false' ? { $IncludeInServiceDocument: false } : {}),
        ...binding,
        ...annotations(c),
      };
    else if (c.name === 'Singleton')
      out[a.Name!] = {
        $Type: a.Type ?? a.EntityType!,
        ...(a.Nullable === 'true' ? { $Nullable: true } : {}),
        ...binding,
        ...annotations(c),
      };
    else if (c.name === 'FunctionImport')
      out[a.Name!] = {
        $Function: a.Function!,
        ...(a.EntitySet !== undefined ? { $EntitySet: a.EntitySet } : {}),
        ...(a.IncludeInServiceDocument === 'true' ? { $IncludeInServiceDocument: true } : {}),
        ...annotations(c),
      };
    else if (c.name === 'ActionImport')
      out[a.Name!] = {
        $Action: a.Action!,
        ...(a.EntitySet !== undefined ? { $EntitySet: a.EntitySet } : {}),
        ...annotations(c),
      };
  }
  return { ...out, ...annotations(e) };
}

function schema(e: XmlElement): JsonObject {
  const out: JsonObject = {};
  if (e.attributes.Alias !== undefined) out.$Alias = e.attributes.Alias;
  const external: JsonObject = {};
  for (const c of e.children) {
    const name = c.attributes.Name!;
    switch (c.name) {
      case 'EntityType':
      case 'ComplexType':
        out[name] = structuredType(c, c.name);
        break;
      case 'EnumType':
        out[name] = enumType(c);
        break;
      case 'TypeDefinition':
        out[name] = {
          $Kind: 'TypeDefinition',
          $UnderlyingType: c.attributes.UnderlyingType!,
          ...facets(c.attributes),
          ...annotations(c),
        };
        break;
      case 'Action':
      case 'Function': {
        // overloads share a name: JSON keeps them as one array (of actions and functions alike, as XML allows)
        const overloads = Object.hasOwn(out, name) && Array.isArray(out[name]) ? out[name] : [];
        overloads.push(operation(c));
        out[name] = overloads;
        break;
      }
      case 'Term':
        out[name] = {
          $Kind: 'Term',
          ...typeFacet(c.attributes.Type),
          ...(c.attributes.AppliesTo !== undefined ? { $AppliesTo: c.attributes.AppliesTo.split(/\s+/) } : {}),
          ...(c.attributes.Nullable === 'false' ? {} : { $Nullable: true }),
          ...facets(c.attributes),
          ...annotations(c),
        };
        break;
      case 'EntityContainer':
        out[name] = container(c);
        break;
      case 'Annotations': {
        // an `Annotations` element's qualifier qualifies each annotation in it
        const target = c.attributes.Target!;
        const own = Object.hasOwn(external, target) ? (external[target] as JsonObject) : {};
        external[target] = { ...own, ...annotations(c, '', c.attributes.Qualifier) };
        break;
      }
    }
  }
  if (Object.keys(external).length) out.$Annotations = external;
  return { ...out, ...annotations(e) };
}

/** The JSON CSDL document of an XML CSDL document's text. */
export function xmlCsdlToJson(xml: string): JsonObject {
  const root = parseXml(xml);
  const edmx = children(root, 'Edmx')[0];
  if (!edmx) throw new Error('not an edmx:Edmx document');
  const out: JsonObject = { $Version: edmx.attributes.Version ?? '4.0' };
  const references = children(edmx, 'Reference');
  if (references.length)
    out.$Reference = Object.fromEntries(
      references.map((r) => [
        r.attributes.Uri!,
        {
          $Include: children(r, 'Include').map((i) => ({
            $Namespace: i.attributes.Namespace!,
            ...(i.attributes.Alias !== undefined ? { $Alias: i.attributes.Alias } : {}),
          })),
        },
      ]),
    );
  const schemas = children(edmx, 'DataServices').flatMap((d) => children(d, 'Schema'));
  for (const s of schemas) {
    const entity = children(s, 'EntityContainer')[0];
    if (entity) out.$EntityContainer = `${s.attributes.Namespace}.${entity.attributes.Name}`;
  }
  // `$EntityContainer` before the schemas, as servers write it
  for (const s of schemas) out[s.attributes.Namespace!] = schema(s);
  return out;
}

if (process.argv[1]?.endsWith('xml-csdl.ts')) {
  process.stdout.write(`${JSON.stringify(xmlCsdlToJson(readFileSync(process.argv[2]!, 'utf8')))}\n`);
}
