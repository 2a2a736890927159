export const FAMILIES = {};
