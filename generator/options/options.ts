// Every option of every command, declared once (option-table.ts derives the flags, the config file's schema and
// the types from these tables). A new option is a row here, and the code that uses it.
import { z } from 'zod';
import { DEFAULT_MAX_METADATA_BYTES, DEFAULT_OUT } from '../defaults.js';
import { readOverlay, type OverlayLine } from '../model/overlay.js';
import type { Table } from './option-table.js';

/** A number with one message for whatever is wrong with it (not a number, out of range). */
const count = (message: string) => z.number({ error: message }).int(message).min(0, message);
const seconds = (message: string) => z.number({ error: message }).positive(message);

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a TypeScript identifier');

const knownValueSet = z
  .object({
    name: z.string().regex(/^[A-Z][A-Za-z0-9_]*$/, 'must be a capitalised TypeScript identifier, e.g. RowStatusFlag'),
    description: z.string().default(''),
    columns: z.array(z.string().min(1)).min(1, 'must list at least one `object.column` glob'),
    values: z
      .record(identifier, z.union([z.string(), z.number().finite()]))
      .refine((values) => Object.keys(values).length > 0, 'must give at least one value')
      .refine((values) => {
        const types = new Set(Object.values(values).map((v) => typeof v));
        return types.size <= 1;
      }, 'must be all strings or all numbers'),
  })
  .strict();

/** erpgen.config.json `definitions`: read as lines by model/overlay.ts (a zod record would lose `__proto__`). */
const definitionsOverlay = z
  .unknown()
  .transform((raw, context): OverlayLine[] => {
    const read = readOverlay(raw);
    if ('lines' in read) return read.lines;
    context.addIssue({ code: 'custom', message: read.problem.message, path: [...read.problem.path] });
    return z.NEVER;
  })
  // for an editor (config.schema.json): the shape the lines are read from
  .meta({
    type: 'object',
    additionalProperties: {
      type: 'object',
      description: 'a transaction service: its data elements',
      additionalProperties: {
        type: 'object',
        description: 'a data element: its fields',
        additionalProperties: {
          type: 'object',
          properties: {
            disabled: { type: 'boolean', description: 'disabled on this server: writing the field does not compile' },
            required: { type: 'boolean', description: "overrules the definition's Required flag" },
          },
          additionalProperties: false,
        },
      },
    },
  });

const configFlag = {
  type: z.string().optional(),
  describe: 'config file (default: erpgen.config.json if present)',
  on: 'flag',
  path: true,
} as const;

const quiet = {
  type: z.boolean().default(false),
  describe: 'print errors only',
  on: 'flag',
  terminal: true,
} as const;

/** `erpgen generate`; its config keys are the top level of erpgen.config.json. */
export const GENERATE_OPTIONS = {
  config: configFlag,
  $schema: { type: z.string().optional(), describe: 'a JSON schema for editors (not read)', on: 'config' },
  snapshot: {
    type: z.string().min(1).default('schema'),
    describe: 'snapshot folder (tables.metadata.json, views.metadata.json)',
    on: 'both',
    path: true,
  },
  out: {
    type: z.string().min(1).default(DEFAULT_OUT),
    describe: 'output folder of the generated package',
    on: 'both',
    path: true,
  },
  packageName: {
    type: z
      .string()
      .regex(/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/, 'must be a valid npm package name')
      .default('erp-schema'),
    describe: '`name` of the generated package.json',
    on: 'config',
  },
  include: {
    type: z.array(z.string().min(1)).default(['*']),
    describe: 'globs over object names to generate (replaces the config list)',
    on: 'both',
  },
  exclude: {
    type: z.array(z.string().min(1)).default([]),
    describe: 'globs over object names to leave out (replaces the config list)',
    on: 'both',
  },
  decimals: {
    type: z.enum(['number', 'string']).default('number'),
    describe: 'TypeScript type of Edm.Decimal columns',
    on: 'both',
  },
  includeUnreachable: {
    type: z.boolean().default(false),
    describe: 'generate objects the service cannot serve (`bin`) anyway',
    on: 'config',
  },
  knownValues: {
    type: z.array(knownValueSet).default([]),
    describe: 'added to, or replacing by name, the built-in known values',
    on: 'config',
  },
  definitions: {
    type: definitionsOverlay.default([]),
    describe:
      'what the team learned about its server, per service, data element and field: { "disabled": true } or { "required": true | false }',
    on: 'config',
  },
  defaultPageSize: {
    type: z.number().int().positive().max(1_000_000).default(1000),
    describe: 'rows per page when a query gives no `top()`',
    on: 'config',
  },
  emit: {
    type: z.enum(['js', 'ts']).default('js'),
    describe: 'js: JavaScript with .d.ts declarations (runs everywhere); ts: TypeScript sources',
    on: 'both',
  },
  check: {
    type: z.boolean().default(false),
    describe: 'write nothing; exit 1 and explain what differs, and why, when the output is stale',
    on: 'flag',
  },
  format: {
    type: z.enum(['text', 'json']).default('text'),
    describe:
      'text, or json for tools: notices and errors as JSON lines on stderr, the result (--check: the report) as JSON on stdout',
    on: 'flag',
    terminal: true,
  },
  quiet,
} as const satisfies Table;

