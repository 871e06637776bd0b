import { describe, expect, it } from 'vitest';
import { textLogLine, textLogOutput } from './text-log-output.ts';

const at = (hours: number, minutes: number, seconds: number) =>
  new Date(2026, 10, 28, hours, minutes, seconds).getTime();

describe('text log output', () => {
  it('turns a pino line into time, level and message', () => {
    const line = JSON.stringify({ level: 40, time: at(14, 3, 7), pid: 1, hostname: 'h', msg: 'slow query' });
    expect(textLogLine(line)).toBe('14:03:07 WARN slow query');
  });

  it("adds an error's message, and below an error line its stack", () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (app.ts:1:1)' };
    expect(textLogLine(JSON.stringify({ level: 50, time: at(9, 0, 0), msg: 'request failed', err }))).toBe(
      '09:00:00 ERROR request failed: boom\n  at handler (app.ts:1:1)',
    );
  });

  it("leaves out Fastify's listening lines (the ready line names the URL) and passes other text through", () => {
    const written: string[] = [];
    const output = textLogOutput({ write: (text: string) => written.push(text) });
    output.write(
      `${JSON.stringify({ level: 30, time: at(8, 0, 0), msg: 'Server listening at https://127.0.0.1:8443' })}\n`,
    );
    output.write('not JSON\n');
    expect(written).toEqual(['not JSON\n']);
  });
});
