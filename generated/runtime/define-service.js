import { ErpError } from './errors.js';
import { decimalText, isDateText, localDateTime, plainNumber } from './literals.js';
import { hasOwn } from './object.js';
import { preview, redact } from './redact.js';
import { cutPlace, describeCut, recordCuts, recordService } from './transaction-wire.js';
/** A payload problem found before sending: an unknown element or field, a missing key, folded rows, a bad value. */
export class ErpTransactionBuildError extends ErpError {
  name = 'ErpTransactionBuildError';
}
/**
 * Free text longer than its column, in a request sent with `truncate: 'error'`: refused before anything is sent.
 * Names the first such field (`cuts` holds them all); never the value.
 */
export class ErpTruncationError extends ErpTransactionBuildError {
  name = 'ErpTruncationError';
  service;
  element;
  field;
  length;
  maxLength;
  cuts;
  constructor(cuts) {
    const [first] = cuts;
    const more = cuts.length - 1;
    super(
      `${cutPlace(first)}: ${first.length} characters, but its column holds ${first.maxLength}; refused before sending (truncate: 'error')${more ? `; ${more} more field${more > 1 ? 's' : ''} too long` : ''}`,
    );
    this.service = first.service;
    this.element = first.element;
    this.field = first.field;
    this.length = first.length;
    this.maxLength = first.maxLength;
    this.cuts = cuts;
  }
}
// --- values ------------------------------------------------------------------------------------------------
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/;
/** The string the service takes for a value of this field type. */
function wireValue(value, type, what) {
  if (value === null || value === undefined)
    throw new ErpTransactionBuildError(`${what}: no value (leave the field out instead)`);
  if (type === 'Decimal' || type === 'Long' || type === 'Number') {
    if (type === 'Long' && typeof value === 'number' && !Number.isInteger(value))
      throw new ErpTransactionBuildError(`${what}: ${value} is not a whole number`);
    const text = decimalText(value, what);
    if (text !== undefined) return text;
    throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not a number`);
  }
  if (type === 'Datetime') {
    // the server's Datetime has no zone: a Date is sent as its local day and wall-clock time (see
    // localDateTime for why); a local midnight is a day, as the real payloads send it
    if (value instanceof Date) {
      const local = localDateTime(value);
      if (!local)
        throw new ErpTransactionBuildError(
          `${what}: ${Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date outside the years 0000-9999'}`,
        );
      return local.midnight ? local.date : `${local.date}T${local.time}`;
    }
    if (typeof value === 'string' && DATE.test(value) && isDateText(value.slice(0, 10))) return value;
    throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not a date (a Date or YYYY-MM-DD)`);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value, what);
  throw new ErpTransactionBuildError(`${what}: ${JSON.stringify(value)} is not text`);
}
/** The first `max` UTF-16 code units of `text`, one fewer where the last would be half a surrogate pair. */
function cut(text, max) {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
// --- the builder -------------------------------------------------------------------------------------------
const mustGiveOf = new WeakMap();
/** The fields erpgen.config.json `definitions` makes required in new rows of an element (worked out once). */
function mustGive(element) {
  let names = mustGiveOf.get(element);
  if (!names) {
    names = Object.entries(element.fields)
      .filter(([, f]) => f.overlay?.required === true)
      .map(([name]) => name);
    mustGiveOf.set(element, names);
  }
  return names;
}
/** How much of a cut value a warning shows: enough to recognise it, too little to carry a record's text. */
const CUT_PREVIEW = 16;
class TransactionBuilder {
  cuts = [];
  elements = [];
  /** rows inserted (no keys), per element: what missingRequired() looks at */
  inserted = [];
  service;
  codeValues;
  constructor(service, codeValues) {
    this.service = service;
    this.codeValues = codeValues;
  }
  get warnings() {
    return this.cuts.map(describeCut);
  }
  form(element, edits, options) {
    return this.add(element, 'Form', [edits], options?.keys ?? []);
  }
  list(element, rows, options) {
    if (!Array.isArray(rows))
      throw new ErpTransactionBuildError(`${this.service.name} ${element}: list() takes an array of rows`);
    return this.add(element, 'List', rows, options?.keys ?? []);
  }
  add(name, type, rows, keys) {
    const where = `${this.service.name} ${name}`;
    const element = hasOwn(this.service.elements, name) ? this.service.elements[name] : undefined;
    if (!element) throw new ErpTransactionBuildError(`${where}: no such data element in service ${this.service.name}`);
    if (element.type !== type)
      throw new ErpTransactionBuildError(
        `${where}: a ${element.type} element, so use ${element.type === 'Form' ? 'form()' : 'list()'}`,
      );
    if (this.elements.some((e) => e.Name === name))
      throw new ErpTransactionBuildError(`${where}: given twice in one transaction; put all its rows in one call`);
    for (const key of keys)
      if (!hasOwn(element.fields, key))
        throw new ErpTransactionBuildError(`${where}: key ${JSON.stringify(key)} is not a field of the element`);
    if (new Set(keys).size !== keys.length) throw new ErpTransactionBuildError(`${where}: a key is named twice`);
    const seen = new Map();
    const wireRows = rows.map((row, index) => {
      const at = rows.length > 1 ? `${where} row ${index + 1}` : where;
      if (row === null || typeof row !== 'object')
        throw new ErpTransactionBuildError(`${at}: a row is an object of field values`);
      for (const key of keys)
        if (!hasOwn(row, key) || row[key] === undefined)
          throw new ErpTransactionBuildError(`${at}: key ${key} missing (every row must carry every key)`);
      const edits = [];
      for (const [field, value] of Object.entries(row)) {
        if (value === undefined) continue;
        const descriptor = hasOwn(element.fields, field) ? element.fields[field] : undefined;
        if (!descriptor)
          throw new ErpTransactionBuildError(`${at}: ${JSON.stringify(field)} is not a field of the element`);
        if (descriptor.overlay?.disabled)
          throw new ErpTransactionBuildError(
            `${at}: ${JSON.stringify(field)} is disabled on this server (erpgen.config.json definitions): leave it out`,
          );
        const place = { element: name, field, ...(rows.length > 1 ? { row: index + 1 } : {}) };
        edits.push({ Name: field, Value: this.value(value, descriptor, `${at}.${field}`, place) });
      }
      // T8: the server folds List rows that agree on their keys into one, keeping the last; without Keys it folds
      // rows that agree on the definition's KeyFields. Refused rather than lose rows.
      const foldKeys = keys.length ? keys : type === 'List' ? element.keyFields : [];
      const foldValues = foldKeys.map((k) => edits.find((e) => e.Name === k)?.Value);
      if (foldKeys.length && !foldValues.includes(undefined)) {
        const identity = JSON.stringify(foldValues);
        const earlier = seen.get(identity);
        if (earlier !== undefined) {
          const values = foldKeys.map((k, i) => `${k}=${foldValues[i]}`).join(', ');
          throw new ErpTransactionBuildError(
            keys.length
              ? `${where}: rows ${earlier + 1} and ${index + 1} have equal keys (${values}); the service would keep only the last`
              : `${where}: rows ${earlier + 1} and ${index + 1} agree on the element's key fields (${values}); the service folds them and keeps only the last, even without keys`,
          );
        }
        seen.set(identity, index);
      }
      if (!keys.length) {
        const given = new Set(edits.map((e) => e.Name));
        for (const field of mustGive(element))
          if (!given.has(field))
            throw new ErpTransactionBuildError(
              `${at}: ${JSON.stringify(field)} is missing: required on this server in a new row (erpgen.config.json definitions)`,
            );
        this.inserted.push({ element: name, fields: given });
      }
      return { Edits: edits, RelativeDateEdits: [] };
    });
    this.elements.push({ Name: name, Type: type, Keys: [...keys], Rows: wireRows });
    return this;
  }
  value(value, field, what, place) {
    if (field.validValues && !this.codeValues) {
      // a display label, whatever the field's DataType: the service decodes it
      if (typeof value !== 'string' || !field.validValues.includes(value)) {
        throw new ErpTransactionBuildError(
          `${what}: ${JSON.stringify(value)} is not one of its valid values (${field.validValues.map((v) => JSON.stringify(v)).join(', ')}); send a display label, or build with { useCodeValues: true }`,
        );
      }
      // the server stores the label's code, not the label: the column's length does not measure it ('OFF' is N)
      return value;
    }
    let text = wireValue(value, field.type, what);
    // an nvarchar(n) holds n UTF-16 code units, as `.length` counts them: an astral character (😀, 𠮷) takes two
    if (field.maxLength !== undefined && text.length > field.maxLength) {
      const length = text.length;
      if (field.identifier)
        throw new ErpTransactionBuildError(
          `${what}: ${length} characters, but its column holds ${field.maxLength}: an identifier is never cut`,
        );
      const sent = cut(text, field.maxLength);
      this.cuts.push({
        service: this.service.name,
        ...place,
        length,
        sentLength: sent.length,
        maxLength: field.maxLength,
        preview: preview(text, redact, CUT_PREVIEW),
      });
      text = sent;
    }
    return text;
  }
  missingRequired() {
    const missing = [];
    for (const { element, fields } of this.inserted) {
      for (const [name, field] of Object.entries(this.service.elements[element].fields)) {
        if (field.required && !fields.has(name))
          missing.push(`${element}.${name}${field.label ? ` (${field.label})` : ''}`);
      }
    }
    return missing;
  }
  toJSON() {
    return {
      Status: 'New',
      DataElements: this.elements.map((e) => ({
        ...e,
        Keys: [...e.Keys],
        Rows: e.Rows.map((r) => ({ Edits: [...r.Edits], RelativeDateEdits: [] })),
      })),
    };
  }
}
/** `defineService<Forms, Lists>(descriptor)`: the element and field types come from the generated interfaces. */
export function defineService(descriptor) {
  const frozen = Object.freeze(descriptor);
  return Object.freeze({
    descriptor: frozen,
    transaction: (options) => new TransactionBuilder(frozen, options?.useCodeValues ?? false),
    request(transactions, options) {
      if (!Array.isArray(transactions) || transactions.length === 0)
        throw new ErpTransactionBuildError(`${frozen.name}: request() needs at least one transaction`);
      for (const t of transactions) {
        if (!(t instanceof TransactionBuilder) || t.service !== frozen) {
          throw new ErpTransactionBuildError(
            `${frozen.name}: request() takes transactions built by ${frozen.name}.transaction()`,
          );
        }
        if (t.codeValues !== Boolean(options.useCodeValues)) {
          throw new ErpTransactionBuildError(
            `${frozen.name}: a transaction built with useCodeValues ${t.codeValues} sent with useCodeValues ${Boolean(options.useCodeValues)}`,
          );
        }
      }
      const request = {
        Name: frozen.name,
        UseCodeValues: Boolean(options.useCodeValues),
        ...(options.ignoreDisabled !== undefined ? { IgnoreDisabled: options.ignoreDisabled } : {}),
        Transactions: transactions.map((t) => t.toJSON()),
      };
      recordCuts(
        request,
        transactions.flatMap((t) => t.cuts),
      );
      recordService(request, frozen);
      return request;
    },
    records(from, element) {
      if (!hasOwn(frozen.elements, element))
        throw new ErpTransactionBuildError(`${frozen.name} ${element}: no such data element`);
      const transactions =
        from !== null && typeof from === 'object' && 'Transactions' in from
          ? from.Transactions
          : (from?.Results?.Transactions ?? []);
      const rows = [];
      for (const transaction of transactions)
        for (const data of transaction.DataElements ?? [])
          if (data.Name === element)
            for (const row of data.Rows) {
              const record = {};
              // defined, not assigned: a field may be named `__proto__`
              for (const edit of row.Edits)
                Object.defineProperty(record, edit.Name, {
                  value: edit.Value,
                  enumerable: true,
                  writable: true,
                  configurable: true,
                });
              rows.push(record);
            }
      return rows;
    },
    get(element, ...records) {
      const descriptor = hasOwn(frozen.elements, element) ? frozen.elements[element] : undefined;
      if (!descriptor) throw new ErpTransactionBuildError(`${frozen.name} ${element}: no such data element`);
      // public captures: keying transaction/get on a List element fails; its rows come with their Form's record
      if (descriptor.type === 'List')
        throw new ErpTransactionBuildError(
          `${frozen.name} ${element}: a List element cannot be read by its keys (the service fails it); read its record by the keys of a Form element`,
        );
      if (records.length === 0)
        throw new ErpTransactionBuildError(
          `${frozen.name} ${element}: get() needs the key values of at least one record`,
        );
      const states = records.map((keys) => {
        const entries = Object.entries(keys).filter(([, v]) => v !== undefined);
        if (entries.length === 0)
          throw new ErpTransactionBuildError(
            `${frozen.name} ${element}: get() needs at least one key value per record`,
          );
        const edits = entries.map(([name, value]) => {
          const field = hasOwn(descriptor.fields, name) ? descriptor.fields[name] : undefined;
          if (!field)
            throw new ErpTransactionBuildError(
              `${frozen.name} ${element}: ${JSON.stringify(name)} is not a field of the element`,
            );
          return { Name: name, Value: wireValue(value, field.type, `${frozen.name} ${element}.${name}`) };
        });
        return { DataElementName: element, Keys: edits };
      });
      return { ServiceName: frozen.name, TransactionStates: states };
    },
  });
}
