import type { SystemImpressionsCards } from '../../../shared/contract/system-page.contract.ts';
import { changeDescriptionOf, loadTotals } from '../common/report-context.ts';
import { productionCard, productionRateCard } from '../common/kpi-comparisons.ts';
import { systemHeader, type SystemPageContext } from './system-page-context.ts';

/** GET /api/system-page-report/impressions-cards: the Overview's production and production rate cards of one system. */
export async function systemImpressionsCards(context: SystemPageContext): Promise<SystemImpressionsCards> {
  const pair = await loadTotals(context);
  const description = changeDescriptionOf(context);
  return {
    ...systemHeader(context),
    totalProduction: productionCard(pair, context.group, description, context.texts),
    productionRate: productionRateCard(pair, context.group, description, context.texts),
  };
}
