// `client.entity`: customers, vendors, contacts and addresses (templates/runtime/entity/).
import { ENTITY_TABLES } from '../../templates/runtime/entity/records.js';
import type { GeneratorFamily } from './family.js';

export const entity: GeneratorFamily = {
  namespace: 'entity',
  // the REST errors and the answers' zod schemas, which the inventory family shares
  apiNames: [
    'answerSchemas',
    'ErpNotAppliedError',
    'ErpResourceNotFoundError',
    'ErpServiceError',
    'ErpValidationError',
  ],
  recordTables: ENTITY_TABLES,
};
