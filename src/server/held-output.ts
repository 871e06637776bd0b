/** Where text goes: process.stdout, or a test's recorder. */
export interface TextOutput {
  write(text: string): unknown;
}

export interface HeldOutput extends TextOutput {
  /** Writes what was held, in order, and passes everything after straight through. */
  release(): void;
}

/**
 * Holds what is written until `release()`. The portal's log lines (pino's JSON, e.g. Fastify's 'Server listening')
 * wait here during start-up, so they follow the banner instead of splitting it.
 */
export function heldOutput(target: TextOutput): HeldOutput {
  let held: string[] | null = [];
  return {
    write(text) {
      if (held === null) target.write(text);
      else held.push(text);
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const text of waiting) target.write(text);
    },
  };
}
