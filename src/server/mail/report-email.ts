import type { SendMailOptions } from 'nodemailer';
import type { KpiComparison, OverviewKpiCard } from '../../shared/api-types.ts';
import { formatPercentIn, formatSignedPercentIn } from '../../shared/format/percent.ts';
import { inLengthUnits, type LengthUnits } from '../../shared/units/length-units.ts';
import { isoDayOfWeek, parseDay } from '../../shared/time/local-time.ts';
import type { DailyBars } from './report-chart-drawing.ts';
import { CHART_SIZE } from './report-chart-size.ts';
import { dailyBarsPng } from './report-chart.ts';
import type { WeeklyGroupReport } from './weekly-report.ts';
import { shortMonth, shortWeekday } from '../../shared/format/calendar-names.ts';
import { textsOf, type LanguageTexts } from '../i18n/server-texts.ts';

/**
 * The weekly report e-mail (issue #27): subject, an HTML body with each group's KPIs of the week against the week
 * before and its goals, a daily chart per group as an embedded PNG (CID) with a text alternative, the same content as
 * plain text, a link to the report and the signed unsubscribe link (also as a List-Unsubscribe header).
 */

export interface ReportEmailInput {
  from: string;
  to: string;
  firstName: string;
  /** The entry's subject. */
  subject: string;
  week: { start: string; end: string };
  lengthUnits: LengthUnits;
  publicUrl: string;
  unsubscribeUrl: string;
  /** The recipient's language (their saved `portalLanguage`); en-US when absent or not offered. */
  language?: string;
}

/** One KPI row: name, this week, previous week, change. */
export interface KpiRow {
  name: string;
  current: string;
  previous: string;
  change: string;
}

/** '23 Mar 2026' (the month's name in the recipient's language). */
export function formatMailDay(day: string, { t, language }: LanguageTexts = textsOf()): string {
  const { year, month, date } = parseDay(day);
  return t('mail.day', { date, month: shortMonth(language, month), year });
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

const numberFormatCache = new Map<string, Intl.NumberFormat>();

/** Numbers in the recipient's language with up to `digits` decimals ('12,345.6' in en-US). */
function numberFormat(language: string, digits: 0 | 1): Intl.NumberFormat {
  const key = `${language}/${digits}`;
  let format = numberFormatCache.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
    numberFormatCache.set(key, format);
  }
  return format;
}

/**
 * A value with its unit as the e-mail shows it, in the recipient's language's separators (Intl; en-US as the portal
 * writes it): percentages from fractions ('12.34%', de-DE '12,34 %'), lengths in the user's unit.
 */
export function formatQuantity(
  value: number,
  units: string,
  lengthUnits: LengthUnits,
  { t, language }: LanguageTexts = textsOf(),
): string {
  if (units === '%') return value < 0 ? '--' : formatPercentIn(language, value);
  if (units === 's') return t('mail.minutes', { value: numberFormat(language, 0).format(value / 60) });
  const shown = inLengthUnits({ value, units }, lengthUnits);
  const digits = shown.units === 'imp' || shown.units === 'imp/h' ? 0 : 1;
  return `${numberFormat(language, digits).format(shown.value)} ${shown.units}`;
}

function kpiRow(
  name: string,
  comparison: KpiComparison | OverviewKpiCard,
  lengthUnits: LengthUnits,
  comparable: boolean,
  texts: LanguageTexts,
): KpiRow {
  return {
    name,
    current: formatQuantity(comparison.value, comparison.units, lengthUnits, texts),
    previous: formatQuantity(comparison.previous ?? 0, comparison.units, lengthUnits, texts),
    change: !comparable || comparison.stats === null ? '--' : formatSignedPercentIn(texts.language, comparison.stats),
  };
}

/** Said under a group's KPIs when its previous week is only partly in the portal: its changes are left out. */
export function partialWeekNote(
  report: Pick<WeeklyGroupReport, 'previousWeekDataFrom'>,
  texts: LanguageTexts = textsOf(),
): string | null {
  if (report.previousWeekDataFrom === null) return null;
  return texts.t('mail.report.partialWeekNote', { day: formatMailDay(report.previousWeekDataFrom, texts) });
}

/** The name of the production KPI: 'Total Production' (DTF, a length) or 'Total Impressions' (kpi-comparisons.ts). */
function productionName(report: Pick<WeeklyGroupReport, 'group'>, { t }: LanguageTexts): string {
  return report.group === 'DTF' ? t('mail.report.kpis.totalProduction') : t('mail.report.kpis.totalImpressions');
}

