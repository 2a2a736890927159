import { fileURLToPath } from 'node:url';

/** the repository root */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** the built CLI, as `npx erpgen` runs it (package.json's bin: scripts/bundle-cli.mjs) */
export const CLI = `${ROOT}dist/cli/bin.js`;
/** the shipped curated sample snapshot */
export const SAMPLE_SNAPSHOT = `${ROOT}schema`;
