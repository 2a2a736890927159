/**
 * ` (did you mean X?)` when one name is closest. The names are ranked by how close they are, and the first rank
 * that holds any decides, when it holds one name (two as close: no suggestion): the same but for case, one edit
 * (`credit_limt`), then the name the typed one abbreviates (`unit_qty` for `unit_quantity`), then the same last
 * part, then the same first part (parts split at `sep`: `TP_ITEMS.items`, `po_no`). So a shared word does not beat
 * a name that holds all of what was typed (`unit_qty` once suggested `c_available_qty` for its `qty`), nor is it
 * offered where two names are closer (`cust_name`, which abbreviates two columns of customer). The same
 * rule as the generator's (generator/did-you-mean.ts). Computed only for a wrong name.
 */
export type DidYouMean<P, Names, Sep extends string> = [P] extends [string]
  ? [CloseTo<P, Names & string, Sep>] extends [never]
    ? ''
    : ` (did you mean ${CloseTo<P, Names & string, Sep>}?)`
  : '';
type CloseTo<P extends string, Names extends string, Sep extends string> = FirstRank<
  [
    {
      [N in Names]: Lowercase<N> extends Lowercase<P> ? N : never;
    }[Names],
    {
      [N in Names]: OneEdit<P, N> extends true ? N : never;
    }[Names],
    {
      [N in Names]: Abbreviates<P, N> extends true ? N : never;
    }[Names],
    P extends `${string}${Sep}${infer Tail}` ? Extract<Names, `${string}${Sep}${Tail}`> : never,
    P extends `${infer Head}${Sep}${string}` ? Extract<Names, `${Head}${Sep}${string}`> : never,
  ]
>;
/** The names of the first rank that holds any, when they are one name; else never. */
type FirstRank<Ranks extends readonly unknown[]> = Ranks extends readonly [infer First, ...infer Rest]
  ? [First] extends [never]
    ? FirstRank<Rest>
    : Single<First>
  : never;
/**
 * Whether `A` abbreviates `B`: its characters are in `B` in the same order, the first at the start (`unit_qty` of
 * `unit_quantity`, `cust_id` of `customer_id`). Walks `B` once.
 */
type Abbreviates<A extends string, B extends string> = A extends `${infer X}${infer RestA}`
  ? B extends `${X}${infer RestB}`
    ? InOrder<RestA, RestB>
    : false
  : false;
type InOrder<A extends string, B extends string> = A extends `${infer X}${infer RestA}`
  ? B extends `${infer Y}${infer RestB}`
    ? X extends Y
      ? InOrder<RestA, RestB>
      : InOrder<A, RestB>
    : false
  : true;
/**
 * Whether `A` becomes `B` by one edit: a character left out, added, replaced, or two neighbours swapped
 * (`credit_limt` for `credit_limit`). Walks the common start one character at a time, so it costs the length of a
 * name, and is worked out only for a wrong one.
 */
type OneEdit<A extends string, B extends string> = A extends `${infer X}${infer RestA}`
  ? B extends `${infer Y}${infer RestB}`
    ? X extends Y
      ? OneEdit<RestA, RestB>
      : RestA extends RestB
        ? true
        : RestA extends B
          ? true
          : A extends RestB
            ? true
            : RestA extends `${Y}${infer Tail}`
              ? RestB extends `${X}${Tail}`
                ? true
                : false
              : false
    : RestA extends ''
      ? true
      : false
  : B extends `${string}${infer RestB}`
    ? RestB extends ''
      ? true
      : false
    : false;
/** `U` when it is a single name, else never. */
type Single<U, All = U> = U extends unknown ? ([All] extends [U] ? U : never) : never;
/**
 * An argument (of form() / list(), select() / orderBy()): `Ok` where `Problem` is `''`, else the message `Problem`, which says what is
 * wrong. The message is a type parameter of the method, with a default worked out once the arguments are
 * inferred: while the compiler infers or completes, this type is distributive over that parameter and so
 * stands for its constraint, `string`. Worked out from the arguments' types instead, the message and the
 * fields of a row would be computed for every element of the service (which cost the TypeScript 6 editor
 * most of its first completion in a big service).
 */
export type OrProblem<Ok, Problem> = Problem extends '' ? Ok : NoInfer<Problem>;
export {};
