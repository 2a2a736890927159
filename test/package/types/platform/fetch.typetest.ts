// `createClient({ fetch })` with the platform's own fetch (Node's types here, as a team's program has them): the
// global fetch, a wrapper handing its arguments on, and a test double all fit without a cast.
import { createClient, type FetchLike } from '@acme/erp-schema/client';

const baseUrl = 'https://erp.example.com';

export const platform = createClient({ baseUrl, auth: 'token', fetch });
export const wrapper = createClient({ baseUrl, auth: 'token', fetch: (input, init) => fetch(input, init) });
export const logging = createClient({
  baseUrl,
  auth: 'token',
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    return response;
  },
});
export const double: FetchLike = async (_url, init) =>
  new Response(JSON.stringify({ value: [], seen: init.signal?.aborted ?? false }));

// @ts-expect-error a fetch that answers no Response
createClient({ baseUrl, auth: 'token', fetch: async (input: string) => input });
// @ts-expect-error a fetch that takes a number for its URL
createClient({ baseUrl, auth: 'token', fetch: (input: number) => fetch(String(input)) });
