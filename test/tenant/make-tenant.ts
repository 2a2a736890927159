// Deterministic sample tenant: JSON CSDL schema documents shaped like the server's ($Version 4.0,
// $EntityContainer ns.container, schema dbo, many *_id columns as Edm.Decimal), with every object the service
// documents name, the 16 listed svc_view_es_* search views with their field counts, real column names borrowed
// from real-view-columns.txt, filler objects up to a stock tenant's size, and the hard cases a real server can
// send (reserved words, names that are not identifiers, non-ASCII, case collisions, prototype member names).
import { hash32, prng } from './random.js';
import { realColumnPool, realViews, type RealColumn } from './real-columns.js';

export interface SampleColumn {
  readonly name: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly maxLength?: number;
  readonly precision?: number;
  readonly scale?: number;
  /** write `"$Type": "Edm.String"` although it is the default */
  readonly explicitString?: boolean;
}

export interface SampleObject {
  readonly name: string;
  /** entity type name when it differs from the entity set name */
  readonly typeName?: string;
  readonly key: readonly string[];
  readonly columns: readonly SampleColumn[];
}

export interface Tenant {
  readonly tables: readonly SampleObject[];
  readonly views: readonly SampleObject[];
}

export interface TenantOptions {
  /** copies of every object: 1 is a stock tenant (~3,400 tables, ~3,760 views), 10 the benchmark tenant */
  readonly scale?: number;
  /** columns of every object repeated this many times (suffixed `_w2`, ...): bigger documents, same objects */
  readonly width?: number;
  /** only the objects the service documents name, the search views and a few hard cases (the shipped sample) */
  readonly curated?: boolean;
}

// --- deterministic pseudo-randomness -------------------------------------------------------------

// --- column facets -----------------------------------------------------------------------------

const STRING_LENGTHS: Record<string, number> = {
  company_id: 8,
  company_no: 8,
  item_id: 40,
  salesrep_id: 16,
  terms_id: 8,
  delete_flag: 1,
  completed: 1,
  projected_order: 1,
  po_type: 1,
  external_po_no: 40,
  supplier_part_no: 40,
  topic: 30,
  order_no: 8,
  invoice_no: 10,
  credit_status: 8,
  customer_name: 255,
  unique_id: 255,
  last_maintained_by: 30,
  created_by: 30,
  po_no: 50,
  contact_id: 16,
  mail_postal_code: 10,
  mail_country: 50,
  phys_postal_code: 10,
  phys_country: 50,
  primary_bin: 10,
  bin: 10,
  mail_state: 2,
  phys_state: 2,
  invoice_type: 2,
  // the inventory family's documented fields and values: `ClassId1`..`ClassId5`, `ReplenishmentMethod` `Min/Max`
  class_id1: 8,
  class_id2: 8,
  class_id3: 8,
  class_id4: 8,
  class_id5: 8,
  replenishment_method: 20,
  track_bins: 1,
};
const COMMON_LENGTHS = [1, 1, 1, 2, 8, 10, 16, 20, 30, 40, 40, 50, 255, 255];

const TEXT_LENGTHS = [40, 50, 60, 255];
const CODE_LENGTHS = [8, 10, 16, 20];

/** A length a DBA would give such a column: flags are one character, names and text are long, codes short. */
function plausibleLength(name: string, h: number): number {
  if (/(_flag|_yn)$|^(taxable|serialized|track_lots|buy|make|sellable|stockable|inactive)$/.test(name)) return 1;
  if (/name|desc|address|city|note|comment|email|phone|title|text|keywords|path|url|instructions/.test(name))
    return TEXT_LENGTHS[h % TEXT_LENGTHS.length]!;
  if (/(_id|_no|_cd|_code|_type|_class|_group|_uom|unit)$/.test(name)) return CODE_LENGTHS[h % CODE_LENGTHS.length]!;
  return COMMON_LENGTHS[h % COMMON_LENGTHS.length]!;
}

/** columns that are never null whatever the hash says */
const NOT_NULL = new Set([
  'delete_flag',
  'row_status_flag',
  'date_created',
  'date_last_modified',
  'last_maintained_by',
  'company_id',
]);
/** columns the API examples need nullable */
const NULLABLE = new Set(['customer_name', 'terms_id', 'credit_status', 'salesrep_id', 'primary_bin', 'net_due_date']);

