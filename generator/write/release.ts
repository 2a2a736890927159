// An ArrayBuffer's memory given back at once, rather than when the collector gets to its object: posted on a port
// closed at once, a buffer is detached from this thread and dropped with the message. Left to the collector, the
// buffers a run is done with stayed until a full collection (the old generation seldom has one), tens of MB at a
// ten-times tenant's peak.
import { MessageChannel, type MessagePort } from 'node:worker_threads';

let dropped: MessagePort | undefined;

/** Frees `buffer` (detached: its views are empty from here on). */
export function release(buffer: ArrayBuffer): void {
  if (!dropped) {
    dropped = new MessageChannel().port1;
    dropped.close();
  }
  dropped.postMessage(null, [buffer]);
}
