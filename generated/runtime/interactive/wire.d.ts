import { type RequestInfo } from '../errors.js';
export interface InteractiveMessage {
  readonly Text: string;
  readonly Type: number;
}
export interface InteractiveEvent {
  /** e.g. `windowopened`, `dwcontentchanged`, `tabpageenabled`, `keygenerated` */
  readonly Name: string;
  readonly Data: ReadonlyArray<{
    readonly Key: string;
    readonly Value: unknown;
  }>;
}
interface Answer {
  /** the Status as sent (a number, or the word some builds send) */
  readonly status: number;
  readonly messages: readonly InteractiveMessage[];
  readonly events: readonly InteractiveEvent[];
}
/** The value of `key` in the first event named `name` (`windowopened` / `windowid`), case-insensitively. */
export declare function eventValue(events: readonly InteractiveEvent[], name: string, key: string): unknown;
/** `{Status, Events, Messages}`, or an ErpUnexpectedResponseError saying what came instead. */
export declare function readAnswer(body: unknown, info: () => RequestInfo): Answer;
/** The server's message in an error body (any family's shape, see errorMessageOf), else the text when not XML. */
export declare function errorText(body: unknown, text: string): string;
export {};
