// node scripts/build-glossary.ts — renders docs/kpi-glossary.md into the in-app metrics glossary pages
// public/docs/kpi-glossary-dtf.html and public/docs/kpi-glossary-dtg.html (linked from the avatar menu's Help).
// `--check` only reports whether the committed pages are up to date (exit code 1 when not).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

export const GLOSSARY_GROUPS = ['DTF', 'DTG'] as const;
export type GlossaryGroup = (typeof GLOSSARY_GROUPS)[number];

export interface GlossarySection {
  title: string;
  /** Groups named on the section's `Groups:` line; null when it has none (the section is on every page). */
  groups: string[] | null;
  /** The section's markdown without its heading and `Groups:` line. */
  body: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GLOSSARY_SOURCE = path.join(ROOT, 'docs/kpi-glossary.md');
export const pagePath = (group: GlossaryGroup): string =>
  path.join(ROOT, 'public/docs', `kpi-glossary-${group.toLowerCase()}.html`);

/** The `## ` sections of the glossary; the title and introduction before the first one are for developers only. */
export function parseSections(markdown: string): GlossarySection[] {
  const sections: GlossarySection[] = [];
  let current: { title: string; lines: string[] } | null = null;
  const finish = () => {
    if (!current) return;
    const groupsLine = current.lines.find((line) => /^Groups:/.test(line));
    const groups = groupsLine
      ? groupsLine
          .slice('Groups:'.length)
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean)
      : null;
    const body = current.lines
      .filter((line) => line !== groupsLine)
      .join('\n')
      .trim();
    sections.push({ title: current.title, groups, body });
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      finish();
      current = { title: heading[1]?.trim() ?? '', lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  finish();
  return sections;
}

/** The sections shown on a group's page: those naming the group, and those naming none. */
export function sectionsFor(sections: readonly GlossarySection[], group: GlossaryGroup): GlossarySection[] {
  return sections.filter((section) => section.groups === null || section.groups.includes(group));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline markdown: `code`, **bold**, _emphasis_ and [links](url); everything else is escaped. */
export function inlineToHtml(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts
    .map((part) => {
      if (part.length >= 2 && part.startsWith('`') && part.endsWith('`')) {
        return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      }
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[\s(])_([^_]+)_(?=[\s).,;:]|$)/g, '$1<em>$2</em>')
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
    })
    .join('');
}

interface ListItem {
  text: string;
  children: ListItem[];
}

function listToHtml(items: ListItem[], ordered: boolean): string {
  const tag = ordered ? 'ol' : 'ul';
  const rendered = items.map(
    (item) => `<li>${inlineToHtml(item.text)}${item.children.length > 0 ? listToHtml(item.children, false) : ''}</li>`,
  );
  return `<${tag}>${rendered.join('')}</${tag}>`;
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * A small markdown subset: headings (# to ####), paragraphs, bulleted lists (one nested level by indentation),
 * numbered lists, fenced code blocks, tables with a header row, and the inline forms of {@link inlineToHtml}.
 * Headings are shifted by `headingShift` levels (the page's own title is its h1).
 */
export function markdownToHtml(markdown: string, headingShift = 0): string {
  const lines = markdown.split(/\r?\n/);
  const html: string[] = [];
  let index = 0;
  const at = (offset = 0): string => lines[index + offset] ?? '';
  const isBlockStart = (line: string): boolean =>
    /^#{1,4} /.test(line) ||
    /^\s*- /.test(line) ||
    /^\d+\. /.test(line) ||
    line.startsWith('```') ||
    line.startsWith('|');

  while (index < lines.length) {
    const line = at();
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    const heading = /^(#{1,4}) (.+)$/.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1]?.length ?? 1) + headingShift);
      html.push(`<h${level}>${inlineToHtml(heading[2] ?? '')}</h${level}>`);
      index += 1;
      continue;
    }
    if (line.startsWith('```')) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !at().startsWith('```')) {
        code.push(at());
        index += 1;
      }
      index += 1;
      html.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.startsWith('|') && /^\|[\s:|-]*-[\s:|-]*$/.test(at(1).trim())) {
      const header = tableCells(line);
      index += 2;
      const rows: string[][] = [];
      while (index < lines.length && at().startsWith('|')) {
        rows.push(tableCells(at()));
        index += 1;
      }
      const head = header.map((cell) => `<th>${inlineToHtml(cell)}</th>`).join('');
      const body = rows
        .map((row) => `<tr>${row.map((cell) => `<td>${inlineToHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      html.push(`<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`);
      continue;
    }
    const listMarker = /^(\s*)(-|\d+\.) /;
    if (listMarker.test(line) && !/^\s/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: ListItem[] = [];
      while (index < lines.length) {
        const current = at();
        const marker = listMarker.exec(current);
        if (marker) {
          const text = current.slice(marker[0].length);
          const parent = items[items.length - 1];
          if ((marker[1] ?? '').length > 0 && parent) parent.children.push({ text, children: [] });
          else items.push({ text, children: [] });
        } else if (/^\s+\S/.test(current)) {
          // A continuation line of the last item (or of its last child).
          const last = items[items.length - 1];
          const target = last?.children[last.children.length - 1] ?? last;
          if (target) target.text += ` ${current.trim()}`;
        } else {
          break;
        }
        index += 1;
      }
      html.push(listToHtml(items, ordered));
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length && at().trim() !== '' && (paragraph.length === 0 || !isBlockStart(at()))) {
      paragraph.push(at().trim());
      index += 1;
    }
    html.push(`<p>${inlineToHtml(paragraph.join(' '))}</p>`);
  }
  return html.join('\n');
}

/** One group's glossary page, before formatting. It uses the shared stylesheet of the static documents. */
export function renderGlossaryPage(markdown: string, group: GlossaryGroup): string {
  const sections = sectionsFor(parseSections(markdown), group);
  const title = `${group} metrics glossary`;
  const body = sections.map((section) => `<h2>${inlineToHtml(section.title)}</h2>\n${markdownToHtml(section.body, 2)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>${escapeHtml(title)} – Fleet Portal</title>
<link rel="stylesheet" href="/docs/docs.css" />
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p>How the portal computes the metrics on the ${group} reports</p>
</header>
<main>
${body.join('\n')}
</main>
<footer>Fleet Portal · Generated from docs/kpi-glossary.md · Questions? Contact your account manager or support@fleet-portal.example</footer>
</body>
</html>
`;
}

/** Both pages, formatted with the repository's Prettier settings (so `prettier --check` accepts them). */
export async function buildGlossaryPages(markdown: string): Promise<Map<GlossaryGroup, string>> {
  const pages = new Map<GlossaryGroup, string>();
  for (const group of GLOSSARY_GROUPS) {
    const file = pagePath(group);
    const options = (await prettier.resolveConfig(file)) ?? {};
    pages.set(group, await prettier.format(renderGlossaryPage(markdown, group), { ...options, filepath: file }));
  }
  return pages;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const pages = await buildGlossaryPages(fs.readFileSync(GLOSSARY_SOURCE, 'utf8'));
  let stale = 0;
  for (const [group, html] of pages) {
    const file = pagePath(group);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (current === html) continue;
    if (check) {
      stale += 1;
      console.error(`${path.relative(ROOT, file)} is out of date: run node scripts/build-glossary.ts`);
    } else {
      fs.writeFileSync(file, html);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
  if (stale > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
