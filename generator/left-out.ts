// What a run says it leaves out of a schema that has more than the query surface uses: one notice each, the
// way `bin` is announced. Notices only: parse/ finds what is left out, stages.ts decides what to announce.
import { didYouMean } from '../common/did-you-mean.js';
import { notice, type Notice } from './diagnostics.js';
import type { LeftOutMember, LeftOutProperty } from './parse/csdl.js';
import { named, quote } from './message-text.js';
import type { Surface } from './model/schema.js';

/** Where a notice about an object applies: `table customer`. */
function subject(o: { readonly surface: Surface; readonly name: string }) {
  return { subject: `${o.surface} ${o.name}` };
}

const MEMBER: Readonly<Record<LeftOutMember['what'], string>> = {
  singleton: 'a single entity, not an entity set to query',
  'function import': 'an operation, not an entity set to query',
  'action import': 'an operation, not an entity set to query',
};

/** A singleton, function import or action import of a document's container. */
export function leftOutMember(member: LeftOutMember, label: string): Notice {
  return notice(
    'ERPGEN_LEFT_OUT_MEMBER',
    `left out ${member.what} ${named(member.name)} of ${label}: ${MEMBER[member.what]}`,
    { file: label, subject: `${member.what} ${member.name}` },
  );
}

/** An object whose entity type cannot be resolved (`why` from the parser). */
export function leftOutObject(o: { readonly surface: Surface; readonly name: string }, why: string): Notice {
  return notice('ERPGEN_LEFT_OUT_OBJECT', `left out ${o.surface} ${named(o.name)}: ${why}`, subject(o));
}

const PROPERTY: Readonly<Record<LeftOutProperty['why'], readonly [string, string]>> = {
  navigation: ['navigation property', 'navigation properties'],
  collection: ['collection-valued property', 'collection-valued properties'],
  type: ['property of a type the document does not define', 'properties of types the document does not define'],
};

/** What an object's row leaves out of its entity type, by reason, with the first names of each. */
export function leftOutProperties(
  o: { readonly surface: Surface; readonly name: string },
  leftOut: readonly LeftOutProperty[],
): Notice {
  const reasons = (Object.keys(PROPERTY) as Array<LeftOutProperty['why']>).flatMap((why) => {
    const names = leftOut.filter((p) => p.why === why).map((p) => named(p.name));
    const shown = names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return names.length ? [`${names.length} ${PROPERTY[why][names.length === 1 ? 0 : 1]} (${shown})`] : [];
  });
  return notice(
    'ERPGEN_LEFT_OUT_PROPERTIES',
    `${o.surface} ${named(o.name)}: left out ${reasons.join(', ')}`,
    subject(o),
  );
}

/** An object of an abstract entity type: generated, and said to be partial. */
export function abstractObject(o: { readonly surface: Surface; readonly name: string }, entityType: string): Notice {
  return notice(
    'ERPGEN_ABSTRACT_TYPE',
    `${o.surface} ${named(o.name)}: its entity type ${named(entityType)} is abstract; rows of the types derived from it have more properties than its row type names`,
    subject(o),
  );
}

/** An `exclude` pattern that matches no object: said, and the run goes on. */
export function unmatchedExclude(pattern: string): Notice {
  return notice(
    'ERPGEN_EXCLUDE_UNMATCHED',
    `exclude pattern ${quote(pattern)} matches no table or view of the snapshot`,
    { option: 'exclude' },
  );
}

/** `include` patterns that match no object: the error, with the name meant for a misspelt one (`custmer`). */
export function unmatchedInclude(patterns: readonly string[], names: readonly string[] = []): string {
  const one = patterns.length === 1;
  // a glob is what it is; a name may be misspelt
  const shown = patterns.map((p) => `${quote(p)}${/[*?[\]{}()!+@\\]/.test(p) ? '' : didYouMean(p, names, quote)}`);
  return `include ${one ? 'pattern' : 'patterns'} ${shown.join(', ')} ${one ? 'matches' : 'match'} no table or view of the snapshot`;
}
