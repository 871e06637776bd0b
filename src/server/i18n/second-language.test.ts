import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SystemState } from '../reports/system-state.ts';
import { activeSystemsLabel } from '../reports/system-state.ts';
import { changeDescription, reportPeriodOf } from '../reports/common/report-period.ts';
import { availabilityCard, productionRateCard, totalOf } from '../reports/common/kpi-comparisons.ts';
import { accessEmail } from '../mail/access-email.ts';
import { reportCharts, reportEmail } from '../mail/report-email.ts';
import type { WeeklyGroupReport } from '../mail/weekly-report.ts';
import { idpTexts } from '../idp/idp-language.ts';
import { loginPage } from '../idp/idp-pages.ts';
import { passwordProblem, setPasswordPage } from '../idp/set-password-page.ts';
import { acceptedLanguages, addLocaleFolder, serverTexts, textsOf } from './server-texts.ts';

/**
 * Issue #27 item 1: a second language is a folder, for what the server words too. German comes from a folder of this
 * test only (testing/locales/de-DE: the server's area files); no code names it.
 */
addLocaleFolder(fileURLToPath(new URL('./testing/locales/', import.meta.url)));
const german = textsOf('de-DE');

const inProgressWeek = reportPeriodOf({ week: '2026-11-23' });
const saturdayMorning = { localTime: '2026-11-28T11:29' };

