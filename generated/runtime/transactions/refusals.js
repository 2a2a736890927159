// What two refusals of the Transaction API mean, said where the caller reads them (the failure's message): the
// element and field being written, and the `erpgen.config.json` line that makes the mistake a compile error.
// - `Column is disabled: {name}` names the field: the elements of the transaction that wrote it say where. (A field
//   the definition flags `Required` can be disabled all the same: public reports show Order's company_id.)
// - `This column is required.` names no column (T18): the transaction's new rows, and the fields the definition flags
//   `Required` that they left out, are the candidates; the flag is wrong both ways on real servers, so when none is
//   left out the line is a template to fill in.
import { hasOwn } from '../object.js';
import { overlayLine } from '../overlay-line.js';
import { serviceOf } from '../transaction-wire.js';
const DISABLED = /Column is disabled:\s*([^\s,;|]+)/gi;
const REQUIRED = /This column is required/i;
/** One sentence per refusal of a failed transaction that the server's message does not explain by itself. */
export function refusalHints(request, result) {
  const service = serviceOf(request);
  const hints = [];
  for (const report of result.transactions) {
    if (report.status !== 'failed') continue;
    const sent = request.Transactions[report.index];
    const which = request.Transactions.length > 1 ? ` (transaction ${report.index + 1})` : '';
    const text = report.messages.join(' | ');
    for (const [, column] of text.matchAll(DISABLED)) {
      const field = column.replace(/[.'"]+$/, '');
      const elements = sent.DataElements.filter((e) => e.Rows.some((r) => r.Edits.some((x) => x.Name === field)));
      const places = elements.map((e) => `${e.Name}.${field}`);
      hints.push(
        elements.length
          ? `${request.Name} ${places.join(' and ')}${which} is disabled on this server; say so in erpgen.config.json and writing it becomes a compile error: ${overlayLine(
              request.Name,
              elements.map((e) => ({ element: e.Name, field, fact: { disabled: true } })),
            )}`
          : `${request.Name}${which}: the server names a disabled column ${field} that no element of the transaction wrote by that name`,
      );
    }
    if (!REQUIRED.test(text)) continue;
    // the candidates: fields flagged Required that the transaction's new rows (sent without keys) leave out
    const candidates = sent.DataElements.flatMap((e) => {
      const definition = service && hasOwn(service.elements, e.Name) ? service.elements[e.Name] : undefined;
      if (!definition || e.Keys.length > 0) return [];
      const given = new Set(e.Rows.flatMap((r) => r.Edits.map((x) => x.Name)));
      return Object.entries(definition.fields)
        .filter(([name, f]) => f.required && !given.has(name))
        .map(([name, f]) => ({ element: e.Name, field: name, label: f.label }));
    });
    const written = sent.DataElements.map((e) => e.Name).join(', ');
    hints.push(
      candidates.length
        ? `"This column is required." names no column: the transaction${which} wrote ${written}, and left out these fields the definition flags as required: ${candidates
            .map((c) => `${c.element}.${c.field}${c.label ? ` (${c.label})` : ''}`)
            .join(
              ', ',
            )}; the server may need another (the flag is window metadata): once you know which, say so in erpgen.config.json and leaving it out becomes a compile error: ${overlayLine(request.Name, [{ element: candidates[0].element, field: candidates[0].field, fact: { required: true } }])}`
        : `"This column is required." names no column: the transaction${which} wrote ${written}, and left out no field the definition flags as required (the flag is window metadata, wrong both ways on real servers); once you know which field the server needs, say so in erpgen.config.json and leaving it out becomes a compile error: ${overlayLine(request.Name, [{ element: sent.DataElements[0]?.Name ?? '<element>', field: '<field>', fact: { required: true } }])}`,
    );
  }
  return hints;
}
