// Where the service documents leave the behaviour open, the sandbox has to pick something. Every such pick is listed
// here, once, and printed by `erpgen sandbox --help`, so nobody mistakes a sandbox habit for a server guarantee.
export const SANDBOX_CHOICES: readonly string[] = [
  "Rows are generated from each column's type and facets, deterministically (the same snapshot serves the same rows).",
  'Tokens are JWT-shaped (HS256 with a secret made at start); a restart forgets every token.',
  'The user (--user with ERP_PASSWORD) may query every table and view (as if "Allow OData API Service" were Yes and its role allowed every object); its token\'s aud is /api.',
  "A consumer key's scope is --scope (default /api: no data query). /odata:a,b lets it query a and b; a bare /odata names no object (the documents: tables must be named). Names in the list match exactly.",
  'A key whose scope has no /odata gets 403 insufficient_scope on the query family; one without /api, /ui or /uiserver0 gets it on the router, serverinfo and the Transaction API.',
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
];