describe('the server’s catalogue', () => {
  it('offers every language folder, picks by exact tag, then by primary language, else en-US', () => {
    const { languages, pick } = serverTexts();
    expect(languages).toEqual(['en-US', 'de-DE']);
    expect(pick(['de-de'])).toBe('de-DE');
    expect(pick(['fr-FR', 'de-AT'])).toBe('de-DE');
    expect(pick(['fr', undefined, null])).toBe('en-US');
    expect(pick(['en-GB', 'de-DE'])).toBe('en-US');
  });

  it('answers a key the language lacks in en-US', () => {
    expect(german.t('common.cancel')).toBe('Cancel');
  });

  it('reads Accept-Language by weight, without wildcards and refusals', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, de;q=0.95, *;q=0.5, en;q=0')).toEqual(['fr-CH', 'de', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('a card’s change description', () => {
  it('is worded in the user’s language, weekday name included', () => {
    expect(changeDescription(inProgressWeek, saturdayMorning, german)).toBe('Zur Vorwoche, beide bis Sa 11:29');
    expect(changeDescription(reportPeriodOf({ day: '2026-11-28' }), { localTime: null }, german)).toBe(
      'Zum gleichen Tag der Vorwoche, beide bis zur Uhrzeit jedes Standorts',
    );
  });

  it('stays the spec’s English for en-US', () => {
    expect(changeDescription(inProgressWeek, saturdayMorning)).toBe('From previous week, both to Sat 11:29');
    expect(changeDescription(inProgressWeek, saturdayMorning, textsOf('en-US'))).toBe(
      'From previous week, both to Sat 11:29',
    );
  });
});

describe('a card’s label and lines', () => {
  const nothing = { current: totalOf([]), previous: totalOf([]) };

  it('are worded in the user’s language, and as the spec’s English for en-US', () => {
    const rate = productionRateCard(nothing, 'DTF', '', german);
    expect([rate.label, rate.upper?.description, rate.lower?.description]).toEqual([
      'Durchschn. Produktionsrate',
      'Durchschn. Auslastung',
      'Vorbereitung',
    ]);
    const availability = availabilityCard(nothing, '');
    expect([availability.label, availability.upper?.description, availability.lower?.description]).toEqual([
      'Average Availability',
      'Error Dur.',
      'Maintenance Dur.',
    ]);
  });
});

describe('the active-systems line', () => {
  const state = (printerStatus: SystemState['printerStatus']): SystemState => ({
    id: printerStatus,
    serialNumber: printerStatus,
    nickname: null,
    modelName: 'Model',
    systemGroup: 'DTG',
    timeZone: 'Europe/Berlin',
    lastUpdate: null,
    printerStatus,
    since: null,
  });
  const states = [state('Printing'), state('Idle'), state('NotReporting')];

  it('reads in the user’s language, and as the spec’s English for en-US', () => {
    expect(activeSystemsLabel(states, german)).toBe('2 von 3');
    expect(activeSystemsLabel(states)).toBe('2 of 3');
  });
});

/** A DTG group's week: only what the e-mail reads of it (the real one comes from the Overview's builders). */
function dtgWeek(): WeeklyGroupReport {
  const card = (value: number, previous: number, units: string) => ({
    label: 'ignored by the e-mail',
    value,
    units,
    previous,
    stats: (value - previous) / previous,
    trend: 'up',
    statsDescription: '',
    upper: null,
    lower: null,
  });
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
  return {
    group: 'DTG',
    cards: {
      totalProduction: card(12_345, 10_000, 'imp'),
      productionRate: card(250, 200, 'imp/h'),
      productivity: card(180, 150, 'imp/h'),
      availability: card(0.9, 0.8, '%'),
    },
    goals: {
      units: 'imp',
      year: 2026,
      weeklyGoal: 20_000,
      weeklyCompleted: 12_345,
      weeklyPercentage: 0.61725,
      yearlyGoal: null,
      yearlyCompleted: 80_884,
      yearlyPercentage: 0,
    },
    daily: days.map((date, index) => ({ date, granularity: 'day', value: 1000 + index, previous: 900, future: false })),
    previousWeekDataFrom: null,
  } as unknown as WeeklyGroupReport;
}

describe('the weekly report e-mail', () => {
  const input = {
    from: 'portal@example.test',
    to: 'ada@example.test',
    firstName: 'Ada',
    subject: 'Mein Bericht',
    week: { start: '2026-11-16', end: '2026-11-22' },
    lengthUnits: 'Meter' as const,
    publicUrl: 'https://portal.example.test',
    unsubscribeUrl: 'https://portal.example.test/unsubscribe?token=x',
  };

  it('has its subject, body, plain text and chart text in the recipient’s language', async () => {
    const charts = await reportCharts([dtgWeek()], 'Meter', 'de-DE');
    const mail = reportEmail({ ...input, language: 'de-DE' }, charts);
    expect(mail.subject).toBe('Mein Bericht: 16. Nov 2026 – 22. Nov 2026');
    expect(mail.html).toContain('<html lang="de-DE">');
    expect(mail.html).toContain('Hallo Ada, hier ist Ihre wöchentliche Produktionsübersicht');
    expect(mail.html).toContain(
      '<th style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;">Vorwoche</th>',
    );
    expect(mail.html).toContain('Den DTG-Bericht im Portal öffnen');
    // Percentages in German separators and spacing too (a no-break space before '%'), as Intl writes them.
    expect(mail.text).toContain('  Drucke gesamt: 12.345 imp (Vorwoche 10.000 imp, Änderung +23,45\u00a0%)');
    expect(mail.text).toContain(
      '  Durchschn. Verfügbarkeit: 90,00\u00a0% (Vorwoche 80,00\u00a0%, Änderung +12,50\u00a0%)',
    );
    expect(mail.text).toMatch(/ {2}Wochenziel: 12\.345 imp von 20\.000 imp \(61,73\u00a0%\)/);
    expect(mail.text).toContain('  Jahresziel 2026: nicht gesetzt (80.884 imp produziert)');
    expect(charts[0]?.alt).toBe(
      'Drucke gesamt pro Tag (imp), diese Woche gegen die Vorwoche. Mo 16.: 1.000 (Vorwoche 900); Di 17.: 1.001 (Vorwoche 900); ' +
        'Mi 18.: 1.002 (Vorwoche 900); Do 19.: 1.003 (Vorwoche 900); Fr 20.: 1.004 (Vorwoche 900); Sa 21.: 1.005 (Vorwoche 900); ' +
        'So 22.: 1.006 (Vorwoche 900).',
    );
    expect(mail.text).toContain('Abbestellen: https://portal.example.test/unsubscribe?token=x');
  });

  it('stays the English it was for en-US', async () => {
    const charts = await reportCharts([dtgWeek()], 'Meter');
    const mail = reportEmail(input, charts);
    expect(mail.subject).toBe('Mein Bericht: 16 Nov 2026 – 22 Nov 2026');
    expect(mail.text).toContain('  Total Impressions: 12,345 imp (previous week 10,000 imp, change +23.45%)');
    expect(mail.text).toContain('  Average Availability: 90.00% (previous week 80.00%, change +12.50%)');
    expect(mail.text).toMatch(/ {2}Weekly goal: 12,345 imp of 20,000 imp \(61\.73%\)/);
    expect(charts[0]?.alt).toMatch(
      /^Total Impressions per day \(imp\), this week against the previous week\. Mon 16: 1,000 \(previous week 900\);/,
    );
  });

  it('words the invitation in the recipient’s language', () => {
    const mail = accessEmail({
      purpose: 'invitation',
      from: 'portal@example.test',
      to: 'ada@example.test',
      firstName: 'Ada',
      sentBy: 'Grace Hopper',
      link: 'https://portal.example.test/idp/set-password?token=x',
      expiresAt: new Date('2026-12-05T14:30:00Z'),
      language: 'de-DE',
    });
    expect(mail.subject).toBe('Sie sind zum Fleet Portal eingeladen');
    expect(mail.text).toContain('Grace Hopper hat Sie zum Fleet Portal eingeladen.');
    expect(mail.text).toContain('Passwort festlegen: https://portal.example.test/idp/set-password?token=x');
    expect(mail.text).toContain('Dieser Link funktioniert einmal, bis 5. Dezember 2026 um 14:30 UTC.');
  });
});

describe('the identity provider’s pages', () => {
  it('take the sign-in’s ui_locales first, then Accept-Language, else en-US', () => {
    expect(idpTexts({ acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8' }).language).toBe('de-DE');
    expect(idpTexts({ uiLocales: 'en-US', acceptLanguage: 'de' }).language).toBe('en-US');
    expect(idpTexts({ uiLocales: 'fr de', acceptLanguage: 'en' }).language).toBe('de-DE');
    expect(idpTexts({}).language).toBe('en-US');
  });

  it('word the sign-in form and its errors in that language', () => {
    const html = loginPage({
      action: '/idp/interaction/x',
      email: '',
      failed: true,
      formAction: [],
      texts: german,
    }).html;
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('<title>Anmelden · Fleet Portal</title>');
    expect(html).toContain('<p class="subtitle">Melden Sie sich bei Ihrem Konto an</p>');
    expect(html).toContain('<label for="password">Passwort</label>');
    expect(html).toContain('<p class="error" role="alert">E-Mail oder Passwort ungültig</p>');
    const locked = loginPage({
      action: '/x',
      email: 'a@b.c',
      failed: true,
      locked: { retryAfterMs: 90_000 },
      formAction: [],
      texts: german,
    }).html;
    expect(locked).toContain('Bitte warten Sie 2 Minuten');
  });

  it('word the set-password page and its refusals in that language', () => {
    const problem = passwordProblem('kurz', 'kurz', 'a@b.c', german);
    expect(problem).toBe('Das Passwort braucht mindestens 10 Zeichen.');
    const html = setPasswordPage({
      action: '/idp/set-password',
      token: 't',
      email: 'ada@example.test',
      purpose: 'password-reset',
      problem,
      formAction: [],
      texts: german,
    }).html;
    expect(html).toContain('<p class="subtitle">Neues Passwort wählen für ada@example.test</p>');
    expect(html).toContain('Mindestens 10 Zeichen; ein paar Wörter ergeben ein gutes.');
  });
});
