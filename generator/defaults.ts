// The defaults of where `erpgen generate` reads its settings and writes: here, apart from config.ts and the option
// table, because the no-op answered before the command line loads (commands/generate-noop.ts) needs them without
// loading zod.
export const DEFAULT_CONFIG_FILE = 'erpgen.config.json';
export const DEFAULT_OUT = 'generated';
