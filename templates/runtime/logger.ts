// Where the client's lines go (createClient's `log`): retries, token renewals, redirects followed, a hook that
// threw, the drift guard's notes. A leaf, so that every layer can take one without importing another's module.

/** Receives one line per retry, token renewal and redirect followed; lines never hold secrets. */
export type Logger = (line: string) => void;