/** Secrets are never taken as flags (options/secrets.ts): these exist only so that using one is refused. */
const secret = { type: z.string().optional(), describe: '', on: 'flag', terminal: true, hidden: true } as const;
export const SECRET_FLAGS = {
  password: secret,
  consumerKey: secret,
  key: secret,
  secret,
  token: secret,
} as const satisfies Table;

/** `erpgen fetch`; its config keys are under `fetch` in erpgen.config.json, and never a secret. */
export const FETCH_OPTIONS = {
  config: configFlag,
  baseUrl: {
    type: z.string().min(1).optional(),
    describe: "the server's base address (or fetch.baseUrl in the config)",
    on: 'both',
  },
  out: {
    type: z.string().optional(),
    describe: 'snapshot folder to write (default: the config\'s "snapshot")',
    on: 'flag',
    path: true,
  },
  user: { type: z.string().optional(), describe: 'user name: its password from ERP_PASSWORD or a prompt', on: 'flag' },
  services: {
    type: z.array(z.string().min(1)).optional(),
    describe: 'service names or globs (default: all listed)',
    on: 'both',
  },
  tables: {
    type: z.array(z.string().min(1)).optional(),
    describe: 'globs over table names (default: all)',
    on: 'both',
  },
  views: { type: z.array(z.string().min(1)).optional(), describe: 'globs over view names (default: all)', on: 'both' },
  timeout: {
    type: seconds('give a number of seconds').default(300),
    describe: 'seconds allowed per schema document',
    on: 'flag',
  },
  maxMetadataMb: {
    type: seconds('give a number of mebibytes').optional(),
    describe: `the most MiB taken of one schema document (default ${DEFAULT_MAX_METADATA_BYTES / 1_048_576}; or fetch.maxMetadataMb in the config)`,
    on: 'both',
  },
  format: {
    type: z.enum(['text', 'json']).default('text'),
    describe:
      'text, or json for tools: warnings, notices and errors as JSON lines on stderr, the result as JSON on stdout',
    on: 'flag',
    terminal: true,
  },
  quiet,
  ...SECRET_FLAGS,
} as const satisfies Table;

/** `N` or `N/M`: N faulty requests, or N of every M. */
const faultPlan = z.string().transform((text, context) => {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) < Number(m[1]))) {
    context.addIssue({ code: 'custom', message: 'expected N or N/M (N faulty requests, or N of every M)' });
    return z.NEVER;
  }
  return m[2] === undefined ? { count: Number(m[1]) } : { count: Number(m[1]), every: Number(m[2]) };
});