function facets(name: string, type: string, key: readonly string[]): SampleColumn {
  const h = hash32(name);
  const nullable = key.includes(name) || NOT_NULL.has(name) ? false : NULLABLE.has(name) ? true : h % 5 < 3;
  switch (type) {
    case 'Edm.String':
      return { name, type, nullable, maxLength: STRING_LENGTHS[name] ?? plausibleLength(name, h) };
    case 'Edm.Decimal': {
      const money =
        /amount|amt|price|cost|value|pct|percent|percentage|multiplier|rate|limit|balance|factor|allowance/.test(name);
      const qty = /qty|quantity|weight|cube|size|length|width|height/.test(name);
      return { name, type, nullable, precision: 19, scale: money ? 4 : qty ? 9 : 0 };
    }
    case 'Edm.DateTimeOffset':
      return { name, type, nullable, precision: 3 };
    default:
      return { name, type, nullable };
  }
}

/** `name:Type` or `name:Type!` (not null) or `name:String(40)` or `name:Decimal(19,4)`, short Edm names */
function spec(text: string, key: readonly string[] = []): SampleColumn {
  const m = /^(.+?):(\w+)(?:\((\d+)(?:,(\d+))?\))?(!|\?)?$/.exec(text);
  if (!m) throw new Error(`bad column spec ${text}`);
  const [, name, short, a, b, flag] = m as unknown as [string, string, string, string?, string?, string?];
  const type = `Edm.${short}`;
  const base = facets(name, type, key);
  const nullable = flag === '!' ? false : flag === '?' ? true : base.nullable;
  if (type === 'Edm.String') return { ...base, nullable, ...(a ? { maxLength: Number(a) } : {}) };
  if (type === 'Edm.Decimal' && a) return { name, type, nullable, precision: Number(a), scale: Number(b ?? 0) };
  return { ...base, nullable };
}

function fromReal(columns: readonly RealColumn[], key: readonly string[]): SampleColumn[] {
  return columns.map((c) => facets(c.name, c.type, key));
}

// --- named objects -----------------------------------------------------------------------------

function real(view: string): readonly RealColumn[] {
  const columns = realViews().get(view);
  if (!columns) throw new Error(`real-view-columns.txt has no view ${view}`);
  return columns;
}

function object(
  name: string,
  key: string[],
  columns: SampleColumn[],
  extra: string[] = [],
  drop: string[] = [],
): SampleObject {
  const byName = new Map<string, SampleColumn>();
  for (const c of columns) if (!drop.includes(c.name)) byName.set(c.name, c);
  for (const e of extra) {
    const c = spec(e, key);
    byName.set(c.name, c);
  }
  for (const k of key) if (!byName.has(k)) throw new Error(`${name}: key ${k} is not a column`);
  // keys first, then the rest in their own order: what a DBA's table looks like
  const ordered = [...key.map((k) => byName.get(k)!), ...[...byName.values()].filter((c) => !key.includes(c.name))];
  return { name, key, columns: ordered };
}

function synth(
  name: string,
  key: string[],
  specs: string[],
  trailer: 'delete' | 'status' | 'none' = 'delete',
): SampleObject {
  const tail =
    trailer === 'none'
      ? []
      : [
          trailer === 'delete' ? 'delete_flag:String(1)!' : 'row_status_flag:Int32!',
          'date_created:DateTimeOffset!',
          'date_last_modified:DateTimeOffset!',
          'last_maintained_by:String(30)!',
        ];
  return object(name, key, [], [...specs, ...tail]);
}

