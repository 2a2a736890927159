// Config errors and the CLI's last line of defence: whatever the user typed or wrote, one line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { UserError } from '../../generator/errors.js';
import { runCli, tempDir } from '../support/cli.js';

const dir = tempDir();

function configFailure(config: unknown): string {
  writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify(config));
  try {
    loadConfig({}, dir);
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('config messages', () => {
  it('a key from the file is escaped and shortened in the path of a problem', () => {
    const message = configFailure({
      knownValues: [{ name: 'Units', columns: ['inv_mast.unit'], values: { 'bad\nerpgen: key': 'EA' } }],
    });
    expect(message).toBe('erpgen.config.json: knownValues[0].values."bad\\nerpgen: key": Invalid key in record');
    const long = configFailure({
      knownValues: [{ name: 'Units', columns: ['inv_mast.unit'], values: { [`${'k'.repeat(5000)}-x`]: 'BX' } }],
    });
    expect(long).toMatch(/values\."k{77}…": Invalid key in record$/);
  });

  it('broken JSON is one line, even where the parser quotes the text around the break', () => {
    writeFileSync(join(dir, 'erpgen.config.json'), '{\n"snapshot":\n\n}');
    expect(() => loadConfig({}, dir)).toThrow(UserError);
    try {
      loadConfig({}, dir);
    } catch (error) {
      expect((error as Error).message).toMatch(/^erpgen\.config\.json: invalid JSON: [^\n]*$/);
    }
  });
});

describe('the CLI prints every user error as one line', () => {
  it('a flag value holding a newline', () => {
    const result = runCli(['generate', '--config', 'no\nerpgen: such.json'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('erpgen: no\\nerpgen: such.json: config file not found\n');
  });

  it('an unknown flag holding a newline', () => {
    const result = runCli(['generate', '--snap\nshot', 'x'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^erpgen: [^\n]*\(see erpgen --help\)\n$/);
  });
});
