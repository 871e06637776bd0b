import { describe, expect, it } from 'vitest';
import { heldOutput } from './held-output.ts';

describe('held output', () => {
  it('holds lines until released, then writes them in order and passes later ones through', () => {
    const written: string[] = [];
    const output = heldOutput({ write: (text: string) => written.push(text) });
    output.write('{"msg":"Server listening"}\n');
    output.write('{"msg":"second"}\n');
    expect(written).toEqual([]);
    output.release();
    output.write('{"msg":"after"}\n');
    output.release();
    expect(written).toEqual(['{"msg":"Server listening"}\n', '{"msg":"second"}\n', '{"msg":"after"}\n']);
  });
});