function namedTables(): SampleObject[] {
  return [
    object('customer', ['company_id', 'customer_id'], fromReal(real('customer'), ['company_id', 'customer_id'])),
    object(
      'supplier',
      ['supplier_id'],
      fromReal(real('supplier'), ['supplier_id']),
      ['supplier_id:Decimal(19,0)!', 'supplier_name:String(50)'],
      ['company_id', 'company_no'],
    ),
    object(
      'inv_mast',
      ['inv_mast_uid'],
      fromReal(real('inv_mast'), ['inv_mast_uid']),
      ['item_id:String(40)!'],
      ['company_id', 'company_no'],
    ),
    object('inv_loc', ['location_id', 'inv_mast_uid'], fromReal(real('inv_loc'), ['location_id', 'inv_mast_uid']), [
      'primary_bin:String(10)?',
    ]),
    object(
      'oe_hdr',
      ['order_no'],
      fromReal(real('oe_hdr'), ['order_no']),
      ['completed:String(1)!', 'projected_order:String(1)!', 'quote_type:Int32?', 'oe_hdr_uid:Int32!'],
      ['quote_flag'],
    ),
    object('oe_line', ['order_no', 'line_no'], fromReal(real('oe_line'), ['order_no', 'line_no']), [
      'order_no:String(8)!',
      'line_no:Decimal(19,0)!',
      'oe_hdr_uid:Int32!',
    ]),
    object('invoice_hdr', ['invoice_no'], fromReal(real('invoice_hdr'), ['invoice_no']), [
      'invoice_type:String(2)!',
      'total_amount:Decimal(19,4)!',
      'net_due_date:DateTimeOffset?',
      'terms_id:String(8)?',
    ]),
    object('invoice_line', ['invoice_no', 'line_no'], fromReal(real('invoice_line'), ['invoice_no', 'line_no']), [
      'invoice_no:String(10)!',
      'line_no:Decimal(19,0)!',
      'invoice_type:String(2)!',
      'total_amount:Decimal(19,4)!',
    ]),
    object(
      'po_hdr',
      ['po_no'],
      fromReal(real('po_hdr'), ['po_no']),
      ['company_no:String(8)!', 'po_type:String(1)!', 'external_po_no:String(40)?', 'supplier_id:Decimal(19,0)!'],
      ['company_id'],
    ),
    object(
      'po_line',
      ['po_no', 'line_no'],
      fromReal(real('po_line'), ['po_no', 'line_no']),
      ['company_no:String(8)!', 'supplier_ship_date:DateTimeOffset?', 'date_due:DateTimeOffset?'],
      ['company_id'],
    ),
    object(
      'address',
      ['id'],
      fromReal(real('address'), ['id']),
      ['id:Decimal(19,0)!', 'name:String(50)?'],
      ['company_id', 'company_no', 'mail_address3', 'phys_address3'],
    ),
    object('contacts', ['id'], fromReal(real('contacts'), ['id']), ['id:String(16)!', 'company_id:String(8)!']),
    object('ship_to', ['company_id', 'ship_to_id'], fromReal(real('ship_to'), ['company_id', 'ship_to_id']), [
      'ship_to_id:Decimal(19,0)!',
    ]),
    object('location', ['location_id'], fromReal(real('location'), ['location_id']), ['location_id:Decimal(19,0)!']),
    object(
      'product_group',
      ['company_id', 'product_group_id'],
      fromReal(real('product_group'), ['company_id', 'product_group_id']),
    ),
    object('company', ['company_id'], fromReal(real('company'), ['company_id'])),
    object('vendor', ['company_id', 'vendor_id'], fromReal(real('vendor'), ['company_id', 'vendor_id'])),
    object('item_uom', ['item_uom_uid'], fromReal(real('item_uom'), ['item_uom_uid'])),
    object(
      'inventory_supplier',
      ['inventory_supplier_uid'],
      fromReal(real('inventory_supplier'), ['inventory_supplier_uid']),
      ['supplier_part_no:String(40)?'],
    ),
    // the location entries of an item's suppliers (the inventory family's `LocationSuppliers`)
    synth(
      'inventory_supplier_x_loc',
      ['inventory_supplier_uid', 'location_id'],
      ['inventory_supplier_uid:Int32!', 'location_id:Decimal(19,0)!', 'primary_supplier:String(1)!'],
    ),
    synth(
      'price_page',
      ['price_page_uid'],
      [
        'price_page_uid:Int32!',
        'company_id:String(8)!',
        'price_page_type_cd:Int32!',
        'description:String(255)?',
        'inv_mast_uid:Int32?',
        'product_group_id:String(8)?',
        'supplier_id:Decimal(19,0)?',
        'discount_group_id:String(8)?',
        'effective_date:DateTimeOffset!',
        'expiration_date:DateTimeOffset?',
        'calculation_method_cd:Int32!',
        'calculation_value1:Decimal(19,9)?',
        'price_library_uid:Int32?',
        'price_book_uid:Int32?',
      ],
      'status',
    ),
    synth(
      'customer_salesrep',
      ['customer_salesrep_uid'],
      [
        'customer_salesrep_uid:Int32!',
        'company_id:String(8)!',
        'customer_id:Decimal(19,0)!',
        'salesrep_id:String(16)!',
        'commission_percentage:Decimal(19,4)?',
        'primary_salesrep_flag:String(1)!',
      ],
      'status',
    ),
    synth(
      'ar_receipts',
      ['receipt_number'],
      [
        'receipt_number:Decimal(19,0)!',
        'company_id:String(8)!',
        'customer_id:Decimal(19,0)!',
        'payment_amount:Decimal(19,4)!',
        'receipt_date:DateTimeOffset!',
        'check_number:String(20)?',
        'bank_no:Decimal(19,0)?',
        'period:Decimal(19,0)!',
        'year_for_period:Decimal(19,0)!',
      ],
    ),
    synth(
      'ar_receipts_detail',
      ['ar_receipts_detail_uid'],
      [
        'ar_receipts_detail_uid:Int32!',
        'receipt_number:Decimal(19,0)!',
        'invoice_no:String(10)!',
        'amount_paid:Decimal(19,4)!',
        'terms_amount_taken:Decimal(19,4)?',
        'allowed_amount:Decimal(19,4)?',
      ],
    ),
    synth(
      'terms',
      ['terms_id'],
      [
        'terms_id:String(8)!',
        'terms_desc:String(40)?',
        'net_days:Decimal(19,0)!',
        'discount_days:Decimal(19,0)?',
        'discount_pct:Decimal(19,4)?',
        'terms_uid:Int32!',
      ],
    ),
    synth(
      'customer_terms',
      ['customer_terms_uid'],
      [
        'customer_terms_uid:Int32!',
        'company_id:String(8)!',
        'customer_id:Decimal(19,0)!',
        'terms_id:String(8)!',
        'default_flag:String(1)!',
      ],
    ),
    synth(
      'credit_status',
      ['credit_status'],
      [
        'credit_status:String(8)!',
        'credit_status_desc:String(40)?',
        'allow_orders_flag:String(1)!',
        'allow_shipments_flag:String(1)!',
      ],
    ),
    synth(
      'price_book',
      ['price_book_uid'],
      ['price_book_uid:Int32!', 'price_book_id:String(40)!', 'price_book_desc:String(255)?', 'company_id:String(8)!'],
      'status',
    ),
    synth(
      'price_library',
      ['price_library_uid'],
      [
        'price_library_uid:Int32!',
        'price_library_id:String(40)!',
        'price_library_desc:String(255)?',
        'company_id:String(8)!',
      ],
      'status',
    ),
    synth(
      'inventory_receipts_hdr',
      ['receipt_number'],
      [
        'receipt_number:Decimal(19,0)!',
        'company_id:String(8)!',
        'po_number:Decimal(19,0)?',
        'po_type:String(1)?',
        'shipment_date:DateTimeOffset?',
        'received_date:DateTimeOffset!',
        'location_id:Decimal(19,0)!',
        'supplier_id:Decimal(19,0)?',
      ],
    ),
    synth(
      'inventory_receipts_line',
      ['receipt_number', 'line_number'],
      [
        'receipt_number:Decimal(19,0)!',
        'line_number:Decimal(19,0)!',
        'inv_mast_uid:Int32!',
        'qty_received:Decimal(19,9)!',
        'unit_of_measure:String(8)!',
        'po_line_number:Decimal(19,0)?',
      ],
    ),
    synth(
      'po_line_notepad',
      ['po_line_notepad_uid'],
      [
        'po_line_notepad_uid:Int32!',
        'po_no:Decimal(19,0)!',
        'line_no:Decimal(19,0)!',
        'topic:String(30)?',
        'note:String(4000)?',
        'activation_date:DateTimeOffset?',
      ],
    ),
    synth(
      'bin',
      ['location_id', 'bin'],
      [
        'location_id:Decimal(19,0)!',
        'bin:String(10)!',
        'bin_type:String(8)?',
        'bin_zone_id:String(10)?',
        'pick_sequence:Int32?',
      ],
    ),
    synth(
      'bin_ud',
      ['bin_ud_uid'],
      ['bin_ud_uid:Int32!', 'location_id:Decimal(19,0)!', 'bin:String(10)!', 'bin_category:String(30)?'],
      'none',
    ),
    // extension tables of the REST families' records: their columns type the records' `UserDefinedFields`
    // (the key columns that join them to the base table left out), odd names and all
    synth(
      'customer_ud',
      ['company_id', 'customer_id'],
      [
        'company_id:String(8)!',
        'customer_id:Decimal(19,0)!',
        'region:String(20)?',
        'class:String(10)?',
        'credit score:Decimal(19,9)?',
        'größe:Int32?',
        'constructor:String(30)?',
        '__proto__:String(30)?',
        'loyalty_member:Boolean?',
        'first_order:DateTimeOffset?',
      ],
      'none',
    ),
    synth(
      'inv_mast_ud',
      ['inv_mast_uid'],
      ['inv_mast_uid:Int32!', 'hazmat_class:String(10)?', 'shelf_life_days:Int32?', 'carbon_kg:Decimal(19,9)?'],
      'none',
    ),
    synth(
      'bin_zone',
      ['location_id', 'bin_zone_id'],
      [
        'location_id:Decimal(19,0)!',
        'bin_zone_id:String(10)!',
        'company_id:String(8)!',
        'zone_desc:String(40)!',
        'zone_sequence:Int32?',
        'allocation_uom:String(8)?',
        'bypass_full_qty_flag:String(1)?',
        'bin_replenishment_interval:Int32?',
      ],
      'status',
    ),
    synth(
      'salesrep',
      ['salesrep_id'],
      [
        'salesrep_id:String(16)!',
        'salesrep_name:String(50)?',
        'company_id:String(8)!',
        'commission_percentage:Decimal(19,4)?',
      ],
    ),
    synth(
      'oe_hdr_notepad',
      ['oe_hdr_notepad_uid'],
      ['oe_hdr_notepad_uid:Int32!', 'order_no:String(8)!', 'topic:String(30)?', 'note:String(4000)?'],
    ),
    synth(
      'udt_example_settings',
      ['udt_example_settings_uid'],
      ['udt_example_settings_uid:Int32!', 'row_uid:Int32!', 'setting_name:String(50)!', 'setting_value:String(255)?'],
      'none',
    ),
    // user-defined tables: one made before 26.1 (with the `row_uid` the UDT service updates and deletes by), one
    // made on 26.1 (its key is `udt_{name}_uid` and it has no `row_uid`: the UDT service cannot reach its rows)
    synth(
      'udt_pallet',
      ['row_uid'],
      ['row_uid:Int32!', 'pallet_id:String(20)!', 'location_id:Int32?', 'weight:Decimal(19,4)?', 'note:String(255)?'],
      'none',
    ),
    synth(
      'udt_legacy',
      ['udt_legacy_uid'],
      ['udt_legacy_uid:Int32!', 'legacy_code:String(20)!', 'description:String(255)?'],
      'none',
    ),
  ];
}

