/**
 * A lean HTTP/1.1 keep-alive client over one TLS connection, one request at a time: the soak's load generator (issue #29).
 * node:https cost the soak 0.3 ms of CPU a call (its request and response objects, the agent's socket pool, header
 * checks) on the same two cores as the portal it measures; this writes the request's bytes itself and reads only the
 * status line, the body's length (Content-Length or chunked) and whether the server closes. What it cannot read (no
 * length and no close) fails the call. A connection that ends or fails is opened anew by the next call.
 */
import tls from 'node:tls';

/** One call's outcome: its status (0 when none came), or why it failed, and whether the status line had come. */
export interface RawAnswer {
  status: number;
  failure: string | null;
  answered: boolean;
}

export interface RawRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The failure of a call that got no whole answer within its timeout. */
export const TIMEOUT = 'TIMEOUT';

const HEAD_END = Buffer.from('\r\n\r\n');

/** The body's end in `data` from `start` for a chunked body, or -1 while it is incomplete. */
function chunkedEnd(data: Buffer, start: number): number {
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return -1;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    if (size === 0) {
      // No trailers: the last chunk's line is followed by an empty line.
      const end = data.indexOf(HEAD_END, lineEnd - 2);
      return end === -1 ? -1 : end + HEAD_END.length;
    }
    at = lineEnd + 2 + size + 2;
    if (at > data.length) return -1;
  }
}

/** What a complete response in `data` is: its status, total length and whether the server closes after it. */
function parseResponse(data: Buffer): { status: number; length: number; close: boolean } | 'incomplete' {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd === -1) return 'incomplete';
  const head = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(head[0]?.split(' ')[1]);
  let contentLength: number | null = null;
  let chunked = false;
  let close = false;
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') contentLength = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value.includes('close');
  }
  const bodyStart = headEnd + HEAD_END.length;
  if (chunked) {
    const end = chunkedEnd(data, bodyStart);
    return end === -1 ? 'incomplete' : { status, length: end, close };
  }
  if (contentLength === null) {
    if (status === 204 || status === 304) return { status, length: bodyStart, close };
    throw new Error('response without a length');
  }
  const length = bodyStart + contentLength;
  return data.length < length ? 'incomplete' : { status, length, close };
}

export class RawHttpsConnection {
  readonly #host: string;
  readonly #port: number;
  readonly #ca: string;
  #socket: tls.TLSSocket | null = null;

  constructor(url: string, ca: string) {
    const parsed = new URL(url);
    this.#host = parsed.hostname;
    this.#port = Number(parsed.port || 443);
    this.#ca = ca;
  }

  /** Sends `request` and waits for its whole answer, at most `timeoutMs` (then the failure is {@link TIMEOUT}). */
  send(request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
    const socket = this.#socket ?? this.#open();
    const head = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${this.#host}:${this.#port}`];
    for (const [name, value] of Object.entries(request.headers)) head.push(`${name}: ${value}`);
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    if (body !== undefined) head.push(`Content-Length: ${body.length}`);
    return new Promise((resolve) => {
      let data: Buffer = Buffer.alloc(0);
      let answered = false;
      const done = (answer: RawAnswer, keep: boolean) => {
        clearTimeout(timer);
        socket.off('data', onData).off('error', onError).off('close', onClose);
        if (!keep) this.#drop(socket);
        resolve(answer);
      };
      const onData = (chunk: Buffer) => {
        data = data.length === 0 ? chunk : Buffer.concat([data, chunk]);
        answered ||= data.indexOf('\r\n') !== -1;
        try {
          const response = parseResponse(data);
          if (response === 'incomplete') return;
          const failure = response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`;
          done(
            { status: response.status, failure, answered: true },
            !response.close && data.length === response.length,
          );
        } catch (error) {
          done({ status: 0, failure: error instanceof Error ? error.message : String(error), answered }, false);
        }
      };
      const onError = (error: NodeJS.ErrnoException) =>
        done({ status: 0, failure: error.code ?? error.message, answered }, false);
      const onClose = () => done({ status: 0, failure: 'ECONNRESET', answered }, false);
      const timer = setTimeout(() => done({ status: 0, failure: TIMEOUT, answered: false }, false), timeoutMs);
      socket.on('data', onData).on('error', onError).on('close', onClose);
      // Head and body in one write, as browsers send them: a body written after its head waits for the server's
      // delayed ACK of the head (Nagle's algorithm), ~40 ms on every POST.
      const headBytes = Buffer.from(`${head.join('\r\n')}\r\n\r\n`);
      socket.write(body === undefined ? headBytes : Buffer.concat([headBytes, body]));
    });
  }

  close(): void {
    if (this.#socket !== null) this.#drop(this.#socket);
  }

  #open(): tls.TLSSocket {
    const socket = tls.connect({ host: this.#host, port: this.#port, ca: this.#ca, servername: this.#host });
    // Like browsers: nothing held back for the next write.
    socket.setNoDelay(true);
    // Errors between calls end the connection; the next call opens another.
    socket.on('error', () => this.#drop(socket));
    socket.on('close', () => this.#drop(socket));
    this.#socket = socket;
    return socket;
  }

  #drop(socket: tls.TLSSocket): void {
    if (this.#socket === socket) this.#socket = null;
    socket.destroy();
  }
}
