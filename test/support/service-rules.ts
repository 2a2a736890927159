// The 113 rules of the two service documents that a client must honour, with their ids (copied from the service's
// rule list, so the repository stands alone): the 75 first listed, then the 38 added later (hosts and headers, more
// of authentication, the query surface and the Transaction API, the Interactive API, the UDT service, more of the
// REST families). Each is proven end to end against the sandbox by a test whose title declares its id
// (`it('Q24: ...')`, `describe('X7: ...')`); test/package/rules.test.ts lists each id with its proofs and fails
// when one has none.
export const SERVICE_RULES: ReadonlyArray<readonly [id: string, rule: string]> = [
  // Query surface (doc 1)
  ['Q1', 'tables only on `/table/`, views only on `/view/`; the object picks the surface'],
  ['Q2', '`/odataservice/odata/$metadata` does not exist; metadata per surface'],
  ['Q3', '`bin` unreachable on both surfaces; point to `inv_loc.primary_bin` / `bin_ud`'],
  ['Q4', 'new table absent until data-service refresh (404): error message says so'],
  ['Q5', 'JSON CSDL only with `Accept: application/json`; XML otherwise'],
  [
    'Q6',
    'exposed names = keys of `ns.container` not starting with `$`; columns = EntityType keys other than `$Kind`/`$Key`',
  ],
  ['Q7', 'property without `$Type` = Edm.String'],
  ['Q8', '`*_id` columns often Edm.Decimal (numbers, unquoted)'],
  ['Q9', '`row_status_flag` 704/705/700; `delete_flag` Y/N; wrong status column → 404 naming the property'],
  [
    'Q10',
    'company column differs per table (`company_id` vs `company_no` vs none) — types make the wrong one a compile error',
  ],
  ['Q11', '`address` has only `mail_`/`phys_` prefixed columns'],
  ['Q12', '`oe_hdr.completed` Y/N/T; `T` rows refuse transaction writes'],
  ['Q13', "`oe_hdr.projected_order = 'Y'` marks a quote; no `quote_flag`"],
  ['Q14', '`credit_status` decoding values'],
  ['Q15', 'search views: `unique_id`, `max_date_last_modified gt <ts>` incremental sync'],
  ['Q16', 'unknown column in `$select` → empty 404 (whole request)'],
  ['Q17', '`$top` always sent; client paging `$top`+`$skip` until short page; no nextLink'],
  ['Q18', 'no `substringof` (use `contains`), no `$expand`'],
  ['Q19', 'column on the right side: 404 on typed, wrong results on string — refused'],
  ['Q20', 'arithmetic across columns → 404 — refused'],
  ['Q21', '`in` silently ignored (all rows) — expanded to or-chain'],
  ['Q22', '`now()` → 404 — refused'],
  ['Q23', 'quoted numeric → 404 — refused at compile time'],
  ['Q24', "literal formats: strings '' doubling, dates `YYYY-MM-DD`, DTO `...sssZ`, bool, GUID bare"],
  ['Q25', 'percent-encoding of `/ + # & space`'],
  ['Q26', 'response: `value`, `@odata.count`; error `{error:{code,message}}`'],
  ['Q27', 'metadata ~4/6 MB: long timeout (300 s)'],
  // Authentication (doc 1)
  ['A1', 'token v2 with user creds or consumer key (`ClientSecret`, `GrantType`, optional `username`)'],
  ['A2', 'expiry `ExpiresInSeconds` or `ExpiresIn`; no hard-coded lifetime'],
  ['A3', 'XML token answer fallback'],
  ['A4', 'one token reused; renew within 5 min of expiry'],
  ['A5', 'deprecated v1 endpoint not used'],
  ['A6', 'router with trailing slash; 307 drops Authorization'],
  ['A7', 'unregistered consumer key → HTTP 500 TokenException; body echoes key → redact'],
  ['A8', 'wrong password → 401 invalid_grant'],
  ['A9', 'out-of-scope table → 401; decode `aud` to tell scope vs permission'],
  ['A10', 'scope `/odata:table1,table2` allow-list fixed in token'],
  ['A11', 'interactive needs a real username with a consumer key'],
  ['A12', 'serverinfo build version (`Version` / `Application Version`)'],
  // Transactions (doc 1)
  [
    'T1',
    'envelope: Name, UseCodeValues, IgnoreDisabled, Transactions[Status New, DataElements[Name, Type, Keys, Rows[Edits, RelativeDateEdits]]]',
  ],
  ['T2', 'Value always a string'],
  ['T3', 'every key in every row (`Sequence contains no matching element`)'],
  ['T4', 'unknown column → `Invalid column name` — refused at compile time'],
  ['T5', 'enum value → label unless UseCodeValues'],
  ['T6', '`Status` other than `New` → 400/500 — impossible to build'],
  ['T7', 'IgnoreDisabled can report success and write nothing → read back'],
  ['T8', 'List rows with equal keys folded, last wins — refused'],
  ['T9', 'HTTP 200 with `Summary.Failed` — surfaced as failure'],
  ['T10', 'transactions in one POST independent; per-transaction status'],
  ['T11', 'report (`m_*`) services → pdfreport endpoint'],
  ['T12', '`/commands` for some services'],
  ['T13', 'async submit + poll `?id=`'],
  ['T14', '`/transaction/get` read-back'],
  [
    'T15',
    'lengths from the database (external_po_no 40, supplier_part_no 40, topic 30); identifiers rejected, free text truncated with warning',
  ],
  ['T16', 'intermittent response-window failure → retry with random delay / split / async'],
  // Entity and inventory REST (doc 2)
  ['E1', 'customer/vendor key `{CompanyId}_{Id}`; numeric alone → 404'],
  ['E2', 'list needs trailing slash (307 otherwise)'],
  ['E3', '`$query` grammar: PascalCase, substringof(text, Field)'],
  ['E4', 'unfiltered list returns tens of thousands — `$query` required'],
  ['E5', 'extendedproperties: nested null unless requested'],
  ['E6', 'addresses: no PUT (405), `/new` 500'],
  ['E7', 'delete = PUT `Delete: true`'],
  ['E8', 'customers only on `/api/entity/` (`/api/sales/customers` 404)'],
  ['E9', 'vendor id ≠ `supplier_id`'],
  ['I1', 'no `/new` for items (`new` is an item id)'],
  ['I2', 'unfiltered inventory list times out'],
  ['I3', 'minimum create payload blocks; missing ones → specific 500s'],
  ['I4', 'append/update via full PUT with every child; read back'],
  ['I5', 'appended location rules (accounts, kits no Buy, OP/OQ qty)'],
  ['I6', 'price: 7 required params; item id encodings (`#` ok, `/` impossible)'],
  ['I7', 'batch price: Content-Type must match body; XML root without namespace'],
  ['I8', 'decimals with 9 places; QuantityAvailable formula'],
  ['I9', 'opaque intermittent 500 → retry once'],
  ['I10', 'bulk chunks 500–1000, retry lock errors after 1–2 s'],
  ['I11', 'error body `ErrorType`, `ErrorMessage`, `/Date(ms)/`'],
  // Hosts and headers (doc 1, doc 2)
  [
    'H1',
    'family → host: query, entity, inventory, security on `{base_url}`; Transaction and Interactive on `{ui_server}` from the router; never prefix query paths with `{ui_server}`',
  ],
  [
    'H2',
    '`Accept: application/json` on every request of every family, not only `$metadata`: entity/inventory otherwise answer XML, interactive 500/XML',
  ],
  // Authentication, more (doc 1)
  ['A13', 'a key without scope: 403 `insufficient_scope` at sign-in, its own error'],
  [
    'A14',
    'a consumer key is a secret that must stay in controlled environments: never logged, shown or sent to another origin, in any encoding',
  ],
  ['A15', 'a `Scope` field in the token request is ignored: do not send or rely on it'],
  [
    'A16',
    'the build is also in session-create `Properties[…].fullversion`; `/api/version`, `/api/v2/version`, `/api/ui/version`, `/version` answer 404: never probe them',
  ],
  // Query surface, more (doc 1)
  ['Q28', 'null tests only as `column eq null` / `column ne null`'],
  ['Q29', 'OData v3 constructs are not supported (v3 literal prefixes, `$inlinecount`, `substringof`)'],
  ['Q30', 'a genuine syntax error is a 404: every `$filter` must be grammatical OData 4'],
  // Transaction API, more (doc 1)
  ['T17', '`Status: New` updates on key match and inserts otherwise: an update must carry its Keys'],
  [
    'T18',
    '"This column is required." names no column: name required fields before sending where the definition says `Required`',
  ],
  [
    'T19',
    '`GET /api/v2/services?type=report` → `[]`, other `type` values → 400; report services are hidden from the list',
  ],
  // Interactive API (doc 1)
  ['X1', 'session create `POST …/sessions/` with `Accept: application/json`; id in `Id` (26.1) / `SessionId` (25.2)'],
  [
    'X2',
    "409 `Session already exists.` (≤ 5910.3): DELETE the token's sessions and create again; another token's session: 400 `Invalid session`",
  ],
  ['X3', "`DELETE /api/ui/interactive/sessions` ends the token's sessions: clean up after use"],
  [
    'X4',
    'Status 1 success; 2 missing record (26.1) / 0 (25.2); 3 blocked by a response window that must be answered; judge messages by `Type`',
  ],
  ['X5', 'batched change with a rejected item: 400 without Status; earlier items applied, later not attempted'],
  ['X6', 'wrong datawindow name: 400, and the next request on that window is an empty 500 that applies nothing'],
  ['X7', '`?id=` on most interactive endpoints, `?windowId=` on tools; otherwise 400/422 `Window ID was not provided`'],
  ['X8', 'tab change with `PageName` (26.1; `TabName` alone → 400; `PageName` wins)'],
  ['X9', '`DatawindowName` required on 25.2, optional for header-level fields on 26.1'],
  ['X10', 'over-length value refused at the change call, naming the field'],
  ['X11', '`Session not found or expired` / `Window not found`; idle timeout 60 s by default'],
  ['X12', 'interactive without Accept: empty 500 (≤ 5910.3), 200 XML (≥ 5940.0), default representation (25.2)'],
  // UDT service (doc 1)
  [
    'U1',
    'UDT update/delete address rows by `row_uid`; tables without it (26.1: `udt_{table}_uid`) answer update 400 `Invalid Row Uid!` for every condition',
  ],
  [
    'U2',
    'UDT delete on a table without `row_uid`: 200, errorNo 0, `[0] rows deleted` — parse the count, 0 is a failure',
  ],
  ['U3', 'UDT delete conditions at the top level (nested → 400 `Conditions cannot be blank or none!`)'],
  [
    'U4',
    'UDT names carry the `udt_` prefix; otherwise 400 `Invalid UDT table` (4001) or `Incompatible table for bulk insert`',
  ],
  ['U5', 'UDT error bodies `{error: [..]}` or `{id, errorNo, errorMessage}`'],
  // Entity and inventory REST, more (doc 2)
  ['E10', '`UserDefinedFields` are subordinate to the record: written only with it'],
  ['E11', '`$select`, `$orderby`, `$top` are not part of the entity contract: do not send them'],
  [
    'E12',
    'entity validation failure `{Message, Errors[]}` listing each issue; not found 404 `ResourceNotFoundException` naming the query',
  ],
  ['E13', '`/new` templates only for customers, vendors, contacts'],
  [
    'I12',
    'on existing locations only `Sellable`, `ProductGroupId`, `PurchaseDiscountGroup`, `SalesDiscountGroup`, `ReplenishmentLocation`, `PrimaryBin` (existing bin) are written; others only on appended entries',
  ],
  ['I13', 'location soft delete/restore: PUT with `Delete` = `Y`/`N` on the entry in `Locations.list`'],
  [
    'I14',
    'batch price: `companyId`, `customerId`, `salesLocId` required in that order (own 500 each); optional `shipToId`, `orderDate`, `jobNo` without an `optional` prefix; one result per item',
  ],
  ['I15', 'price result: `PricePageUid` 0 = no price page matched; `CompanyId` may be null even when supplied'],
  ['I16', 'some items visible on the query surface answer 404 on the inventory family'],
];
