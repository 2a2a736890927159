// Type-level guarantees of the upgrade safeguards (docs/upgrades.md): `drift` and `validate` take their words
// only, on the client and on a call; `provenance` is the package's record, its fields possibly undefined.
// Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { ErpDriftError, ErpRowValidationError, query, type RowProblem } from '@acme/erp-schema';
import { createClient, provenance, type DriftMode, type Provenance, type ValidateMode } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';

const base = { baseUrl: 'https://erp.example.com', auth: 'token' } as const;
for (const drift of ['warn', 'error', 'off'] as const) createClient({ ...base, drift });
for (const validate of ['warn', 'error', 'off'] as const) createClient({ ...base, validate });
// @ts-expect-error drift is one of its three words
createClient({ ...base, drift: 'strict' });
// @ts-expect-error not a boolean either
createClient({ ...base, drift: true });
// @ts-expect-error validate is one of its three words
createClient({ ...base, validate: 'loud' });

const client = createClient(base);
void client.rows(query(customer), { validate: 'error' });
void client.page(query(customer), { validate: 'warn' });
// @ts-expect-error a call's validate takes the same words
void client.page(query(customer), { validate: 'always' });

// provenance: each field a string, or undefined when the snapshot did not say
const build: string | undefined = provenance.build;
// @ts-expect-error possibly undefined (a snapshot without manifest.json)
const sure: string = provenance.fetchedAt;
// @ts-expect-error the package's record is read-only
provenance.build = '27.1';
const record: Provenance = provenance;

declare const error: unknown;
if (error instanceof ErpDriftError) {
  const builds: [string, string] = [error.packageBuild, error.serverBuild];
  void builds;
}
if (error instanceof ErpRowValidationError) {
  const problem: RowProblem = error.problem;
  const at: [string, string, number] = [error.object, error.column, error.rowIndex];
  // @ts-expect-error the problems are named
  const other: RowProblem = 'bad-value';
  void [problem, at, other];
}
const modes: [DriftMode, ValidateMode] = ['warn', 'off'];
void [build, sure, record, modes];
