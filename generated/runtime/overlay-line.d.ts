/** What is known of a field: the server refuses it as disabled, or needs it (or not) whatever the definition says. */
export type OverlayFact =
  | {
      readonly disabled: true;
    }
  | {
      readonly required: boolean;
    };
/**
 * `"definitions": { "Order": { "TABPAGE_1.order": { "po_no": { "disabled": true } } } }`: the facts of one service,
 * grouped by element in the order given.
 */
export declare function overlayLine(
  service: string,
  facts: ReadonlyArray<{
    readonly element: string;
    readonly field: string;
    readonly fact: OverlayFact;
  }>,
): string;
