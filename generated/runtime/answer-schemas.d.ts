import type { UserDefinedFieldKinds } from './contract.js';
/** What these schemas are given: zod's `z` (`import { z } from 'zod'`), of which they use these functions. */
export interface ZodNamespace {
  readonly string: (...args: never[]) => unknown;
  readonly number: (...args: never[]) => unknown;
  readonly boolean: (...args: never[]) => unknown;
  readonly unknown: (...args: never[]) => unknown;
  readonly enum: (...args: never[]) => unknown;
  readonly array: (...args: never[]) => unknown;
  readonly looseObject: (...args: never[]) => unknown;
  readonly record: (...args: never[]) => unknown;
  readonly preprocess: (...args: never[]) => unknown;
}
/** A zod schema of one answer, as parsed from its JSON text (decimals as numbers or their text). */
export interface AnswerSchema {
  parse(value: unknown): unknown;
  safeParse(value: unknown): {
    readonly success: boolean;
    readonly error?: unknown;
  };
}
/** One schema per answer; the lists are the answers of `list`, `listAll` and the batch price. */
export interface AnswerSchemas {
  readonly customer: AnswerSchema;
  readonly customers: AnswerSchema;
  readonly customerTemplate: AnswerSchema;
  readonly vendor: AnswerSchema;
  readonly vendors: AnswerSchema;
  readonly vendorTemplate: AnswerSchema;
  readonly contact: AnswerSchema;
  readonly contacts: AnswerSchema;
  readonly contactTemplate: AnswerSchema;
  readonly address: AnswerSchema;
  readonly addresses: AnswerSchema;
  /** `GET /{resource}/ping` */
  readonly ping: AnswerSchema;
  readonly item: AnswerSchema;
  /** a filtered item list */
  readonly items: AnswerSchema;
  /** a single price */
  readonly price: AnswerSchema;
  /** a batch price: one result per item */
  readonly prices: AnswerSchema;
  /** a REST error body (`ErrorType`, `ErrorMessage`, ...) */
  readonly error: AnswerSchema;
  /** a validation failure, `{Message, Errors[]}` */
  readonly validation: AnswerSchema;
  /** the web framework's own refusals, `{Message}` (no endpoint, method not allowed, a body that does not bind) */
  readonly frameworkError: AnswerSchema;
}
/**
 * The schemas, with zod's `z`. `userDefinedFields` (the package's client entry exports them): the kinds of the
 * user-defined fields the snapshot typed; a record's other user-defined fields are allowed as they come.
 */
export declare function answerSchemas(z: ZodNamespace, userDefinedFields?: UserDefinedFieldKinds): AnswerSchemas;
