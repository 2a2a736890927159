// `erpgen sandbox`: the simulated server as a command, for teams that want to try their package without a tenant.
// Prints its base URL as the first line of standard output (scripts read it), then runs until SIGINT or SIGTERM.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { SNAPSHOT_FILES } from '../source/layout.js';
import { sampleSnapshot } from '../../sandbox/sample.js';
import { SANDBOX_CAPTURED, SANDBOX_CHOICES, SANDBOX_DOCUMENTED } from '../../sandbox/choices.js';
import type { SandboxOptions } from '../../sandbox/sandbox.js';
import { CAPTURED_REQUIRED_MESSAGES } from '../../sandbox/transactions/rules.js';
import type { Command, Flags } from '../options/option-table.js';
import { SANDBOX_OPTIONS } from '../options/options.js';
import { fromEnv, refuseSecretFlags } from '../options/secrets.js';

type SandboxFlags = Flags<typeof SANDBOX_OPTIONS>;

/** The sandbox's options from the flags: its fault switches, the evidenced shapes it answers in, its clock. */
function sandboxOptions(
  flags: SandboxFlags,
  snapshot: string,
  credentials: SandboxOptions['credentials'],
): SandboxOptions {
  const overload = flags.overload && { ...flags.overload, status: flags.overloadStatus };
  const responseWindow = flags.responseWindow;
  return {
    errorTypes: flags.errorTypes,
    snapshot,
    port: flags.port,
    rowsPerObject: flags.rows,
    logRequests: false,
    ...(credentials ? { credentials } : {}),
    faults: {
      xmlTokens: flags.xmlTokens,
      oneSession: flags.oneSession,
      slowMs: flags.slow,
      ...(flags.tokenLifetime !== undefined ? { tokenLifetime: flags.tokenLifetime } : {}),
      ...(flags.burst500 ? { burst500: flags.burst500 } : {}),
      ...(flags.drop ? { drop: flags.drop } : {}),
      ...(overload ? { overload } : {}),
    },
    ...(flags.disabled?.length ? { disabled: flags.disabled } : {}),
    ...(flags.build !== undefined ? { build: flags.build } : {}),
    ...(flags.serverinfo !== undefined ? { serverInfo: flags.serverinfo } : {}),
    transactions: {
      ...(flags.serviceList !== undefined ? { serviceList: flags.serviceList } : {}),
      ...(flags.asyncStatus !== undefined ? { asyncStatus: flags.asyncStatus } : {}),
      ...(flags.asyncMessages !== undefined ? { asyncMessages: flags.asyncMessages } : {}),
      ...(flags.errorBody !== undefined ? { errorBody: flags.errorBody } : {}),
      ...(flags.requiredMessages === 'captured' ? { requiredMessages: CAPTURED_REQUIRED_MESSAGES } : {}),
      ...(responseWindow !== undefined
        ? { responseWindow: { count: responseWindow, as: flags.responseWindowAs ?? 'envelope' } }
        : {}),
    },
    interactive: {
      ...(flags.sessionCleanup !== undefined ? { sessionCleanup: flags.sessionCleanup } : {}),
      ...(flags.sessionGroups !== undefined ? { propertyOrder: flags.sessionGroups } : {}),
      ...(flags.windowData !== undefined ? { dataShape: flags.windowData } : {}),
    },
  };
}

async function run(flags: SandboxFlags): Promise<number> {
  refuseSecretFlags(flags);
  if (flags.sample === (flags.snapshot !== undefined))
    throw new UserError(
      'ERPGEN_SANDBOX_SNAPSHOT',
      flags.sample
        ? '--sample and --snapshot: give one of them'
        : 'give --snapshot <folder>, or --sample for the sample snapshot erpgen ships',
      { exitCode: 2, where: { option: '--snapshot' } },
    );
  const snapshot = flags.snapshot === undefined ? sampleSnapshot() : resolve(flags.snapshot);
  // the snapshot as the user named it, or the sample's place
  const shown = flags.snapshot ?? `the sample snapshot (${snapshot})`;
  for (const file of Object.values(SNAPSHOT_FILES))
    if (!existsSync(join(snapshot, file)))
      throw new UserError('ERPGEN_SNAPSHOT_FILE_MISSING', `${shown}: no ${file} in the snapshot folder`, {
        where: { file: join(shown, file) },
      });
  const password = fromEnv('ERP_PASSWORD');
  const consumerKey = fromEnv('ERP_CONSUMER_KEY');
  if (password === undefined && consumerKey === undefined)
    throw new UserError(
      'ERPGEN_NO_CREDENTIALS',
      'no credentials to accept: set ERP_PASSWORD (for --user) and/or ERP_CONSUMER_KEY',
    );
  // loaded here, not with the CLI: SQLite's WebAssembly is for the sandbox alone
  const { startSandbox } = await import('../../sandbox/sandbox.js');
  let server;
  try {
    server = await startSandbox(
      sandboxOptions(flags, snapshot, {
        ...(password !== undefined ? { users: { [flags.user]: password } } : {}),
        ...(consumerKey !== undefined ? { consumerKeys: { [consumerKey]: flags.scope } } : {}),
      }),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UserError('ERPGEN_SANDBOX_PORT_IN_USE', `--port ${flags.port}: the port is in use`, {
        where: { option: '--port' },
      });
    // a --disabled name the snapshot lacks: the flag's error, naming the nearest name
    if (error instanceof Error && error.message.startsWith('disabled'))
      throw new UserError('ERPGEN_SANDBOX_DISABLED_NAME', `--${error.message}`, { where: { option: '--disabled' } });
    // the snapshot's documents and definitions are the only other input: a problem there is the user's to fix
    if (error instanceof Error && !(error instanceof UserError))
      throw new UserError('ERPGEN_SANDBOX_SNAPSHOT', `${shown}: ${error.message.replace(/\s+/g, ' ')}`, {
        where: { file: shown },
      });
    throw error;
  }
  server.inventory.faults = { invocation500: flags.price500, locked: flags.priceLocks };
  process.stdout.write(`${server.url}\n`);
  const who = [
    password !== undefined ? `user ${flags.user} (password from ERP_PASSWORD)` : undefined,
    consumerKey !== undefined ? `a consumer key (ERP_CONSUMER_KEY) with scope ${flags.scope}` : undefined,
  ].filter((w) => w !== undefined);
  process.stderr.write(`erpgen sandbox: serving ${shown} to ${who.join(' and ')}; stop with Ctrl+C\n`);
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

export const sandboxCommand: Command<typeof SANDBOX_OPTIONS> = {
  name: 'sandbox',
  describe: 'Serve a snapshot as a simulated ERP server on 127.0.0.1',
  options: SANDBOX_OPTIONS,
  epilog: [
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
  run,
};
