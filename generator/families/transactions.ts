// The Transaction API (`client.transaction` and the rest: templates/runtime/transactions/): its services in the
// catalog.
import { serviceModulePath } from '../model/plan.js';
import type { GeneratorFamily } from './family.js';
import { listing } from './query.js';

export const transactions: GeneratorFamily = {
  catalog: ({ services }) => ({
    listings: [
      [
        {
          const: 'services',
          doc: ['Transaction services in this package: service name to module subpath.'],
          value: listing(services.map(([name, names]) => [name, serviceModulePath(names)])),
        },
      ],
    ],
    names: [{ typeAlias: 'ServiceName', type: 'keyof typeof services' }],
  }),
};
