// The tenant's window setup that a definition does not show, as the transaction service enforces it: required and
// disabled columns (from the server options; the documents' message by default) and column lengths (from the
// snapshot's table schema, since definitions carry none).
import { didYouMean } from '../../common/did-you-mean.js';
import type { QueryObject } from '../schema.js';
import type { AsyncMessages, AsyncShape } from './async.js';
import type { ServiceCatalog } from './catalog.js';
import type { FieldRules, TransactionRules } from './validate.js';

export interface TransactionOptions {
  /** service -> data element -> fields a new row must carry (default: Order's TABPAGE_1.order needs customer_id) */
  required?: Record<string, Record<string, string[]>>;
  /**
   * service -> data element -> field -> the window's own message for that missing required field; fields without one
   * fail with the documents' `This column is required.` (the default for every field).
   * CAPTURED_REQUIRED_MESSAGES plays the captured failure of Order's customer_id, `Customer ID is required`.
   */
  requiredMessages?: Record<string, Record<string, Record<string, string>>>;
  /** service -> data element -> fields the window has disabled (default: none) */
  disabled?: Record<string, Record<string, string[]>>;
  /** polls an async request stays queued (Active, or Status 3) before the one that completes it (default 2) */
  asyncPolls?: number;
  /**
   * the async shapes: `words` (default, as public captures show: 202 `{RequestId, Status: "Active"}`, then
   * `Complete` or `Failed`) or `numbers` (a 26.1 capture: 200, Status 3 while queued, 2 when done)
   */
  asyncStatus?: AsyncShape;
  /** a completed async request's Messages: `json` (the envelope as a JSON string, default) or `text` (not JSON) */
  asyncMessages?: AsyncMessages;
  /**
   * the form of GET /api/v2/services, whose JSON was never published: default the snapshot's services.json as it is;
   * else the names as a list of `names`, of {Name} `objects`, `{value: [...]}` or `{Services: [...]}`
   */
  serviceList?: ServiceListForm;
  /**
   * a refused request's 400 body: `envelope` (default: what the documents show for the Transaction API,
   * `{Messages, Results: null, Summary}`) or `problem` (RFC 7807 `application/problem+json`, which one capture reports)
   */
  errorBody?: 'envelope' | 'problem';
  /**
   * T16: the next `count` transactions meet the unexpected response window (a dialog left open in a pooled session)
   * and apply nothing, answered as a failed transaction (`envelope`, default) or as an HTTP 500 (`500`)
   */
  responseWindow?: { readonly count: number; readonly as?: 'envelope' | '500' };
}

export type ServiceListForm = 'names' | 'objects' | 'value' | 'services';

/**
 * A column the window has disabled: `{service, element, field}`, or the text `SERVICE/ELEMENT/FIELD` (as
 * `erpgen sandbox --disabled` takes it). The text is split at its first `/` and its last: the service is what comes
 * before the first, the field what comes after the last, and the data element everything between, so an element
 * name may hold dots, spaces and slashes (`Order/TABPAGE_ORDER_NOTES.order notes/note`); a service or field whose
 * name holds a `/` can be given only as an object.
 */
export type DisabledField = string | { readonly service: string; readonly element: string; readonly field: string };

/** The fields of a `disabled` list, by service and element; text that is not SERVICE/ELEMENT/FIELD is an error. */
function disabledRules(list: readonly DisabledField[], where: string): Record<string, Record<string, string[]>> {
  const rules = table<Record<string, string[]>>();
  for (const entry of list) {
    let parts: { service: string; element: string; field: string };
    if (typeof entry === 'string') {
      const first = entry.indexOf('/');
      const last = entry.lastIndexOf('/');
      if (first <= 0 || last === first || last === entry.length - 1)
        throw new Error(
          `${where} ${JSON.stringify(entry)}: expected SERVICE/ELEMENT/FIELD (e.g. Order/TABPAGE_1.order/po_no)`,
        );
      parts = { service: entry.slice(0, first), element: entry.slice(first + 1, last), field: entry.slice(last + 1) };
    } else parts = entry;
    const elements = (rules[parts.service] ??= table());
    const fields = (elements[parts.element] ??= []);
    if (!fields.includes(parts.field)) fields.push(parts.field);
  }
  return rules;
}

