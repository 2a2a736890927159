// The compile-time messages of mistakes: a wrong name is met by a type that is a sentence, naming the mistake and,
// where one name is close, the name meant (`'credit_limt' is not a column of customer (did you mean
// credit_limit?)`). Short and free of internal types, under TypeScript 6 and 7 alike (test/messages.test.ts).

/**
 * ` (did you mean X?)` when exactly one name is close: the same but for case, else the same last part, else
 * the same first part (parts split at `sep`: `TP_ITEMS.items`, `po_no`). Computed only for a wrong name.
 */
export type DidYouMean<P, Names, Sep extends string> = [P] extends [string] // deferred while P is generic
  ? [CloseTo<P, Names & string, Sep>] extends [never]
    ? ''
    : ` (did you mean ${CloseTo<P, Names & string, Sep>}?)`
  : '';

type CloseTo<P extends string, Names extends string, Sep extends string> = OrElse<
  Single<{ [N in Names]: Lowercase<N> extends Lowercase<P> ? N : never }[Names]>,
  OrElse<
    Single<{ [N in Names]: OneEdit<P, N> extends true ? N : never }[Names]>,
    OrElse<
      P extends `${string}${Sep}${infer Tail}` ? Single<Extract<Names, `${string}${Sep}${Tail}`>> : never,
      P extends `${infer Head}${Sep}${string}` ? Single<Extract<Names, `${Head}${Sep}${string}`>> : never
    >
  >
>;

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

type OrElse<A, B> = [A] extends [never] ? B : A;

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