/** the 16 search views the service document lists, with their field counts */
const SEARCH_VIEWS: ReadonlyArray<readonly [suffix: string, source: string, fields: number]> = [
  ['customer', 'customer', 58],
  ['contacts', 'contacts', 87],
  ['vendor', 'vendor', 75],
  ['item', 'inv_mast', 15],
  ['item_supplier', 'inventory_supplier', 57],
  ['sales_order', 'oe_hdr', 115],
  ['sales_order_line', 'oe_line', 157],
  ['quote', 'oe_hdr', 89],
  ['invoice_hdr', 'invoice_hdr', 137],
  ['invoice_line', 'invoice_line', 139],
  ['vendor_invoice', 'vendor', 49],
  ['ship_to', 'ship_to', 63],
  ['pick_ticket_hdr', 'oe_hdr', 21],
  ['pick_ticket_line', 'oe_line', 16],
  ['production_order', 'oe_hdr', 85],
  ['production_order_component', 'oe_line', 61],
];

function searchView(suffix: string, source: string, fields: number): SampleObject {
  // a denormalised view: the source's own columns first, topped up from the pool, then the two trailing fields
  const picked = new Map<string, RealColumn>();
  for (const c of real(source)) if (picked.size < fields - 2) picked.set(c.name, c);
  for (const c of realColumnPool()) if (picked.size < fields - 2 && !picked.has(c.name)) picked.set(c.name, c);
  const columns = [
    ...fromReal([...picked.values()], []),
    { name: 'unique_id', type: 'Edm.String', nullable: false, maxLength: 255 },
    { name: 'max_date_last_modified', type: 'Edm.DateTimeOffset', nullable: true, precision: 3 },
  ];
  return { name: `svc_view_es_${suffix}`, key: ['unique_id'], columns };
}

