// A download to disk, for what can be large (the schema documents, the definitions): streamed chunk by chunk up to
// a cap, so that no answer can exhaust memory or the disk (a runaway answer ends in one line).
import { open, type FileHandle } from 'node:fs/promises';
import type { Http } from '../../templates/runtime/http/types.js';

/** What a download throws when an answer outgrows its cap: the run says so in one line. */
export class TooLarge extends Error {}

const mebibytes = (bytes: number): string => `${Math.round(bytes / 1_048_576)} MiB`;

/** Streams a successful answer to `file`, up to `cap` bytes; a retried attempt starts the file over. */
export async function download(
  http: Http,
  url: string,
  shown: string,
  file: string,
  cap: number,
  onChunk: (n: number) => void = () => {},
): Promise<number> {
  let handle: FileHandle | undefined;
  try {
    return await http.stream({ method: 'GET', url, shown, kind: 'read' }, async () => {
      await handle?.close();
      handle = await open(file, 'w');
      const h = handle;
      let written = 0;
      return {
        async write(chunk: Uint8Array) {
          written += chunk.length;
          if (written > cap) throw new TooLarge(`the answer is longer than ${mebibytes(cap)}`);
          await h.write(chunk);
          onChunk(chunk.length);
        },
      };
    });
  } finally {
    await handle?.close();
  }
}
