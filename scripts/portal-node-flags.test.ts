import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT, PREPARE_SCRIPT } from './portal-node-flags.ts';

describe('the portal’s node flags', () => {
  it('are the ones `npm start` runs the portal with, with its script', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toBe(`node ${PORTAL_NODE_FLAGS.join(' ')} ${PORTAL_START_SCRIPT}`);
  });

  it('are the ones `npm ci`’s prepare step compiles the start’s modules with (V8 keeps code per set of flags)', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['prepare']).toBe(`node ${PORTAL_NODE_FLAGS.join(' ')} ${PREPARE_SCRIPT}`);
  });
});
