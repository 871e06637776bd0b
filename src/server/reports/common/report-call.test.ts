import { describe, expect, it } from 'vitest';
import {
  OverviewCardsReportSchema,
  OverviewOeeResponseSchema,
  type OverviewCardsReport,
  type OverviewOeeResponse,
} from '../../../shared/contract/overview.contract.ts';
import { JobTotalDataCardsSchema } from '../../../shared/contract/jobs.contract.ts';
import { reportCall, type ReportCall } from './report-call.ts';
import type { ReportContext } from './report-context.ts';

/**
 * A route table pairs each answer schema with its builder (issue #26: a builder paired with the wrong schema used to
 * compile). The `@ts-expect-error` lines are checked by `npm run typecheck`: if a wrong pairing compiled again, the
 * directive would be unused and the typecheck would fail. The builders below answer the Overview's schemas; they are
 * never called, only paired.
 */
const overviewCards = (): Promise<OverviewCardsReport> => Promise.reject(new Error('not called'));
const overviewOee = (): Promise<OverviewOeeResponse> => Promise.reject(new Error('not called'));

describe('reportCall', () => {
  it('keeps the answer schema and the builder of a call', () => {
    const call = reportCall(OverviewCardsReportSchema, overviewCards);
    expect(call.response).toBe(OverviewCardsReportSchema);
    expect(call.build).toBe(overviewCards);
  });

  it("does not compile a builder paired with another call's schema", () => {
    const table: Record<string, ReportCall<ReportContext, void>> = {
      // @ts-expect-error the OEE card's builder does not answer the overview cards' schema
      'overview-cards': reportCall(OverviewCardsReportSchema, overviewOee),
      // @ts-expect-error the overview cards' builder does not answer the OEE card's schema
      oee: reportCall(OverviewOeeResponseSchema, overviewCards),
    };
    expect(Object.keys(table)).toEqual(['overview-cards', 'oee']);
  });

  it('does not compile a builder whose answer lacks a field of the schema', () => {
    const call = reportCall<typeof JobTotalDataCardsSchema, ReportContext, void>(
      JobTotalDataCardsSchema,
      // @ts-expect-error an answer of the period header alone misses the cards Jobs' schema requires
      async (context) => ({ period: context.period, previousPeriod: context.previousPeriod }),
    );
    expect(call.response).toBe(JobTotalDataCardsSchema);
  });
});
