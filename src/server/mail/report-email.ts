import type { SendMailOptions } from 'nodemailer';
import type { KpiComparison, OverviewKpiCard } from '../../shared/api-types.ts';
import { formatPercent, formatSignedPercent } from '../../shared/format/percent.ts';
import { inLengthUnits, type LengthUnits } from '../../shared/units/length-units.ts';
import { isoDayOfWeek, parseDay } from '../../shared/time/local-time.ts';
import { CHART_SIZE, type DailyBars } from './report-chart-drawing.ts';
import { dailyBarsPng } from './report-chart.ts';
import type { WeeklyGroupReport } from './weekly-report.ts';

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
}

/** One KPI row: name, this week, previous week, change. */
export interface KpiRow {
  name: string;
  current: string;
  previous: string;
  change: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** '23 Mar 2026'. */
export function formatMailDay(day: string): string {
  const { year, month, date } = parseDay(day);
  return `${date} ${MONTHS[month - 1] ?? ''} ${year}`;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

const numberFormats = {
  0: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
  1: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
};

/** A value with its unit as the e-mail shows it: percentages from fractions, lengths in the user's unit. */
export function formatQuantity(value: number, units: string, lengthUnits: LengthUnits): string {
  if (units === '%') return value < 0 ? '--' : formatPercent(value);
  if (units === 's') return `${numberFormats[0].format(value / 60)} min`;
  const shown = inLengthUnits({ value, units }, lengthUnits);
  const digits = shown.units === 'imp' || shown.units === 'imp/h' ? 0 : 1;
  return `${numberFormats[digits].format(shown.value)} ${shown.units}`;
}

function kpiRow(
  name: string,
  comparison: KpiComparison | OverviewKpiCard,
  lengthUnits: LengthUnits,
  comparable: boolean,
): KpiRow {
  return {
    name,
    current: formatQuantity(comparison.value, comparison.units, lengthUnits),
    previous: formatQuantity(comparison.previous ?? 0, comparison.units, lengthUnits),
    change: !comparable || comparison.stats === null ? '--' : formatSignedPercent(comparison.stats),
  };
}

/** Said under a group's KPIs when its previous week is only partly in the portal: its changes are left out. */
export function partialWeekNote(report: Pick<WeeklyGroupReport, 'previousWeekDataFrom'>): string | null {
  if (report.previousWeekDataFrom === null) return null;
  return `Changes not shown: the portal holds these systems' data from ${formatMailDay(report.previousWeekDataFrom)} only, so the previous week is incomplete.`;
}

/** The KPI rows of a group, in the Overview's card order. */
export function kpiRows(report: WeeklyGroupReport, lengthUnits: LengthUnits): KpiRow[] {
  const { cards } = report;
  const comparable = report.previousWeekDataFrom === null;
  const row = (card: OverviewKpiCard) => kpiRow(card.label, card, lengthUnits, comparable);
  const rows = [row(cards.totalProduction), row(cards.productionRate)];
  if (cards.productivity !== null) rows.push(row(cards.productivity));
  rows.push(row(cards.availability));
  return rows;
}

/** 'Weekly goal: 12,345 imp of 20,000 imp (61.73%)', or 'Weekly goal: not set (12,345 imp produced)'. */
export function goalLines(report: Pick<WeeklyGroupReport, 'goals'>, lengthUnits: LengthUnits): string[] {
  const { goals } = report;
  const line = (name: string, completed: number, goal: number | null, fraction: number) =>
    goal === null
      ? `${name}: not set (${formatQuantity(completed, goals.units, lengthUnits)} produced)`
      : `${name}: ${formatQuantity(completed, goals.units, lengthUnits)} of ${formatQuantity(goal, goals.units, lengthUnits)} (${formatPercent(fraction)})`;
  return [
    line('Weekly goal', goals.weeklyCompleted, goals.weeklyGoal, goals.weeklyPercentage),
    line(`Yearly goal ${goals.year}`, goals.yearlyCompleted, goals.yearlyGoal, goals.yearlyPercentage),
  ];
}

function dailyBars(report: WeeklyGroupReport, lengthUnits: LengthUnits): DailyBars {
  const units = report.cards.totalProduction.units;
  const convert = (value: number) => inLengthUnits({ value, units }, lengthUnits).value;
  const shownUnits = inLengthUnits({ value: 0, units }, lengthUnits).units;
  return {
    labels: report.daily.map(
      (point) =>
        `${WEEKDAYS[isoDayOfWeek(point.date.slice(0, 10)) - 1] ?? ''} ${parseDay(point.date.slice(0, 10)).date}`,
    ),
    current: report.daily.map((point) => convert(point.value)),
    previous: report.daily.map((point) => convert(point.previous)),
    measure: `${report.cards.totalProduction.label} per day (${shownUnits})`,
  };
}

/** The chart's text alternative: every bar's value in words. */
export function chartAltText(bars: DailyBars): string {
  const days = bars.labels.map(
    (label, index) =>
      `${label}: ${numberFormats[0].format(bars.current[index] ?? 0)} (previous week ${numberFormats[0].format(bars.previous[index] ?? 0)})`,
  );
  return `${bars.measure}, this week against the previous week. ${days.join('; ')}.`;
}

export function reportLink(publicUrl: string, group: string, weekStart: string): string {
  return `${publicUrl}/reports/overview?selectedSystemGroup=${encodeURIComponent(group)}&timeframe=week&day=${weekStart}`;
}

const cell = 'padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;';

function groupHtml(report: WeeklyGroupReport, input: ReportEmailInput, cid: string, alt: string): string {
  const rows = kpiRows(report, input.lengthUnits)
    .map(
      (row) =>
        `<tr><td style="${cell}text-align:left;">${escapeHtml(row.name)}</td><td style="${cell}font-weight:bold;">${escapeHtml(row.current)}</td><td style="${cell}">${escapeHtml(row.previous)}</td><td style="${cell}">${escapeHtml(row.change)}</td></tr>`,
    )
    .join('');
  const goals = goalLines(report, input.lengthUnits)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('');
  return `<h2 style="font-size:18px;margin:24px 0 8px;">${escapeHtml(report.group)}</h2>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:600px;font-size:14px;">
<tr><th style="${cell}text-align:left;">KPI</th><th style="${cell}">This week</th><th style="${cell}">Previous week</th><th style="${cell}">Change</th></tr>
${rows}
</table>
${partialWeekNote(report) === null ? '' : `<p style="font-size:13px;color:#92400e;">${escapeHtml(partialWeekNote(report) ?? '')}</p>`}
<ul style="font-size:14px;padding-left:20px;">${goals}</ul>
<img src="cid:${cid}" alt="${escapeHtml(alt)}" width="${CHART_SIZE.width}" height="${CHART_SIZE.height}" style="display:block;max-width:100%;height:auto;">
<p style="font-size:14px;"><a href="${escapeHtml(reportLink(input.publicUrl, report.group, input.week.start))}">Open the ${escapeHtml(report.group)} report in the portal</a></p>`;
}

function groupText(report: WeeklyGroupReport, input: ReportEmailInput, alt: string): string {
  const rows = kpiRows(report, input.lengthUnits).map(
    (row) => `  ${row.name}: ${row.current} (previous week ${row.previous}, change ${row.change})`,
  );
  return [
    report.group,
    ...rows,
    ...(partialWeekNote(report) === null ? [] : [`  ${partialWeekNote(report) ?? ''}`]),
    ...goalLines(report, input.lengthUnits).map((line) => `  ${line}`),
    `  Chart: ${alt}`,
    `  Report: ${reportLink(input.publicUrl, report.group, input.week.start)}`,
  ].join('\n');
}

/** A group's chart: its PNG, the CID the HTML refers to it by, and its text alternative. */
export interface ReportChart {
  report: WeeklyGroupReport;
  cid: string;
  alt: string;
  png: Buffer;
}

/** The charts of a report's groups. Every recipient of the same report shares them (report-sender.ts). */
export function reportCharts(groups: readonly WeeklyGroupReport[], lengthUnits: LengthUnits): Promise<ReportChart[]> {
  return Promise.all(
    groups.map(async (report) => {
      const bars = dailyBars(report, lengthUnits);
      return {
        report,
        cid: `chart-${report.group.toLowerCase()}@fleet-portal`,
        alt: chartAltText(bars),
        png: await dailyBarsPng(bars),
      };
    }),
  );
}

/** The complete message, ready for nodemailer: `charts` (reportCharts) hold each group's numbers and chart. */
export function reportEmail(input: ReportEmailInput, charts: readonly ReportChart[]): SendMailOptions {
  const weekText = `${formatMailDay(input.week.start)} – ${formatMailDay(input.week.end)}`;
  const intro = `Hello ${input.firstName}, here is your weekly production performance summary for ${weekText}, compared with the week before.`;
  const empty = 'No systems in this report’s scope.';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;margin:0;padding:16px;">
<h1 style="font-size:22px;margin:0 0 8px;">${escapeHtml(input.subject)}</h1>
<p style="font-size:14px;">${escapeHtml(intro)}</p>
${charts.length === 0 ? `<p>${escapeHtml(empty)}</p>` : charts.map((chart) => groupHtml(chart.report, input, chart.cid, chart.alt)).join('\n')}
<p style="font-size:12px;color:#6b7280;margin-top:32px;">You receive this e-mail because you scheduled it in the Fleet Portal. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  const text = [
    input.subject,
    '',
    intro,
    '',
    ...(charts.length === 0 ? [empty] : charts.map((chart) => groupText(chart.report, input, chart.alt))),
    '',
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return {
    from: input.from,
    to: input.to,
    subject: `${input.subject}: ${weekText}`,
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
