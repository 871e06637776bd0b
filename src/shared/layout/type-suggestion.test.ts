import { describe, expect, it } from 'vitest';
import { typeSuggestion } from './type-suggestion.ts';

describe('typeSuggestion', () => {
  it('takes the quotes off a number or a yes/no written as text', () => {
    expect(typeSuggestion('0', ['integer'])).toBe('did you mean 0?');
    expect(typeSuggestion(' 2.5 ', ['number'])).toBe('did you mean 2.5?');
    expect(typeSuggestion('no', ['boolean'])).toBe('did you mean false?');
    expect(typeSuggestion('True', ['boolean'])).toBe('did you mean true?');
  });

  it('puts one value in a list where a list is expected', () => {
    expect(typeSuggestion('weekly', ['array'])).toBe('did you mean ["weekly"]?');
  });

  it('quotes a number or a boolean where text is expected', () => {
    expect(typeSuggestion(12, ['string'])).toBe('did you mean "12"?');
    expect(typeSuggestion(false, ['string', 'null'])).toBe('did you mean "false"?');
  });

  it('suggests nothing when no value of the type is evident', () => {
    expect(typeSuggestion('2.5', ['integer'])).toBeUndefined();
    expect(typeSuggestion('', ['number'])).toBeUndefined();
    expect(typeSuggestion('many', ['boolean'])).toBeUndefined();
    expect(typeSuggestion({ value: 1 }, ['number'])).toBeUndefined();
    expect(typeSuggestion(null, ['array'])).toBeUndefined();
  });
});
