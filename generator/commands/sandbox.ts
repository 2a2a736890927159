// `erpgen sandbox`: the simulated server as a command, for teams that want to try their package without a tenant.
// Prints its base URL as the first line of standard output (scripts read it), then runs until SIGINT or SIGTERM.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { UserError } from '../errors.js';
import { SANDBOX_CAPTURED, SANDBOX_CHOICES, SANDBOX_DOCUMENTED } from '../../sandbox/choices.js';
import type { FaultPlan, SandboxFaults, TransactionOptions } from '../../sandbox/sandbox.js';
import { fromEnv, refuseSecretFlags, SECRET_FLAG_OPTIONS } from './secrets.js';

export interface SandboxArgs {
  readonly snapshot: string;
  readonly port: number;
  readonly user: string;
  readonly scope: string;
  readonly build?: string | undefined;
  readonly rows: number;
  readonly 'xml-tokens': boolean;
  readonly 'token-lifetime'?: number | undefined;
  readonly 'one-session': boolean;
  readonly 'burst-500'?: string | undefined;
  readonly drop?: string | undefined;
  readonly overload?: string | undefined;
  readonly 'overload-status': number;
  readonly slow: number;
  readonly 'price-500'?: number | undefined;
  readonly 'price-locks'?: number | undefined;
  readonly serverinfo?: string | undefined;
  readonly 'service-list'?: string | undefined;
  readonly 'async-status'?: string | undefined;
  readonly 'async-messages'?: string | undefined;
  readonly 'error-body'?: string | undefined;
  readonly 'response-window'?: number | undefined;
  readonly 'response-window-as'?: string | undefined;
  readonly 'window-data'?: string | undefined;
  readonly 'session-cleanup'?: string | undefined;
  readonly 'session-groups'?: string | undefined;
  readonly 'error-types': string;
}

