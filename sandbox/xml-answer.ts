// A JSON answer as the UI server's WCF/.NET data contract serialiser writes it when the request did not ask for JSON:
// the root named for the answer's type, members as elements in alphabetical order, arrays as one element per item
// (named for the item's type), strings of an array in the serialisation Arrays namespace, null as `i:nil`.
import type { Reply } from './reply.js';

const ARRAYS = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays';
const INSTANCE = 'http://www.w3.org/2001/XMLSchema-instance';

/** The element name of one item of a member that is a list (`Transactions` -> `Transaction`). */
function itemName(member: string): string {
  if (member.endsWith('ies')) return `${member.slice(0, -3)}y`;
  if (member.endsWith('s')) return member.slice(0, -1);
  return `${member}Item`;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Element names are the members' names where XML allows them, else `_x0020_`-style escapes, as .NET writes them. */
function tag(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]|^[^A-Za-z_]/g, (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0')}_`);
}

function element(name: string, value: unknown, item = itemName(name)): string {
  const t = tag(name);
  if (value === null || value === undefined) return `<${t} i:nil="true"/>`;
  if (Array.isArray(value)) {
    const items = value.map((v) =>
      typeof v === 'string' ? `<string xmlns="${ARRAYS}">${escape(v)}</string>` : element(item, v),
    );
    return `<${t}>${items.join('')}</${t}>`;
  }
  if (typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .map((k) => element(k, (value as Record<string, unknown>)[k]));
    return `<${t}>${members.join('')}</${t}>`;
  }
  return `<${t}>${escape(String(value))}</${t}>`;
}

/**
 * `value` as the XML body of a 200, its root `root` in the data contract namespace `namespace`; the items of a root
 * that is a list are named `item` (`ArrayOfServiceInfo` holds `ServiceInfo`s).
 */
export function xmlAnswer(root: string, namespace: string, value: unknown, item?: string): Reply {
  const inner = element(root, value, item);
  const open = `<${root} xmlns="${namespace}" xmlns:i="${INSTANCE}">`;
  const body = inner.startsWith(`<${root}>`) ? open + inner.slice(root.length + 2) : inner;
  return { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body };
}
