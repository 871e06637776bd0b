import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

describe('SseParser', () => {
  it('reads events split across chunks, skips comments and reports retry', () => {
    const retries: number[] = [];
    const parser = new SseParser((ms) => retries.push(ms));
    expect(parser.push('retry: 2000\n\nevent: rea')).toEqual([]);
    expect(parser.push('dy\ndata: {"a":1}\n\n: ping\n\nid: 7\r\nevent: ingest\r\ndata: x\r\ndata: y\r\n')).toEqual([
      { event: 'ready', data: '{"a":1}', id: null },
    ]);
    expect(parser.push('\r\ndata: plain\n\n')).toEqual([
      { event: 'ingest', data: 'x\ny', id: '7' },
      { event: 'message', data: 'plain', id: '7' },
    ]);
    expect(retries).toEqual([2000]);
  });
});
