import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GLOSSARY_SOURCE,
  buildGlossaryPages,
  markdownToHtml,
  pagePath,
  parseSections,
  sectionsFor,
} from './build-glossary.ts';

const markdown = fs.readFileSync(GLOSSARY_SOURCE, 'utf8');

describe('metrics glossary pages', () => {
  it('are up to date with docs/kpi-glossary.md (run node scripts/build-glossary.ts)', async () => {
    const pages = await buildGlossaryPages(markdown);
    expect([...pages.keys()]).toEqual(['DTF', 'DTG']);
    for (const [group, html] of pages) {
      expect(fs.readFileSync(pagePath(group), 'utf8'), `public/docs/kpi-glossary-${group.toLowerCase()}.html`).toBe(
        html,
      );
    }
  });

  it('show DTF metrics on the DTF page and DTG metrics on the DTG page', () => {
    const dtf = fs.readFileSync(pagePath('DTF'), 'utf8');
    const dtg = fs.readFileSync(pagePath('DTG'), 'utf8');
    expect(dtf).toContain('<title>DTF metrics glossary – Fleet Portal</title>');
    expect(dtf).toContain('<h2>Preparation</h2>');
    expect(dtf).toContain('<h2>Total Production</h2>');
    expect(dtf).not.toContain('<h2>Dark Impressions</h2>');
    expect(dtf).not.toContain('<h2>Avg. Handling Time</h2>');
    expect(dtg).toContain('<h2>Dark Impressions</h2>');
    expect(dtg).toContain('<h2>Total Impressions</h2>');
    expect(dtg).not.toContain('<h2>Preparation</h2>');
    for (const page of [dtf, dtg]) {
      expect(page).toContain('<h2>Availability</h2>');
      expect(page).toContain('<h2>OEE</h2>');
      expect(page).toContain('<h2>Periods and time zones</h2>');
      expect(page).toContain('href="/docs/docs.css"');
      expect(page).not.toContain('Groups:');
    }
  });

  it('has an entry for every KPI of src/shared/kpi', () => {
    const titles = parseSections(markdown).map((section) => section.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Total Production',
        'Total Impressions',
        'Production rate',
        'Productivity',
        'Availability',
        'Utilization',
        'Preparation',
        'Dark Impressions',
        'Avg. Handling Time',
        'Error Dur.',
        'Maintenance Dur.',
        'Weekly goal',
        'Yearly goal',
        'Week record',
        'OEE',
        'Change and trend',
        'Percentages that total 100',
      ]),
    );
  });
});

describe('glossary entries', () => {
  it('give every KPI its label, formula, time basis, anchor and where we differ', () => {
    const general = [
      'How the numbers are computed',
      'Periods and time zones',
      'Last update and active systems',
      'Change and trend',
    ];
    const kpis = parseSections(markdown).filter(
      (section) => !general.includes(section.title) && section.title !== 'Percentages that total 100',
    );
    expect(kpis.length).toBe(33);
    for (const section of kpis) {
      for (const field of ['Shown as:', 'Formula:', 'Time basis:', 'Anchor:', 'Where we differ and why:']) {
        expect(section.body, `${section.title} lacks '${field}'`).toContain(`**${field}**`);
      }
    }
  });
});

describe('parseSections', () => {
  it('reads the Groups line and keeps sections without one for every group', () => {
    const sections = parseSections(
      '# Title\n\nIntro\n\n## A\n\nGroups: DTF\n\nText A\n\n## B\n\nText B\n\n## C\nGroups: DTG, Apollo\nC',
    );
    expect(sections).toEqual([
      { title: 'A', groups: ['DTF'], body: 'Text A' },
      { title: 'B', groups: null, body: 'Text B' },
      { title: 'C', groups: ['DTG', 'Apollo'], body: 'C' },
    ]);
    expect(sectionsFor(sections, 'DTF').map((section) => section.title)).toEqual(['A', 'B']);
    expect(sectionsFor(sections, 'DTG').map((section) => section.title)).toEqual(['B', 'C']);
  });
});

describe('markdownToHtml', () => {
  it('renders headings, paragraphs and inline forms, escaping HTML', () => {
    expect(markdownToHtml('### Sub\n\nOne **bold** and `a < b` line\ncontinued, _quiet_ [link](/x).', 1)).toBe(
      '<h4>Sub</h4>\n<p>One <strong>bold</strong> and <code>a &lt; b</code> line continued, <em>quiet</em> <a href="/x">link</a>.</p>',
    );
  });

  it('renders lists with a nested level and continuation lines', () => {
    expect(markdownToHtml('- one\n  more\n  - nested\n- two\n\n1. first\n2. second')).toBe(
      '<ul><li>one more<ul><li>nested</li></ul></li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>',
    );
  });

  it('renders code blocks and tables', () => {
    expect(markdownToHtml('```\nx <= 1\n```\n\n| A | B |\n| - | --- |\n| 1 | 2 |')).toBe(
      '<pre><code>x &lt;= 1</code></pre>\n<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
  });
});
