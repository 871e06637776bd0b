import type { TextOutput } from './held-output.ts';

/** pino's level numbers. */
const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fastify's 'Server listening at https://…' (one per address): the portal's ready line already names its URL. */
const LISTENING = /^Server listening at /;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
}

function parse(line: string): LogLine | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : null;
  } catch {
    return null;
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function clockTime(epochMs: number): string {
  const time = new Date(epochMs);
  return `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())}`;
}

/** One readable line of a pino line (`14:03:07 WARN message`), an error's stack indented below; null to leave it out. */
export function textLogLine(line: string): string | null {
  const entry = parse(line);
  if (entry === null) return line;
  if (entry.msg !== undefined && LISTENING.test(entry.msg)) return null;
  const level = LEVEL_NAMES[entry.level ?? 30] ?? String(entry.level);
  const message = [entry.msg, entry.err?.message].filter((part) => part !== undefined && part !== '').join(': ');
  const stack = (entry.level ?? 0) >= 50 ? entry.err?.stack?.split('\n').slice(1) : undefined;
  const head = `${clockTime(entry.time ?? Date.now())} ${level} ${message}`;
  return stack === undefined ? head : [head, ...stack.map((frame) => `  ${frame.trim()}`)].join('\n');
}

/**
 * The log output on an interactive terminal (PORTAL_LOG_FORMAT=text, or auto on a TTY): pino's JSON lines become
 * short readable ones, and the listening lines the ready line repeats are left out.
 */
export function textLogOutput(target: TextOutput): TextOutput {
  return {
    write(text) {
      const lines = text.split('\n').filter((line) => line !== '');
      for (const line of lines) {
        const readable = textLogLine(line);
        if (readable !== null) target.write(`${readable}\n`);
      }
    },
  };
}