/** The KPI rows of a group, in the Overview's card order. */
export function kpiRows(
  report: WeeklyGroupReport,
  lengthUnits: LengthUnits,
  texts: LanguageTexts = textsOf(),
): KpiRow[] {
  const { cards } = report;
  const { t } = texts;
  const comparable = report.previousWeekDataFrom === null;
  const row = (name: string, card: OverviewKpiCard) => kpiRow(name, card, lengthUnits, comparable, texts);
  const rows = [
    row(productionName(report, texts), cards.totalProduction),
    row(t('mail.report.kpis.productionRate'), cards.productionRate),
  ];
  if (cards.productivity !== null) rows.push(row(t('mail.report.kpis.productivity'), cards.productivity));
  rows.push(row(t('mail.report.kpis.availability'), cards.availability));
  return rows;
}

/** 'Weekly goal: 12,345 imp of 20,000 imp (61.73%)', or 'Weekly goal: not set (12,345 imp produced)'. */
export function goalLines(
  report: Pick<WeeklyGroupReport, 'goals'>,
  lengthUnits: LengthUnits,
  texts: LanguageTexts = textsOf(),
): string[] {
  const { goals } = report;
  const { t, language } = texts;
  const quantity = (value: number) => formatQuantity(value, goals.units, lengthUnits, texts);
  const line = (goal: string, completed: number, target: number | null, fraction: number) =>
    target === null
      ? t('mail.report.goals.notSet', { goal, completed: quantity(completed) })
      : t('mail.report.goals.progress', {
          goal,
          completed: quantity(completed),
          target: quantity(target),
          percentage: formatPercentIn(language, fraction),
        });
  return [
    line(t('mail.report.goals.weekly'), goals.weeklyCompleted, goals.weeklyGoal, goals.weeklyPercentage),
    line(
      t('mail.report.goals.yearly', { year: goals.year }),
      goals.yearlyCompleted,
      goals.yearlyGoal,
      goals.yearlyPercentage,
    ),
  ];
}

function dailyBars(report: WeeklyGroupReport, lengthUnits: LengthUnits, texts: LanguageTexts): DailyBars {
  const { t, language } = texts;
  const units = report.cards.totalProduction.units;
  const convert = (value: number) => inLengthUnits({ value, units }, lengthUnits).value;
  const shownUnits = inLengthUnits({ value: 0, units }, lengthUnits).units;
  return {
    labels: report.daily.map((point) => {
      const day = point.date.slice(0, 10);
      return t('mail.report.chart.day', {
        weekday: shortWeekday(language, isoDayOfWeek(day)),
        date: parseDay(day).date,
      });
    }),
    current: report.daily.map((point) => convert(point.value)),
    previous: report.daily.map((point) => convert(point.previous)),
    measure: t('mail.report.chart.measure', { kpi: productionName(report, texts), units: shownUnits }),
    series: { current: t('mail.report.columns.thisWeek'), previous: t('mail.report.columns.previousWeek') },
  };
}

/** The chart's text alternative: every bar's value in words. */
export function chartAltText(bars: DailyBars, { t, language }: LanguageTexts = textsOf()): string {
  const whole = numberFormat(language, 0);
  const days = bars.labels.map((day, index) =>
    t('mail.report.chart.bar', {
      day,
      current: whole.format(bars.current[index] ?? 0),
      previous: whole.format(bars.previous[index] ?? 0),
    }),
  );
  return t('mail.report.chart.alt', { measure: bars.measure, days: days.join('; ') });
}

export function reportLink(publicUrl: string, group: string, weekStart: string): string {
  return `${publicUrl}/reports/overview?selectedSystemGroup=${encodeURIComponent(group)}&timeframe=week&day=${weekStart}`;
}

const cell = 'padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;';

function groupHtml(
  report: WeeklyGroupReport,
  input: ReportEmailInput,
  cid: string,
  alt: string,
  texts: LanguageTexts,
): string {
  const { t } = texts;
  const note = partialWeekNote(report, texts);
  const rows = kpiRows(report, input.lengthUnits, texts)
    .map(
      (row) =>
        `<tr><td style="${cell}text-align:left;">${escapeHtml(row.name)}</td><td style="${cell}font-weight:bold;">${escapeHtml(row.current)}</td><td style="${cell}">${escapeHtml(row.previous)}</td><td style="${cell}">${escapeHtml(row.change)}</td></tr>`,
    )
    .join('');
  const goals = goalLines(report, input.lengthUnits, texts)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('');
  return `<h2 style="font-size:18px;margin:24px 0 8px;">${escapeHtml(report.group)}</h2>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:600px;font-size:14px;">
<tr><th style="${cell}text-align:left;">${escapeHtml(t('mail.report.columns.kpi'))}</th><th style="${cell}">${escapeHtml(t('mail.report.columns.thisWeek'))}</th><th style="${cell}">${escapeHtml(t('mail.report.columns.previousWeek'))}</th><th style="${cell}">${escapeHtml(t('mail.report.columns.change'))}</th></tr>
${rows}
</table>
${note === null ? '' : `<p style="font-size:13px;color:#92400e;">${escapeHtml(note)}</p>`}
<ul style="font-size:14px;padding-left:20px;">${goals}</ul>
<img src="cid:${cid}" alt="${escapeHtml(alt)}" width="${CHART_SIZE.width}" height="${CHART_SIZE.height}" style="display:block;max-width:100%;height:auto;">
<p style="font-size:14px;"><a href="${escapeHtml(reportLink(input.publicUrl, report.group, input.week.start))}">${escapeHtml(t('mail.report.openReport', { group: report.group }))}</a></p>`;
}

