import { type SessionState, type WindowState } from './call.js';
import type { Window } from './index.js';
/** The Window the caller holds: each member calls the window's step of the same name. */
export declare function makeWindow(session: SessionState, state: WindowState): Window<unknown, unknown>;
