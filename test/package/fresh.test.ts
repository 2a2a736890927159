// The checked-in generated/ package is what the current generator makes from the checked-in snapshot:
// a stale package fails CI, as it would in a user's repository.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { ROOT } from '../support/paths.js';

describe('generated/', () => {
  it('is up to date (erpgen generate --check)', () => {
    const result = runCli(['generate', '--check', '--quiet'], ROOT);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
