// The Interactive API's answers, read once. Every call on a window answers `{Status, Events, Messages}`:
// `Status` 1 is success (0 on builds before 26.1, which also said 0 for a record that does not exist), 2 is a
// record that does not exist (26.1; the result wrapper's `Failure`), 3 means a response window opened and must be
// answered. Some builds spell the status as a word (`Success`, `Failure`, `Blocked`): both are read. Messages
// carry a `Type` (1 information, 2 the missing-record message, ...): they are judged by their Type, never by
// their count, since a successful load may carry messages too.
import { ErpUnexpectedResponseError, type RequestInfo } from '../errors.js';
import { errorMessageOf } from '../http/failure.js';

export interface InteractiveMessage {
  readonly Text: string;
  readonly Type: number;
}

export interface InteractiveEvent {
  /** e.g. `windowopened`, `dwcontentchanged`, `tabpageenabled`, `keygenerated` */
  readonly Name: string;
  readonly Data: ReadonlyArray<{ readonly Key: string; readonly Value: unknown }>;
}

interface Answer {
  /** the Status as sent (a number, or the word some builds send) */
  readonly status: number;
  readonly messages: readonly InteractiveMessage[];
  readonly events: readonly InteractiveEvent[];
}

const STATUS_WORDS: Readonly<Record<string, number>> = { none: 0, success: 1, failure: 2, blocked: 3 };

/** The value of `key` in the first event named `name` (`windowopened` / `windowid`), case-insensitively. */
export function eventValue(events: readonly InteractiveEvent[], name: string, key: string): unknown {
  for (const event of events) {
    if (event.Name.toLowerCase() !== name) continue;
    for (const entry of event.Data) if (entry.Key.toLowerCase() === key) return entry.Value;
  }
  return undefined;
}

function readEvents(raw: unknown): InteractiveEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: unknown) => {
    if (e === null || typeof e !== 'object') return [];
    const { Name, Data } = e as { Name?: unknown; Data?: unknown };
    if (typeof Name !== 'string') return [];
    // `Data` is a list of {Key, Value}; an object ({WindowId: ...}) is read as one entry per property
    const data = Array.isArray(Data)
      ? Data.filter(
          (d: unknown): d is { Key: string; Value: unknown } =>
            d !== null && typeof d === 'object' && typeof (d as { Key?: unknown }).Key === 'string',
        ).map((d) => ({ Key: d.Key, Value: d.Value }))
      : Data !== null && typeof Data === 'object'
        ? Object.entries(Data as Record<string, unknown>).map(([Key, Value]) => ({ Key, Value }))
        : [];
    return [{ Name, Data: data }];
  });
}

function readMessages(raw: unknown): InteractiveMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((m: unknown) =>
    m !== null && typeof m === 'object'
      ? { Text: String((m as { Text?: unknown }).Text ?? ''), Type: Number((m as { Type?: unknown }).Type ?? 0) }
      : { Text: String(m), Type: 0 },
  );
}

/** `{Status, Events, Messages}`, or an ErpUnexpectedResponseError saying what came instead. */
export function readAnswer(body: unknown, info: () => RequestInfo): Answer {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ErpUnexpectedResponseError(
      'the interactive service answered something other than a result object',
      info(),
    );
  const b = body as Record<string, unknown>;
  const raw = b['Status'];
  const status = typeof raw === 'number' ? raw : typeof raw === 'string' ? STATUS_WORDS[raw.toLowerCase()] : undefined;
  if (status === undefined)
    throw new ErpUnexpectedResponseError(
      `the interactive service answered a result without a Status (${JSON.stringify(raw) ?? 'none'})`,
      info(),
    );
  return { status, messages: readMessages(b['Messages']), events: readEvents(b['Events']) };
}

/** The server's message in an error body (any family's shape, see errorMessageOf), else the text when not XML. */
export function errorText(body: unknown, text: string): string {
  const message = errorMessageOf(body);
  if (message !== undefined) return message;
  if (typeof body === 'string') return body;
  return text.trim().startsWith('<') ? '' : text.trim();
}
