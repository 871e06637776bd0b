import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OverviewCardsReport } from '../api-types.ts';
import { answerSchema, isAnswerSchemaName, type AnswerOf } from './answer-schemas.ts';
import { OverviewCardsReportSchema } from './overview.contract.ts';

describe('answer schema registry', () => {
  it('finds an answer schema by the name a layout gives it, and nothing else', () => {
    expect(isAnswerSchemaName('OverviewCards')).toBe(true);
    expect(isAnswerSchemaName('overview-cards')).toBe(false);
    // Names inherited from Object.prototype are no answer schemas.
    expect(isAnswerSchemaName('toString')).toBe(false);
    expect(answerSchema('OverviewCards')).toBe(OverviewCardsReportSchema);
  });

  it('types an answer by its name as the route does', () => {
    expectTypeOf<AnswerOf<'OverviewCards'>>().toEqualTypeOf<OverviewCardsReport>();
  });
});