export function sandboxOptions<T>(y: Argv<T>) {
  return y
    .option('snapshot', { type: 'string', demandOption: true, describe: 'snapshot folder to serve' })
    .option('port', { type: 'number', default: 0, describe: 'port on 127.0.0.1 (default: a free one)' })
    .option('user', { type: 'string', default: 'api_user', describe: 'user name; its password is ERP_PASSWORD' })
    .option('scope', {
      type: 'string',
      default: '/api',
      describe: 'scope of the consumer key ERP_CONSUMER_KEY, e.g. "/api;/odata:customer,oe_hdr" (tables must be named)',
    })
    .option('build', { type: 'string', describe: 'build that serverinfo reports (default 26.1.5940.0)' })
    .option('rows', { type: 'number', default: 25, describe: 'rows generated per table and view' })
    .option('xml-tokens', { type: 'boolean', default: false, describe: 'fault: answer token calls in XML' })
    .option('token-lifetime', { type: 'number', describe: 'fault: seconds a token lives (forced expiry)' })
    .option('one-session', {
      type: 'boolean',
      default: false,
      describe: 'fault: a token call invalidates the earlier tokens of the same user or key',
    })
    .option('burst-500', { type: 'string', describe: 'fault: N[/M]: 500 to N requests (N of every M)' })
    .option('drop', { type: 'string', describe: 'fault: N[/M]: close N connections unanswered (N of every M)' })
    .option('overload', {
      type: 'string',
      describe: 'fault: N[/M]: answer N requests with --overload-status (N of every M), as an overloaded proxy does',
    })
    .option('overload-status', { type: 'number', default: 503, describe: 'fault: 502, 503 or 504 for --overload' })
    .option('slow', { type: 'number', default: 0, describe: 'fault: milliseconds every answer waits' })
    .option('price-500', {
      type: 'number',
      describe: 'fault: the first N price requests answer the intermittent opaque 500 (target of an invocation)',
    })
    .option('price-locks', { type: 'number', describe: 'fault: the first N price requests answer a lock error' })
    .option('response-window', {
      type: 'number',
      describe: 'fault (T16): the next N transactions meet the unexpected response window and apply nothing',
    })
    .option('response-window-as', {
      choices: ['envelope', '500'],
      describe: 'how the response window answers: a failed transaction (default) or an HTTP 500',
    })
    .option('serverinfo', {
      choices: ['sections', 'flat'],
      describe: 'serverinfo as captured sections (default) or flat keys',
    })
    .option('service-list', {
      choices: ['names', 'objects', 'value', 'services'],
      describe: "GET /api/v2/services in one of the four forms clients read (default: the snapshot's services.json)",
    })
    .option('async-status', {
      choices: ['words', 'numbers'],
      describe: 'async statuses: 202 Active/Complete/Failed (default) or 200 with Status 3/2',
    })
    .option('async-messages', {
      choices: ['json', 'text'],
      describe: "a completed async request's Messages: the envelope as JSON (default) or only its text",
    })
    .option('error-body', {
      choices: ['envelope', 'problem'],
      describe: "the Transaction API's 400 body: the documents' envelope (default) or problem+json",
    })
    .option('window-data', {
      choices: ['list', 'data', 'nested'],
      describe: 'GET /v2/data as a list (default), {Data: [...]} or {Data: {Data: [...]}}',
    })
    .option('session-cleanup', {
      type: 'string',
      describe: "SessionHandling's SessionCleanupExpiration, the idle timeout of sessions (default 00:06:00)",
    })
    .option('session-groups', {
      choices: ['captured', 'reversed'],
      describe: "the order of the session answer's property groups (clients must pick them by Name)",
    })
    .option('error-types', {
      type: 'string',
      default: 'documented',
      describe:
        "ErrorType of the REST families' errors: 'documented' (Svc.Common.Exceptions.ServiceException, as the documents write it) or 'vendor' (the vendor's namespace, as published bodies of the real service carry it)",
    })
    .options(SECRET_FLAG_OPTIONS)
    .epilog(
      [
        'Credentials: ERP_PASSWORD (the password of --user) and/or ERP_CONSUMER_KEY (a consumer key with --scope).',
        '',
        'What the service documents say, and the sandbox plays:',
        ...SANDBOX_DOCUMENTED.map((c) => `  - ${c}`),
        '',
        'What public captures of the real service show where the documents are silent:',
        ...SANDBOX_CAPTURED.map((c) => `  - ${c}`),
        '',
        'Where neither says, what the sandbox chose:',
        ...SANDBOX_CHOICES.map((c) => `  - ${c}`),
      ].join('\n'),
    );
}

function faultPlan(flag: string, text: string | undefined): FaultPlan | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) < Number(m[1])))
    throw new UserError(`--${flag} ${text}: expected N or N/M (N faulty requests, or N of every M)`, 2);
  return m[2] === undefined ? { count: Number(m[1]) } : { count: Number(m[1]), every: Number(m[2]) };
}

function faultsOf(argv: SandboxArgs): SandboxFaults {
  const burst500 = faultPlan('burst-500', argv['burst-500']);
  const drop = faultPlan('drop', argv.drop);
  const overload = faultPlan('overload', argv.overload);
  const status = argv['overload-status'];
  if (status !== 502 && status !== 503 && status !== 504)
    throw new UserError(`--overload-status ${status}: expected 502, 503 or 504`, 2);
  const lifetime = argv['token-lifetime'];
  if (lifetime !== undefined && !(lifetime > 0)) throw new UserError('--token-lifetime: give a number of seconds', 2);
  return {
    xmlTokens: argv['xml-tokens'],
    oneSession: argv['one-session'],
    slowMs: argv.slow,
    ...(lifetime !== undefined ? { tokenLifetime: lifetime } : {}),
    ...(burst500 ? { burst500 } : {}),
    ...(drop ? { drop } : {}),
    ...(overload ? { overload: { ...overload, status } } : {}),
  };
}

