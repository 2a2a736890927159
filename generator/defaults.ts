// The defaults of where `erpgen generate` reads its settings and writes: here, apart from config.ts and the option
// table, because the no-op answered before the command line loads (commands/generate-noop.ts) needs them without
// loading zod. And the fetch's cap, which the option table states without loading the fetch.
export const DEFAULT_CONFIG_FILE = 'erpgen.config.json';
export const DEFAULT_OUT = 'generated';

/** the most bytes `erpgen fetch` takes of one schema document by default (a stock tenant's are about 4 and 6 MB) */
export const DEFAULT_MAX_METADATA_BYTES = 512 * 1024 * 1024;