function namedViews(): SampleObject[] {
  const views = SEARCH_VIEWS.map(([suffix, source, fields]) => searchView(suffix, source, fields));
  // the two search-source views and seven other prefixed views that the documents do not show
  views.push(searchView('customer_part_no', 'inventory_supplier', 24), searchView('rma', 'oe_hdr', 40));
  for (const suffix of ['config', 'index_status', 'entity_map', 'field_map', 'sync_log', 'deleted_keys', 'version']) {
    views.push(
      object(
        `svc_view_es_${suffix}`,
        ['id'],
        [],
        ['id:Int32!', 'name:String(255)!', 'value:String(4000)?', 'date_last_modified:DateTimeOffset!'],
      ),
    );
  }
  // the older curated views, on the view surface under a neutral prefix
  for (const [name, columns] of realViews())
    views.push({ name: `erp_view_${name}`, key: [columns[0]!.name], columns: fromReal(columns, [columns[0]!.name]) });
  return views;
}

// --- hard cases --------------------------------------------------------------------------------

/** names a server can send that break naive generators; every one must give compiling, correct code */
export function hardCaseTables(): SampleObject[] {
  const tricky = [
    'id:Int32!',
    'class:String(10)?',
    'default:Int32?',
    'constructor:String(10)?',
    '__proto__:String(10)?',
    'toString:String(10)?',
    'valueOf:Int32?',
    'hasOwnProperty:Boolean?',
    'select:String(10)?',
    'filter:String(10)?',
    'then:String(10)?',
    'my col:String(10)?',
    'a*/b:String(10)?',
    "quote'd:String(10)?",
    'back\\slash:String(10)?',
    'dollar$sign:String(10)?',
    'naïve_größe:Decimal(19,4)?',
    'Name:String(10)?',
    'name:String(10)?',
    '2nd_line:String(10)?',
    'is_active:Boolean!',
    'row_guid:Guid!',
    'birthday:Date?',
    'start_time:TimeOfDay?',
    'ratio:Double?',
    'big_count:Int64?',
    'tiny:SByte?',
    'small_ratio:Single?',
    'blob:Binary?',
    'wait:Duration?',
  ];
  const simple = ['id:Int32!', 'label:String(40)?'];
  return [
    object('class', ['id'], [], simple),
    object('default', ['id'], [], simple),
    object('function', ['id'], [], simple),
    object('2fa_settings', ['id'], [], simple),
    object('order lines', ['id'], [], simple),
    object('item-x-ref', ['id'], [], simple),
    object('größe_tabelle', ['id'], [], simple),
    object('Customer_Audit', ['id'], [], simple),
    object('customer_audit', ['id'], [], simple),
    object('customerAudit', ['id'], [], simple),
    object('CUSTOMER_AUDIT', ['id'], [], simple),
    object('query', ['id'], [], simple),
    object('and', ['id'], [], simple),
    object('constructor', ['id'], [], simple),
    object('__proto__', ['id'], [], simple),
    object('toString', ['id'], [], simple),
    object('hasOwnProperty', ['id'], [], simple),
    object('a*/b', ['id'], [], simple),
    object('edge_columns', ['id'], [], tricky),
  ];
}

