import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, editDistance } from './closest-match.ts';

describe('closest match', () => {
  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('panles', 'panels')).toBe(1);
    expect(editDistance('kpi-crad', 'kpi-card')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the closest candidate when it is a likely typo', () => {
    expect(didYouMean('panles', ['id', 'title', 'queries', 'panels', 'placement'])).toBe("did you mean 'panels'?");
    expect(closestMatch('Placement', ['panels', 'placement'])).toBe('placement');
  });

  it('suggests nothing when no candidate is close', () => {
    expect(didYouMean('comments', ['id', 'title', 'queries', 'panels', 'placement'])).toBeUndefined();
    expect(closestMatch('x', [])).toBeUndefined();
  });
});
