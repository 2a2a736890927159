// The native TypeScript 7 language server (`tsc --lsp --stdio`), driven over LSP as an editor drives it: what
// the editor bench times and what the editor tests ask it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** The native compiler's executable, which `node_modules/.bin/tsc` runs. */
function nativeTsc(): string {
  return join(ROOT, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib', 'tsc');
}

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  constructor(cwd: string) {
    this.child = spawn(nativeTsc(), ['--lsp', '--stdio'], { cwd });
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.resume();
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString())?.[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString()) as {
        id?: number;
        method?: string;
        result?: unknown;
      };
      this.buffer = this.buffer.subarray(end + 4 + length);
      if (message.method !== undefined && message.id !== undefined) {
        // a request from the server (configuration, progress): answer with nothing
        this.send({ jsonrpc: '2.0', id: message.id, result: message.method === 'workspace/configuration' ? [] : null });
      } else if (message.id !== undefined) {
        this.pending.get(message.id)?.(message.result);
        this.pending.delete(message.id);
      }
    }
  }

  private send(message: object): void {
    const body = JSON.stringify(message);
    this.child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  request(method: string, params: object): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: object): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async close(): Promise<void> {
    await this.request('shutdown', {});
    this.notify('exit', {});
    this.child.kill();
  }
}

/** The LSP position (line and character) of `offset` in `text`. */
export function position(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}
