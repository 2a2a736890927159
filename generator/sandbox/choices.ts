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
  'The entity and inventory families keep their records in memory, seeded with customers ACME_10, ACME_100198, ACME_100199 and BETA_10 (with addresses), vendor ACME_20, contact 17, and items WIDGET-001 and AB#12 (location 10 of company ACME, supplier 10, unit EA, Price1 12.500000000).',
  'Companies ACME and BETA exist, with product groups MISC and TOOLS (ACME) and MISC (BETA); locations 10 and 20 have inventory defaults, others need the three accounts; location 10 has bins A1 and B2, and a PrimaryBin naming another bin is ignored while the PUT answers 200.',
  "A price is the item's Price1 (ExtendedPrice times the quantity, nine decimal places); QuantityAvailable is the location's QtyOnHand; an item not at the source location fails the whole batch with the BusinessException 500.",
];
