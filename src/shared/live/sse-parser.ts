/** One Server-Sent Event: its name ('message' when none), data lines joined by '\n', and id when sent. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML "Server-sent events", the parts the portal
 * uses): feed it text chunks as they arrive, it returns the events completed by each. Comment lines (`: ping`) and
 * `retry:` fields are reported through `onRetry` / ignored. Used by the browser's live client (fetch streaming: an
 * EventSource cannot send the Authorization header) and by the server tests.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;

  private readonly onRetry: (ms: number) => void;

  constructor(onRetry: (ms: number) => void = () => undefined) {
    this.onRetry = onRetry;
  }

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      const done = this.line(line);
      if (done !== null) events.push(done);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      if (this.data.length === 0 && this.event === '') return null;
      const done = { event: this.event === '' ? 'message' : this.event, data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      return done;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
    return null;
  }
}
