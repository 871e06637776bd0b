import { expect, type Locator } from '@playwright/test';

/**
 * What a report says of the selected period against the previous one, written from docs/kpi-glossary.md "Change and
 * trend": while the period holds a site's current time both periods are read up to the same local time, and the
 * legend reads 'Selected day, so far' / 'Previous same day, to 11:29', a card 'From previous same day, both to 11:29'
 * ('to Sat 11:29' for a week); a site where the period is over is read whole and one where it has not begun not at all;
 * when the sites' times differ it reads "to each site's time". A period over at every site reads as before.
 * Each site's clock comes from its IANA time zone, so nothing here depends on the machine's time zone.
 */

/** A day, or a week from its Monday to its Sunday (yyyy-MM-dd). */
export interface ComparedPeriod {
  timeframe: 'day' | 'week';
  firstDay: string;
  lastDay: string;
}

/** The legend's two entries and a card's change description. */
export interface PeriodReading {
  legend: [selected: string, previous: string];
  description: string;
}

const LABELS = {
  day: { selected: 'Selected day', previous: 'Previous same day', description: 'From previous same day' },
  week: { selected: 'Selected week', previous: 'Previous week', description: 'From previous week' },
} as const;

const MINUTE_MS = 60_000;

/** A site's clock at `instant`: its local day (yyyy-MM-dd), weekday ('Sat') and time ('11:29'). */
function siteClock(instant: number, timeZone: string): { day: string; weekday: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts['year']}-${parts['month']}-${parts['day']}`,
    weekday: parts['weekday'] ?? '',
    time: `${parts['hour']}:${parts['minute']}`,
  };
}

const WEEKDAY_OF_DAY = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });

/** Up to where a site reads the period at `instant`: null once it is over there (read whole). */
function readUntil(period: ComparedPeriod, instant: number, timeZone: string): string | null {
  const clock = siteClock(instant, timeZone);
  if (clock.day > period.lastDay) return null;
  // Not begun: read up to its start, that is not at all.
  if (clock.day < period.firstDay)
    return period.timeframe === 'day' ? '00:00' : `${WEEKDAY_OF_DAY(period.firstDay)} 00:00`;
  return period.timeframe === 'day' ? clock.time : `${clock.weekday} ${clock.time}`;
}

/** The reading of `period` at `instant` for a selection of printers at sites in `timeZones`. */
export function periodReading(period: ComparedPeriod, timeZones: readonly string[], instant: number): PeriodReading {
  const labels = LABELS[period.timeframe];
  const untils = timeZones.map((timeZone) => readUntil(period, instant, timeZone));
  if (untils.every((until) => until === null)) {
    return { legend: [labels.selected, labels.previous], description: labels.description };
  }
  const [first] = untils;
  const until = first !== null && untils.every((each) => each === first) ? `to ${first}` : "to each site's time";
  return {
    legend: [`${labels.selected}, so far`, `${labels.previous}, ${until}`],
    description: `${labels.description}, both ${until}`,
  };
}

/**
 * Every reading the report can show when its answers are computed between `from` and `to`: the reading changes only
 * when a site's clock turns a minute, so the readings at `from` and at each whole minute up to `to` are all of them.
 */
export function periodReadingsBetween(
  period: ComparedPeriod,
  timeZones: readonly string[],
  from: number,
  to: number,
): PeriodReading[] {
  const instants = [from];
  for (let minute = Math.ceil(from / MINUTE_MS) * MINUTE_MS; minute <= to; minute += MINUTE_MS) instants.push(minute);
  const readings = new Map<string, PeriodReading>();
  for (const instant of instants) {
    const reading = periodReading(period, timeZones, instant);
    readings.set(JSON.stringify(reading), reading);
  }
  return [...readings.values()];
}

/** A regular expression matching exactly one of `texts`. */
export function oneOf(texts: readonly string[]): RegExp {
  const escaped = [...new Set(texts)].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(${escaped.join('|')})$`);
}

/** A comparison legend (role list 'Legend') reads one of `readings`' legends, its entries in order. */
export async function expectLegendReading(legend: Locator, readings: readonly PeriodReading[]): Promise<void> {
  const entries = async () => (await legend.getByRole('listitem').allInnerTexts()).join(' | ');
  await expect.poll(entries).toMatch(oneOf(readings.map((reading) => reading.legend.join(' | '))));
}