/** `erpgen sandbox`: flags only. */
export const SANDBOX_OPTIONS = {
  snapshot: { type: z.string().optional(), describe: 'snapshot folder to serve', on: 'flag', path: true },
  sample: {
    type: z.boolean().default(false),
    describe: 'serve the small sample snapshot erpgen ships, instead of --snapshot',
    on: 'flag',
  },
  port: {
    type: count('expected a port number').max(65535, 'expected a port number').default(0),
    describe: 'port on 127.0.0.1 (default: a free one)',
    on: 'flag',
  },
  user: { type: z.string().default('api_user'), describe: 'user name; its password is ERP_PASSWORD', on: 'flag' },
  scope: {
    type: z.string().default('/api'),
    describe: 'scope of the consumer key ERP_CONSUMER_KEY, e.g. "/api;/odata:customer,oe_hdr" (tables must be named)',
    on: 'flag',
  },
  build: { type: z.string().optional(), describe: 'build that serverinfo reports (default 26.1.5940.0)', on: 'flag' },
  rows: {
    type: count('expected a number of rows').default(25),
    describe: 'rows generated per table and view',
    on: 'flag',
  },
  xmlTokens: { type: z.boolean().default(false), describe: 'fault: answer token calls in XML', on: 'flag' },
  tokenLifetime: {
    type: seconds('give a number of seconds').optional(),
    describe: 'fault: seconds a token lives (forced expiry)',
    on: 'flag',
  },
  oneSession: {
    type: z.boolean().default(false),
    describe: 'fault: a token call invalidates the earlier tokens of the same user or key',
    on: 'flag',
  },
  burst500: { type: faultPlan.optional(), describe: 'fault: N[/M]: 500 to N requests (N of every M)', on: 'flag' },
  drop: {
    type: faultPlan.optional(),
    describe: 'fault: N[/M]: close N connections unanswered (N of every M)',
    on: 'flag',
  },
  overload: {
    type: faultPlan.optional(),
    describe: 'fault: N[/M]: answer N requests with --overload-status (N of every M), as an overloaded proxy does',
    on: 'flag',
  },
  overloadStatus: {
    type: z.literal([502, 503, 504]).default(503),
    describe: 'fault: 502, 503 or 504 for --overload',
    on: 'flag',
  },
  slow: {
    type: count('expected milliseconds').default(0),
    describe: 'fault: milliseconds every answer waits',
    on: 'flag',
  },
  price500: {
    type: count('expected a number of requests').optional(),
    describe: 'fault: the first N price requests answer the intermittent opaque 500 (target of an invocation)',
    on: 'flag',
  },
  priceLocks: {
    type: count('expected a number of requests').optional(),
    describe: 'fault: the first N price requests answer a lock error',
    on: 'flag',
  },
  responseWindow: {
    type: count('expected a number of transactions').optional(),
    describe: 'fault: the next N transactions meet the unexpected response window and apply nothing',
    on: 'flag',
  },
  responseWindowAs: {
    type: z.enum(['envelope', '500']).optional(),
    describe: 'how the response window answers: a failed transaction (default) or an HTTP 500',
    on: 'flag',
  },
  serverinfo: {
    type: z.enum(['sections', 'flat']).optional(),
    describe: 'serverinfo as captured sections (default) or flat keys',
    on: 'flag',
  },
  serviceList: {
    type: z.enum(['names', 'objects', 'value', 'services']).optional(),
    describe: "GET /api/v2/services in one of the four forms clients read (default: the snapshot's services.json)",
    on: 'flag',
  },
  asyncStatus: {
    type: z.enum(['words', 'numbers']).optional(),
    describe: 'async statuses: 202 Active/Complete/Failed (default) or 200 with Status 3/2',
    on: 'flag',
  },
  asyncMessages: {
    type: z.enum(['json', 'text']).optional(),
    describe: "a completed async request's Messages: the envelope as JSON (default) or only its text",
    on: 'flag',
  },
  disabled: {
    type: z
      .array(z.string().regex(/^[^/]+\/.+\/[^/]+$/, 'expected SERVICE/ELEMENT/FIELD, e.g. Order/TABPAGE_1.order/po_no'))
      .optional(),
    describe:
      'a column the windows disable, SERVICE/ELEMENT/FIELD (repeatable; split at the first and the last /, e.g. "Order/TABPAGE_1.order/po_no"): writing it fails with Column is disabled, or with IgnoreDisabled passes and writes nothing',
    on: 'flag',
  },
  requiredMessages: {
    type: z.enum(['documented', 'captured']).default('documented'),
    describe:
      "a required column left out: the documents' 'This column is required.' (default), or the captured 'Customer ID is required' for Order's customer_id",
    on: 'flag',
  },
  errorBody: {
    type: z.enum(['envelope', 'problem']).optional(),
    describe: "the Transaction API's 400 body: the documents' envelope (default) or problem+json",
    on: 'flag',
  },
  windowData: {
    type: z.enum(['list', 'data', 'nested']).optional(),
    describe: 'GET /v2/data as a list (default), {Data: [...]} or {Data: {Data: [...]}}',
    on: 'flag',
  },
  sessionCleanup: {
    type: z.string().optional(),
    describe:
      "SessionHandling's SessionCleanupExpiration, reported in the session answer (default 00:06:00; not the idle timeout, which is 60 s unless a session asks for more)",
    on: 'flag',
  },
  sessionGroups: {
    type: z.enum(['captured', 'reversed']).optional(),
    describe: "the order of the session answer's property groups (clients must pick them by Name)",
    on: 'flag',
  },
  errorTypes: {
    type: z.enum(['documented', 'vendor']).default('documented'),
    describe:
      "ErrorType of the REST families' errors: 'documented' (Svc.Common.Exceptions.ServiceException, as the documents write it) or 'vendor' (as published bodies of the real service carry it: P21.Common.Exceptions.Prophet21Exception, P21.Common.Exceptions.NotFoundException)",
    on: 'flag',
  },
  ...SECRET_FLAGS,
} as const satisfies Table;

/** `erpgen diff <old> [new]`. */
export const DIFF_OPTIONS = {
  old: {
    type: z.string(),
    describe: 'the old snapshot: a folder, or git:REV:path',
    on: 'flag',
    positional: true,
  },
  new: {
    type: z.string().optional(),
    describe: 'the new snapshot: a folder, or git:REV:path (default: the config\'s "snapshot")',
    on: 'flag',
    positional: true,
  },
  config: configFlag,
  format: {
    type: z.enum(['text', 'json', 'markdown']).default('text'),
    describe: 'text for people, json for tools, markdown for a pull request comment',
    on: 'flag',
  },
  failOn: {
    type: z.enum(['breaking', 'any']).optional(),
    describe: 'exit 1 when there is a breaking change (or, with --project, a new compile error), or any change',
    on: 'flag',
  },
  project: {
    type: z.string().optional(),
    describe: "a tsconfig.json: check that project's code against the package the new snapshot gives",
    on: 'flag',
  },
  projectTimeout: {
    type: seconds('give a number of seconds').default(600),
    describe: "with --project: the longest each of your compiler's runs may take, in seconds",
    on: 'flag',
  },
} as const satisfies Table;
