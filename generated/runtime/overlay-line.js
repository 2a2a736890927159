// The `erpgen.config.json` line that records what a team learned about its server (its `definitions` overlay: per
// service, data element and field, `disabled` or `required`), printed by the errors that teach it, so that the next
// `npx erpgen generate` makes the same mistake a compile error. Names are written as JSON strings: an element name
// may hold spaces and dots (`TABPAGE_ORDER_NOTES.order notes`), any name a quote.
/**
 * `"definitions": { "Order": { "TABPAGE_1.order": { "po_no": { "disabled": true } } } }`: the facts of one service,
 * grouped by element in the order given.
 */
export function overlayLine(service, facts) {
  const q = JSON.stringify;
  const elements = new Map();
  for (const { element, field, fact } of facts) {
    const value = 'disabled' in fact ? '{ "disabled": true }' : `{ "required": ${fact.required} }`;
    const entry = `${q(field)}: ${value}`;
    const fields = elements.get(element) ?? [];
    if (!fields.includes(entry)) fields.push(entry);
    elements.set(element, fields);
  }
  const body = [...elements].map(([element, fields]) => `${q(element)}: { ${fields.join(', ')} }`).join(', ');
  return `"definitions": { ${q(service)}: { ${body} } }`;
}
