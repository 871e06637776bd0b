import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SelectButton } from 'primereact/selectbutton';
import { expect, userEvent, within } from 'storybook/test';
import { ToggleButtons } from './panel-sdk-toggle.tsx';

const PAGES = [
  { value: 'BySize', label: 'By Size' },
  { value: 'ByPrintType', label: 'By Print Type' },
] as const;

/** What draws a button: its box, font, colours, border and spacing. */
const DRAWN = [
  'width',
  'height',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'color',
  'background-color',
  'border-top-width',
  'border-right-width',
  'border-left-width',
  'border-top-color',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-bottom-right-radius',
  'padding-top',
  'padding-left',
  'vertical-align',
  'cursor',
] as const;

function drawnStyles(group: Element): Record<string, string>[] {
  return [group, ...group.querySelectorAll('*')].map((element) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(DRAWN.map((name) => [name, style.getPropertyValue(name)]));
  });
}

/** PrimeReact's styles injected into the page, switched off or on (a report without PrimeReact has none of them). */
function primeReactStyles(enabled: boolean): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-primereact-style-id]')) {
    if (style.sheet !== null) style.sheet.disabled = !enabled;
  }
}

function Pages() {
  const [page, setPage] = useState<(typeof PAGES)[number]['value']>('BySize');
  return <ToggleButtons className="own" label="Job summary pages" options={PAGES} value={page} onChange={setPage} />;
}

/**
 * The panel SDK's toggle (the Job summary's DTF pages, the Systems view) beside PrimeReact's SelectButton, which it
 * replaces: drawn alike without PrimeReact's injected styles, and chosen with the keyboard.
 */
const meta = {
  title: 'Runtime/Toggle buttons',
  component: Pages,
  render: () => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '1rem', alignItems: 'flex-start' }}>
      <Pages />
      <SelectButton
        className="prime"
        value="BySize"
        options={[...PAGES]}
        allowEmpty={false}
        aria-label="PrimeReact's pages"
        onChange={() => undefined}
      />
    </div>
  ),
} satisfies Meta<typeof Pages>;

export default meta;

type Story = StoryObj<typeof meta>;

export const BesidePrimeReacts: Story = {
  play: async ({ canvas, canvasElement }) => {
    const own = canvasElement.querySelector('.own');
    const prime = canvasElement.querySelector('.prime');
    if (own === null || prime === null) throw new Error('both toggles drawn');
    primeReactStyles(false);
    const ownStyles = drawnStyles(own);
    primeReactStyles(true);
    await expect(ownStyles).toEqual(drawnStyles(prime));

    await userEvent.click(within(own as HTMLElement).getByRole('button', { name: 'By Size' }));
    await userEvent.keyboard('{ArrowRight}[Space]');
    await expect(canvas.getByRole('button', { name: 'By Print Type', pressed: true })).toBe(document.activeElement);
  },
};
