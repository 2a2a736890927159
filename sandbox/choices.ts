// What the sandbox plays, in three groups, printed by `erpgen sandbox --help` so nobody mistakes a sandbox habit for
// a server guarantee: what the service documents say (the authority), what public captures of the real service show
// where the documents are silent (the best-evidenced form by default, the others under a switch), and what the
// sandbox chose where neither says. Each behaviour is listed once, in the group its evidence puts it in.

/** Behaviour the two service documents give. */
export const SANDBOX_DOCUMENTED: readonly string[] = [
  'Tokens: POST /api/security/token/v2 with user credentials (ExpiresInSeconds) or a consumer key (ExpiresIn); wrong credentials 401 invalid_grant; an unregistered key HTTP 500 TokenException echoing the key; a key without scope 403 insufficient_scope.',
  'Scopes: /odata:a,b names the objects a key may query (fixed in the token, read from aud); /uiserver0 reaches the Transaction and Interactive APIs only; /api every API endpoint.',
  'The same not-authorized 401 for an unknown or expired token, an object outside the allow-list and a user without the permission: only the token tells them apart.',
  "The query surface: tables on /table/, views on /view/, $metadata per surface (JSON only with Accept: application/json), no server paging ($top is the client's), an ignored in, 404 for unknown objects and columns, bin answered by the web server's HTML 404.",
  'The router and the list endpoints answer 307 without their trailing slash, before the token is looked at.',
];

/** Behaviour that public captures of the real service show where the documents are silent. */
export const SANDBOX_CAPTURED: readonly string[] = [];

/** Where neither the documents nor a capture says, what the sandbox does. */
export const SANDBOX_CHOICES: readonly string[] = [
  "Rows are generated from each column's type and facets, deterministically (the same snapshot serves the same rows).",
  'Tokens are JWT-shaped (HS256 with a secret made at start); a restart forgets every token.',
  'The user (--user with ERP_PASSWORD) may query every table and view (as if "Allow OData API Service" were Yes and its role allowed every object); its token\'s aud is /api.',
  "A consumer key's scope is --scope (default /api: no data query). /odata:a,b lets it query a and b; a bare /odata names no object (the documents: tables must be named). Names in the list match exactly.",
  'A key whose scope has no /odata gets 403 insufficient_scope on the query family; one without /api, /ui or /uiserver0 gets it on the router, serverinfo, the Transaction and Interactive APIs; one without /api gets it on the entity, inventory and UDT families (the documents: /uiserver0 is interactive and transaction only).',
  'A consumer key call with a username that is not the sandbox user answers 401 invalid_grant.',
  'A missing or non-Bearer Authorization header gets the {Description, Error, Uri} 401 on every family.',
  'Earlier tokens stay valid after a new token call unless --one-session is given (the documents say a call "may" invalidate them).',
  'serverinfo answers {Version, "Application Version"} with the build (--build); without Accept: application/json it answers XML.',
  "A Form data element sent with several rows is taken: each row edits the record's one header, in order.",
  "A write naming an order whose oe_hdr.completed is 'T' fails with 'General Exception: Order <n> is in an editing state (completed = T) and cannot be changed.' (the documents say such rows refuse writes, not with which message).",
  "Required and disabled columns of a window are the tenant's setup, not in a definition: Order's TABPAGE_1.order needs customer_id, nothing is disabled.",
  'Fault switches hit every request except token calls; a 500 from --burst-500 has an empty body.',
  "Interactive: one session per token on every build: a second create answers 409 Session already exists. until the token's sessions are deleted (the documents show it up to 26.1.5910.3).",
  'Interactive: a consumer key token without a user name cannot create a session: HTTP 500 with an ErrorMessage about user retrieval (the documents give no status). Session not found or expired and Window not found are 400s with an ErrorMessage.',
  'Interactive: a change item with a TabName must name a field of the active tab (select it with PageName first), else 400 naming the field; an item without TabName is found by its DatawindowName, or by its field.',
  "Interactive: a record loads when a Form's key field changes; it exists when the field's DbColumnName table has a row with that value (or it was saved in this sandbox), and the window then shows that row's values for the fields of the same table; a new record's key is generated on save (keygenerated event).",
  "Interactive: no save opens a response window unless the sandbox is started with one for the service (tests); its tools are cb_yes (save) and cb_no (cancel). GET /v2/data answers the active tab's datawindows as {Name, TabName, Columns, Data, ActiveRow, TotalRows}.",
  'Commands (/api/v2/commands) run in a window of their own and answer {Results: [{Action, Status, Events, Messages}]}, stopping at the first action that does not succeed; a refused action answers with its own error.',
  'UDT: rows live in the same store the query family reads; an update answers [n] rows updated in [table] table successfully..!, and only row_uid conditions are taken.',
  'The entity and inventory families keep their records in tables of the sandbox SQLite database (records as JSON, by key), seeded with customers ACME_10, ACME_100198, ACME_100199 and BETA_10 (with addresses), vendor ACME_20, contact 17, and items WIDGET-001 and AB#12 (location 10 of company ACME, supplier 10, unit EA, Price1 12.500000000).',
  "User-defined fields of the entity and inventory records live in the snapshot's extension table of the record's table (customer_ud, inv_mast_ud, ...), in the same store the query family reads, joined on its key columns that the base table has: a record without a row answers every field null, a PUT or POST writes the fields it gives, and a field the table lacks is a validation error. A record whose table has no extension table keeps UserDefinedFields as sent.",
  'Companies ACME and BETA exist, with product groups MISC and TOOLS (ACME) and MISC (BETA); locations 10 and 20 have inventory defaults, others need the three accounts; location 10 has bins A1 and B2, and a PrimaryBin naming another bin is ignored while the PUT answers 200.',
  "A price is the item's Price1 (ExtendedPrice times the quantity, nine decimal places); QuantityAvailable is the location's QtyOnHand; an item not at the source location fails the whole batch with the BusinessException 500.",
];
