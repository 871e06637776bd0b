import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../shared/json/json-schema-check.ts';
import { choiceOption, panelOptionsSchema } from './panel-sdk-options.ts';

describe('choiceOption', () => {
  const chart = choiceOption({
    consumption: 'ml and share per colour',
    comparison: 'per colour, the period against the previous one',
  });

  it('offers exactly the named values, in their order', () => {
    expect(chart.enum).toEqual(['consumption', 'comparison']);
  });

  it('describes every value with what it draws, as editors show it', () => {
    expect((chart as { description?: string }).description).toBe(
      'consumption: ml and share per colour; comparison: per colour, the period against the previous one.',
    );
  });

  it('lets a layout choose a named value and nothing else', () => {
    const schema = panelOptionsSchema({ title: 'Chart options', description: 'A chart.' }, { chart });
    const check = compileJsonSchema(schema);
    expect(check({ chart: 'comparison' })).toEqual([]);
    expect(check({ chart: 'share' })).toMatchObject([{ pointer: '/chart' }]);
  });
});