/** An object without a prototype: names such as `constructor` are keys like any other. */
const table = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** Two sets of field rules as one. */
function mergeRules(a: FieldRules, b: FieldRules): Record<string, Record<string, string[]>> {
  const out = table<Record<string, string[]>>();
  for (const rules of [a, b])
    for (const [service, elements] of Object.entries(rules))
      for (const [element, fields] of Object.entries(elements)) {
        const list = ((out[service] ??= table())[element] ??= []);
        for (const field of fields) if (!list.includes(field)) list.push(field);
      }
  return out;
}

const DEFAULT_REQUIRED: FieldRules = { Order: { 'TABPAGE_1.order': ['customer_id'] } };
/**
 * The documents give one message for a required column left out, `This column is required.`, naming none; a captured
 * failure of the real service names it (`Transaction 1:: Customer ID is required`, Order's customer_id). The documents
 * decide the default; this plays the capture (`erpgen sandbox --required-messages captured`).
 */
export const CAPTURED_REQUIRED_MESSAGES: NonNullable<TransactionOptions['requiredMessages']> = {
  Order: { 'TABPAGE_1.order': { customer_id: 'Customer ID is required' } },
};

export function transactionRules(
  options: TransactionOptions,
  catalog: ServiceCatalog,
  tables: readonly QueryObject[],
  orderInEditing: TransactionRules['orderInEditing'],
  disabledList: readonly DisabledField[] = [],
): TransactionRules {
  // rules the caller wrote must name real fields: a typo would otherwise make a test pass for the wrong reason
  checkNames(catalog, 'required', options.required ?? {});
  checkNames(catalog, 'disabled', options.disabled ?? {});
  const listed = disabledRules(disabledList, 'disabled');
  checkNames(catalog, 'disabled', listed);
  const disabled = mergeRules(options.disabled ?? {}, listed);
  for (const [service, elements] of Object.entries(options.requiredMessages ?? {}))
    checkNames(catalog, 'requiredMessages', {
      [service]: Object.fromEntries(Object.entries(elements).map(([e, fields]) => [e, Object.keys(fields)])),
    });
  const lengths = new Map<string, Map<string, number>>();
  for (const table of tables) {
    const columns = new Map<string, number>();
    for (const c of table.columns) if (typeof c.maxLength === 'number') columns.set(c.name, c.maxLength);
    lengths.set(table.name, columns);
  }
  return {
    required: options.required ?? DEFAULT_REQUIRED,
    requiredMessages: options.requiredMessages ?? {},
    disabled,
    lengths,
    orderInEditing,
  };
}

function checkNames(catalog: ServiceCatalog, option: string, rules: FieldRules): void {
  const where = option === 'disabled' ? 'disabled' : `transactions.${option}`;
  for (const [serviceName, elements] of Object.entries(rules)) {
    const service = catalog.services.get(serviceName);
    if (!service)
      throw new Error(
        `${where}: the snapshot defines no service ${serviceName}${nearest(serviceName, catalog.services.keys())}`,
      );
    for (const [elementName, fields] of Object.entries(elements)) {
      const element = service.elements.get(elementName);
      if (!element)
        throw new Error(
          `${where}: ${serviceName} has no data element ${JSON.stringify(elementName)}${nearest(elementName, service.elements.keys())}`,
        );
      for (const field of fields)
        if (!element.fields.has(field))
          throw new Error(
            `${where}: ${serviceName} ${elementName} has no field ${JSON.stringify(field)}${nearest(field, element.fields.keys())}`,
          );
    }
  }
}

/** ` (did you mean TABPAGE_1.order?)` for the name nearest `name`, when one is near. */
const nearest = (name: string, names: Iterable<string>): string => didYouMean(name, names);
