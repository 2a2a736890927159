// `client.entity`: customers, vendors, contacts and addresses (templates/runtime/entity/).
import { ENTITY_TABLES } from '../../templates/runtime/entity/records.js';
import type { GeneratorFamily } from './family.js';

export const entity: GeneratorFamily = { recordTables: ENTITY_TABLES };
