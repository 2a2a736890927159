// `client.udt`: rows of user-defined tables through the UDT service (templates/runtime/udt/). The catalog lists
// the package's user-defined tables.
import type { GeneratorFamily } from './family.js';

export const udt: GeneratorFamily = {
  catalog: ({ objects }) => ({
    listings: [
      [
        {
          const: 'userDefinedTables',
          doc: [
            'User-defined tables in this package (`udt_*`). `client.udt` updates and deletes rows of those with a `row_uid`',
            'column (their row type has it); a table made on 26.1 has `udt_{name}_uid` instead, and the UDT service cannot reach its rows.',
          ],
          value: {
            asConst: {
              array: objects
                .filter((e) => e.surface === 'table' && !e.omitted && e.name.startsWith('udt_'))
                .map((e) => e.name),
            },
          },
        },
      ],
    ],
  }),
};
