// The programmatic API takes what its types say: a call given a number, an array or an option it does not take is
// refused as a bad flag is (a UserError, exit code 2, one line), rather than run with the defaults.
import { describe, expect, it } from 'vitest';
import { diff } from '../../../generator/commands/diff.js';
import { fetchSnapshot } from '../../../generator/commands/fetch.js';
import { generate } from '../../../generator/commands/generate.js';
import { UserError } from '../../../generator/errors.js';

async function refused(call: () => Promise<unknown>): Promise<UserError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  expect((error as UserError).exitCode).toBe(2);
  expect((error as UserError).message).not.toContain('\n');
  return error as UserError;
}

describe('the programmatic API refuses options its types do not allow', () => {
  it('generate(123), generate([]), generate(null): an object of options, or nothing', async () => {
    expect((await refused(() => generate(123 as never))).message).toBe(
      'generate(): takes an object of options, not 123',
    );
    expect((await refused(() => generate([] as never))).message).toBe(
      'generate(): takes an object of options, not an array',
    );
    expect((await refused(() => generate(null as never))).message).toBe(
      'generate(): takes an object of options, not null',
    );
    expect((await refused(() => diff('schema' as never))).message).toBe(
      'diff(): takes an object of options, not "schema"',
    );
    expect((await refused(() => fetchSnapshot(true as never))).message).toBe(
      'fetchSnapshot(): takes an object of options, not true',
    );
  });

  it('an option the call does not take: named, with the ones it takes', async () => {
    const typo = await refused(() => generate({ snapshott: 'schema' } as never));
    expect(typo.message).toMatch(
      /^generate\(\): no option snapshott; it takes config, snapshot, out, .*signal, onNotice, onProgress$/,
    );
    expect((await refused(() => generate({ packageName: 'x' } as never))).message).toBe(
      "generate(): packageName is read from erpgen.config.json (or the config option's file), not given here",
    );
    expect((await refused(() => generate({ quiet: true } as never))).message).toMatch(
      /^generate\(\): quiet is for the command line only; it takes /,
    );
    expect((await refused(() => fetchSnapshot({ onProgres: () => undefined } as never))).message).toMatch(
      /^fetchSnapshot\(\): no option onProgres; it takes .*onProgress/,
    );
    // what it does take still goes to the checks of each value
    await expect(generate({ emit: 'py' as never })).rejects.toThrow(/--emit py/);
  });
});
