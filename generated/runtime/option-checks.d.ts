/** A token as createClient takes it, or the AuthProvider given: throws an ErpConfigError naming what is wrong. */
export declare function checkAuth(auth: unknown): void;
/** A `truncate` option (createClient's, or a request's): 'cut' or 'error'; a typo would otherwise mean 'cut'. */
export declare function checkTruncate(value: unknown, where: string): void;
/** The secret given to tokenAuth: present, and not empty. */
export declare function checkSecret(which: 'consumerKey' | 'password', value: unknown): void;
