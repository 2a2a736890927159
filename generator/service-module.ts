// One transaction service's module, from its definition file: what the services stage does per service, on the
// main thread or on the services thread (services-thread.ts), so that both make exactly the same module.
import type { Module } from './emit/printer.js';
import { transactionModule } from './emit/transaction-module.js';
import { inputError } from './errors.js';
import { quote } from './message-text.js';
import type { ObjectNames } from './model/naming.js';
import { applyOverlay, type OverlayLine } from './model/overlay.js';
import type { ColumnSizes } from './model/transactions.js';
import { parseDefinition } from './parse/definitions.js';
import { readBytes, type SnapshotFile } from './source/snapshot.js';

/** A definition file to make a module of, with the service's names in the package and the overlay's lines. */
export interface ServiceJob {
  readonly definition: SnapshotFile & { readonly name: string };
  readonly names: ObjectNames;
  readonly overlay: readonly OverlayLine[] | undefined;
}

/** The definition read and parsed (it must be the service its file is named for), the overlay applied. */
export function serviceModule(job: ServiceJob, sizes: ColumnSizes): Module {
  const { definition } = job;
  const service = parseDefinition(readBytes(definition), definition.label);
  if (service.name !== definition.name)
    throw inputError(
      'ERPGEN_DEFINITION_NAME_MISMATCH',
      definition.label,
      `holds the definition of service ${quote(service.name)}, not of ${quote(definition.name)}`,
    );
  return transactionModule(applyOverlay(service, job.overlay), job.names, sizes);
}
