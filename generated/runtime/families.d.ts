export declare const FAMILIES: {};
/** One namespace per family, as `createClient` builds them. */
export type Families = {
  readonly [K in keyof typeof FAMILIES]: ReturnType<(typeof FAMILIES)[K]>;
};