/** The Transaction API's evidenced shapes and the response-window fault, from the flags. */
function transactionSwitches(argv: SandboxArgs): TransactionOptions {
  const windows = argv['response-window'];
  if (windows !== undefined && !(Number.isInteger(windows) && windows >= 0))
    throw new UserError(`--response-window ${windows}: expected a number of transactions`, 2);
  return {
    ...(argv['service-list'] !== undefined
      ? { serviceList: argv['service-list'] as TransactionOptions['serviceList'] }
      : {}),
    ...(argv['async-status'] !== undefined ? { asyncStatus: argv['async-status'] as 'words' | 'numbers' } : {}),
    ...(argv['async-messages'] !== undefined ? { asyncMessages: argv['async-messages'] as 'json' | 'text' } : {}),
    ...(argv['error-body'] !== undefined ? { errorBody: argv['error-body'] as 'envelope' | 'problem' } : {}),
    ...(windows !== undefined
      ? { responseWindow: { count: windows, as: (argv['response-window-as'] ?? 'envelope') as 'envelope' | '500' } }
      : {}),
  };
}

export async function runSandbox(argv: SandboxArgs): Promise<number> {
  refuseSecretFlags(argv);
  const snapshot = resolve(argv.snapshot);
  for (const file of ['tables.metadata.json', 'views.metadata.json'])
    if (!existsSync(resolve(snapshot, file)))
      throw new UserError(`${argv.snapshot}: no ${file} in the snapshot folder`);
  const password = fromEnv('ERP_PASSWORD');
  const consumerKey = fromEnv('ERP_CONSUMER_KEY');
  if (password === undefined && consumerKey === undefined)
    throw new UserError('no credentials to accept: set ERP_PASSWORD (for --user) and/or ERP_CONSUMER_KEY');
  if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535)
    throw new UserError(`--port ${argv.port}: expected a port number`, 2);
  // loaded here, not with the CLI: SQLite's WebAssembly is for the sandbox alone
  const { startSandbox } = await import('../../sandbox/sandbox.js');
  const faults = faultsOf(argv);
  const priceFaults = { invocation500: argv['price-500'], locked: argv['price-locks'] };
  for (const [flag, count] of [
    ['price-500', priceFaults.invocation500],
    ['price-locks', priceFaults.locked],
  ] as const)
    if (count !== undefined && !(Number.isInteger(count) && count >= 0))
      throw new UserError(`--${flag} ${count}: expected a number of requests`, 2);
  const errorTypes = argv['error-types'];
  if (errorTypes !== 'documented' && errorTypes !== 'vendor')
    throw new UserError(`--error-types ${errorTypes}: expected documented or vendor`, 2);
  let server;
  try {
    server = await startSandbox({
      errorTypes,
      snapshot,
      port: argv.port,
      rowsPerObject: argv.rows,
      logRequests: false,
      credentials: {
        ...(password !== undefined ? { users: { [argv.user]: password } } : {}),
        ...(consumerKey !== undefined ? { consumerKeys: { [consumerKey]: argv.scope } } : {}),
      },
      faults,
      ...(argv.build !== undefined ? { build: argv.build } : {}),
      ...(argv.serverinfo !== undefined ? { serverInfo: argv.serverinfo as 'sections' | 'flat' } : {}),
      transactions: transactionSwitches(argv),
      interactive: {
        ...(argv['session-cleanup'] !== undefined ? { sessionCleanup: argv['session-cleanup'] } : {}),
        ...(argv['session-groups'] !== undefined
          ? { propertyOrder: argv['session-groups'] as 'captured' | 'reversed' }
          : {}),
        ...(argv['window-data'] !== undefined ? { dataShape: argv['window-data'] as 'list' | 'data' | 'nested' } : {}),
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UserError(`--port ${argv.port}: the port is in use`);
    // the snapshot's documents and definitions are the only other input: a problem there is the user's to fix
    if (error instanceof Error && !(error instanceof UserError))
      throw new UserError(`${argv.snapshot}: ${error.message.replace(/\s+/g, ' ')}`);
    throw error;
  }
  server.inventory.faults = priceFaults;
  process.stdout.write(`${server.url}\n`);
  const who = [
    password !== undefined ? `user ${argv.user} (password from ERP_PASSWORD)` : undefined,
    consumerKey !== undefined ? `a consumer key (ERP_CONSUMER_KEY) with scope ${argv.scope}` : undefined,
  ].filter((w) => w !== undefined);
  process.stderr.write(`erpgen sandbox: serving ${argv.snapshot} to ${who.join(' and ')}; stop with Ctrl+C\n`);
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