function groupText(report: WeeklyGroupReport, input: ReportEmailInput, alt: string, texts: LanguageTexts): string {
  const { t } = texts;
  const note = partialWeekNote(report, texts);
  const rows = kpiRows(report, input.lengthUnits, texts).map(
    (row) =>
      `  ${t('mail.report.plainRow', { kpi: row.name, current: row.current, previous: row.previous, change: row.change })}`,
  );
  return [
    report.group,
    ...rows,
    ...(note === null ? [] : [`  ${note}`]),
    ...goalLines(report, input.lengthUnits, texts).map((line) => `  ${line}`),
    `  ${t('mail.report.plainChart', { alt })}`,
    `  ${t('mail.report.plainReport', { url: reportLink(input.publicUrl, report.group, input.week.start) })}`,
  ].join('\n');
}

/** A group's chart: its PNG, the CID the HTML refers to it by, and its text alternative. */
export interface ReportChart {
  report: WeeklyGroupReport;
  cid: string;
  alt: string;
  png: Buffer;
}

/**
 * The charts of a report's groups, worded in the recipient's language (en-US by default). Every recipient of the
 * same report in the same language shares them (report-sender.ts).
 */
export function reportCharts(
  groups: readonly WeeklyGroupReport[],
  lengthUnits: LengthUnits,
  language?: string,
): Promise<ReportChart[]> {
  const texts = textsOf(language);
  return Promise.all(
    groups.map(async (report) => {
      const bars = dailyBars(report, lengthUnits, texts);
      return {
        report,
        cid: `chart-${report.group.toLowerCase()}@fleet-portal`,
        alt: chartAltText(bars, texts),
        png: await dailyBarsPng(bars),
      };
    }),
  );
}

/** The complete message, ready for nodemailer: `charts` (reportCharts) hold each group's numbers and chart. */
export function reportEmail(input: ReportEmailInput, charts: readonly ReportChart[]): SendMailOptions {
  const texts = textsOf(input.language);
  const { t } = texts;
  const weekText = t('mail.report.week', {
    start: formatMailDay(input.week.start, texts),
    end: formatMailDay(input.week.end, texts),
  });
  const intro = t('mail.report.intro', { firstName: input.firstName, week: weekText });
  const empty = t('mail.report.noSystems');
  const html = `<!doctype html><html lang="${escapeHtml(texts.language)}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;margin:0;padding:16px;">
<h1 style="font-size:22px;margin:0 0 8px;">${escapeHtml(input.subject)}</h1>
<p style="font-size:14px;">${escapeHtml(intro)}</p>
${charts.length === 0 ? `<p>${escapeHtml(empty)}</p>` : charts.map((chart) => groupHtml(chart.report, input, chart.cid, chart.alt, texts)).join('\n')}
<p style="font-size:12px;color:#6b7280;margin-top:32px;">${escapeHtml(t('mail.report.why'))} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t('mail.report.unsubscribe'))}</a></p>
</body></html>`;
  const text = [
    input.subject,
    '',
    intro,
    '',
    ...(charts.length === 0 ? [empty] : charts.map((chart) => groupText(chart.report, input, chart.alt, texts))),
    '',
    t('mail.report.plainUnsubscribe', { url: input.unsubscribeUrl }),
  ].join('\n');
  return {
    from: input.from,
    to: input.to,
    subject: t('mail.report.subject', { subject: input.subject, week: weekText }),
    html,
    text,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
    attachments: charts.map((chart) => ({
      filename: `${chart.report.group.toLowerCase()}-daily.png`,
      content: chart.png,
      contentType: 'image/png',
      cid: chart.cid,
      contentDisposition: 'inline' as const,
    })),
  };
}
