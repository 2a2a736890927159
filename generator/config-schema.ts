// erpgen.config.json's JSON Schema, for editors: derived from the config's zod schema (config.ts), which the option
// tables of options/options.ts make, so every key (and its description, type, choices and default) follows them.
// `npm run build` writes it to config.schema.json at the package's root, which ships in the package: a config that
// says `"$schema": "./node_modules/erpgen/config.schema.json"` is completed and checked as it is typed.
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { configSchema } from './config.js';

/** The file's name at the package's root. */
export const CONFIG_SCHEMA_FILE = 'config.schema.json';

/** The schema as JSON text (draft 2020-12, the keys as a file gives them: a default makes a key optional). */
export function configJsonSchema(): string {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' });
  const titled = {
    ...schema,
    title: 'erpgen.config.json',
    description: 'The settings of erpgen generate and erpgen fetch',
  };
  return `${JSON.stringify(titled, null, 2)}\n`;
}

/** `node dist/generator/config-schema.js <file>`, run by `npm run build`. */
if (process.argv[1]?.endsWith('config-schema.js') && process.argv[2])
  writeFileSync(process.argv[2], configJsonSchema());