// --- filler ------------------------------------------------------------------------------------

const WORDS = (
  'account activity agreement alloc ap ar asset audit batch billing branch budget buyer carrier cash catalog category commission ' +
  'contract core cost credit currency cycle_count deal delivery demand discount dispatch document edi email equipment expense fc ' +
  'forecast freight gl import inquiry item job journal kit label labor landed_cost lead lot machine manifest message note ' +
  'pallet payment period pick plan pricing process production promo purchase quote rebate receipt release rental replenishment ' +
  'report requisition return rma route sales schedule serial service shipment sku statement stock substitute surcharge tax ' +
  'territory transfer unit voucher warehouse warranty web work_order zone'
).split(' ');
const SUFFIXES = (
  'hdr line detail x_loc x_customer x_supplier notepad ud history audit config type status group rule log queue link template ' +
  'map summary xref cost note defaults options'
).split(' ');

function fillerObjects(
  count: number,
  prefix: string,
  taken: Set<string>,
  seed: number,
  meanColumns: number,
): SampleObject[] {
  const rand = prng(seed);
  const pool = realColumnPool();
  const out: SampleObject[] = [];
  while (out.length < count) {
    const a = WORDS[Math.floor(rand() * WORDS.length)]!;
    const b = SUFFIXES[Math.floor(rand() * SUFFIXES.length)]!;
    const c = rand() < 0.5 ? '' : `_${WORDS[Math.floor(rand() * WORDS.length)]!}`;
    const name = `${prefix}${a}${c}_${b}`;
    if (taken.has(name)) continue;
    taken.add(name);
    const uid = `${name.replace(/^.*?_(?=[^_]+_[^_]+$)/, '')}_uid`;
    const n = Math.max(3, Math.round(meanColumns * (0.3 + rand() * 1.4)));
    const specs = new Map<string, SampleColumn>();
    specs.set(uid, { name: uid, type: 'Edm.Int32', nullable: false });
    while (specs.size < n) {
      const col = pool[Math.floor(rand() * pool.length)]!;
      if (!specs.has(col.name)) specs.set(col.name, facets(col.name, col.type, []));
    }
    const status = rand() < 0.3;
    const tail = [
      status ? 'row_status_flag:Int32!' : 'delete_flag:String(1)!',
      'date_created:DateTimeOffset!',
      'date_last_modified:DateTimeOffset!',
      'last_maintained_by:String(30)!',
    ];
    for (const t of tail) {
      const c = spec(t);
      specs.set(c.name, c);
    }
    out.push({ name, key: [uid], columns: [...specs.values()] });
  }
  return out;
}

