/** The text of the first element named `name` (any namespace prefix), entities decoded; undefined if absent. */
export declare function xmlField(xml: string, name: string): string | undefined;
