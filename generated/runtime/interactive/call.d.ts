import type { FamilyContext } from '../family.js';
import type { Exchange } from '../http/types.js';
import type { ElementDescriptor, ServiceDescriptor } from '../define-service.js';
import { type ChangeItem } from './errors.js';
export declare const API = '/api/ui/interactive';
export declare function elementTab(element: string): string;
/** The datawindow a change names: the definition's DatawindowName, else the element name's part after the tab. */
export declare function datawindowOf(name: string, element: ElementDescriptor): string;
export interface SessionState {
  readonly context: FamilyContext;
  readonly ui: string;
  timeoutMs: number;
  readonly now: () => number;
  lastUsed: number;
}
/** What a window keeps between calls. */
export interface WindowState {
  readonly id: string;
  readonly service: string;
  readonly descriptor: ServiceDescriptor | undefined;
  usable: boolean;
  closed: boolean;
  activeTab: string | undefined;
  /** the values the window took since its last save, by element and field: what a verified save reads back */
  readonly changed: Map<string, Map<string, string>>;
  /** the row made current in each List element (selectRow), 0 by default */
  readonly currentRow: Map<string, number>;
}
export interface Call {
  readonly method: Exchange['method'];
  readonly path: string;
  readonly body?: unknown;
  readonly kind?: 'read' | 'write';
  readonly window?: WindowState;
  /** the items of a change, to say which were applied when one is refused */
  readonly items?: readonly ChangeItem[];
}
/** One request in a session: idle check, the UI server, Accept, and the service's failures as typed errors. */
export declare function call(session: SessionState, request: Call): Promise<unknown>;
/** The element a change item names: by its DatawindowName, else by its tab and field; it must hold the field. */
export declare function elementOf(descriptor: ServiceDescriptor, item: ChangeItem): string | undefined;
