/** Receives one line per retry, token renewal and redirect followed; lines never hold secrets. */
export type Logger = (line: string) => void;
