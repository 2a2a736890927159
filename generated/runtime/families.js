import { interactive } from './interactive/index.js';
import { udt } from './udt/index.js';
export const FAMILIES = {
  interactive,
  udt,
};
