// The compile-time messages of mistakes: a wrong name is met by a type that is a sentence, naming the mistake and,
// where one name is close, the name meant (`'credit_limt' is not a column of customer (did you mean
// credit_limit?)`). Short and free of internal types, under TypeScript 6 and 7 alike (test/messages.test.ts).
export {};