// --- the tenant --------------------------------------------------------------------------------

const STOCK_TABLES = 3400;
const STOCK_VIEWS = 3760;

function widen(objects: readonly SampleObject[], width: number): SampleObject[] {
  if (width === 1) return [...objects];
  return objects.map((o) => ({
    ...o,
    columns: [
      ...o.columns,
      ...Array.from({ length: width - 1 }, (_, i) =>
        o.columns.map((c) => ({ ...c, name: `${c.name}_w${i + 2}` })),
      ).flat(),
    ],
  }));
}

function copies(objects: readonly SampleObject[], scale: number): SampleObject[] {
  if (scale === 1) return [...objects];
  const out: SampleObject[] = [];
  for (let i = 0; i < scale; i++)
    for (const o of objects) out.push(i === 0 ? o : { ...o, name: `${o.name}_copy${i + 1}` });
  return out;
}

export function makeTenant(options: TenantOptions = {}): Tenant {
  const scale = options.scale ?? 1;
  const tables = [...namedTables(), ...hardCaseTables()];
  const views = namedViews();
  if (options.curated) return { tables, views };
  const taken = new Set([...tables, ...views].map((o) => o.name));
  tables.push(...fillerObjects(STOCK_TABLES - tables.length, '', taken, 1, 13));
  views.push(...fillerObjects(STOCK_VIEWS - views.length, 'v_', taken, 2, 21));
  const width = options.width ?? 1;
  return { tables: widen(copies(tables, scale), width), views: widen(copies(views, scale), width) };
}
