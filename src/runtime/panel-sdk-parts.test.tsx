import { render, screen, within } from '@testing-library/react';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { PanelBars, PanelFacts, PanelHeadline, StatusShareStrip } from './panel-sdk-parts.tsx';
import { panelOptionsSchema } from './panel-sdk-options.ts';

const HOURS = [
  { key: '0', label: '12 AM', showLabel: true, percent: 40 },
  { key: '1', label: '1 AM', showLabel: false, percent: 90 },
];

describe('PanelBars', () => {
  it('reads out each column by its description, draws what the kind gives and labels only the labelled ones', () => {
    render(
      <PanelBars
        bars={HOURS}
        describe={(bar) => `${bar.label}: ${bar.percent}%`}
        columnClassName="kind__column"
        column={(bar) => <span data-testid={`bar-${bar.key}`} style={{ height: `${bar.percent}%` }} />}
        under={(bar) => <span data-testid={`under-${bar.key}`} />}
      />,
    );
    const columns = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(columns.map((column) => column.getAttribute('title'))).toEqual(['12 AM: 40%', '1 AM: 90%']);
    expect(columns.map((column) => column.querySelector('.panel-hidden')?.textContent)).toEqual([
      '12 AM: 40%',
      '1 AM: 90%',
    ]);
    expect(columns.map((column) => column.querySelector('.panel-bars__label')?.textContent)).toEqual(['12 AM', '']);
    const drawn = screen.getByTestId('bar-1');
    expect(drawn.style.height).toBe('90%');
    expect(drawn.parentElement?.className).toBe('panel-bars__column kind__column');
    expect(drawn.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('under-0').nextElementSibling?.className).toBe('panel-bars__label');
  });
});

describe('PanelHeadline', () => {
  it('shows the figure in its colour with its detail beside it', () => {
    render(<PanelHeadline value="87.39%" colour="#137A29" detail="1.2k of 1.4k imp target" />);
    expect(screen.getByText('87.39%').style.color).toBe('rgb(19, 122, 41)');
    expect(screen.getByText('1.2k of 1.4k imp target').className).toBe('panel-headline__detail');
  });

  it('shows the figure alone in the text colour when there is no detail', () => {
    const { container } = render(<PanelHeadline value="--" />);
    expect(screen.getByText('--').getAttribute('style')).toBeNull();
    expect(container.querySelector('.panel-headline__detail')).toBeNull();
  });
});

describe('PanelFacts', () => {
  it('lists each label over its value in the kind’s layout', () => {
    const { container } = render(
      <PanelFacts
        className="kind__facts"
        facts={[
          { label: 'Model', value: 'Storm Hybrid' },
          { label: 'Serial number', value: 'X-1' },
        ]}
      />,
    );
    const list = container.querySelector('dl');
    expect(list?.className).toBe('panel-facts kind__facts');
    expect([...(list?.querySelectorAll('dt') ?? [])].map((term) => term.textContent)).toEqual([
      'Model',
      'Serial number',
    ]);
    expect([...(list?.querySelectorAll('dd') ?? [])].map((value) => value.textContent)).toEqual([
      'Storm Hybrid',
      'X-1',
    ]);
  });
});

describe('panelOptionsSchema', () => {
  const text = { title: 'Goals options', description: 'Goals and achievements.' };

  it('titles and describes the options and allows no option it does not declare', () => {
    const schema = panelOptionsSchema(text, { showRecord: Type.Optional(Type.Boolean()) });
    expect(schema).toMatchObject({ ...text, additionalProperties: false });
    expect(Value.Check(schema, { showRecord: false })).toBe(true);
    expect(Value.Check(schema, { showRecords: false })).toBe(false);
  });

  it('takes no option at all for a kind without options', () => {
    const schema = panelOptionsSchema(text);
    expect(Value.Check(schema, {})).toBe(true);
    expect(Value.Check(schema, { units: 'imp' })).toBe(false);
  });
});

describe('StatusShareStrip', () => {
  const shares = [
    { status: 'Printing' as const, percentage: 62.5 },
    { status: 'Idle' as const, percentage: 0 },
    { status: 'Error' as const, percentage: 37.5 },
  ];

  it('stacks the shares above 0 % in their order, each as wide as its share, hidden from screen readers', () => {
    const { container } = render(<StatusShareStrip className="kind__strip" shares={shares} />);
    const strip = container.querySelector('.kind__strip');
    expect(strip?.getAttribute('aria-hidden')).toBe('true');
    const parts = [...(strip?.children ?? [])] as HTMLElement[];
    expect(parts.map((part) => part.style.width)).toEqual(['62.5%', '37.5%']);
    expect(parts.map((part) => part.getAttribute('title'))).toEqual([null, null]);
  });

  it('is an image named by its label, each share with its tooltip, when the kind gives them', () => {
    render(
      <StatusShareStrip
        className="kind__strip"
        shares={shares}
        label="Mon 16: Printing 62.50%, Error 37.50%"
        titleOf={(share) => `${share.status} ${share.percentage}%`}
      />,
    );
    const strip = screen.getByRole('img', { name: 'Mon 16: Printing 62.50%, Error 37.50%' });
    expect([...strip.children].map((part) => part.getAttribute('title'))).toEqual(['Printing 62.5%', 'Error 37.5%']);
  });
});
