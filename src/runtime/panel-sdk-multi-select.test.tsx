import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MultiSelect } from 'primereact/multiselect';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChipMultiSelect as ChipMultiSelectType } from './panel-sdk-multi-select.tsx';

const COLOURS = [
  { label: 'Total', value: 'Total' },
  { label: 'black', value: 'black' },
  { label: 'cyan', value: 'cyan' },
];

/** The module afresh for each test: its loaded MultiSelect is kept for the page, and each test starts before the load. */
let ChipMultiSelect: typeof ChipMultiSelectType;
beforeEach(async () => {
  vi.resetModules();
  ({ ChipMultiSelect } = await import('./panel-sdk-multi-select.tsx'));
});

function Colours({
  first = ['Total'],
  onChange = () => undefined,
}: {
  first?: string[];
  onChange?: (v: string[]) => void;
}) {
  const [chosen, setChosen] = useState(first);
  return (
    <ChipMultiSelect
      className="picker"
      label="Colours"
      options={COLOURS}
      value={chosen}
      onChange={(value) => {
        onChange(value);
        setChosen(value);
      }}
      placeholder="Select colours"
    />
  );
}

/** Markup without PrimeReact's pass-through data attributes and generated ids, which no style reads. */
function markup(element: Element | null): string {
  const copy = element?.cloneNode(true) as Element;
  for (const node of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of node.getAttributeNames()) if (name.startsWith('data-')) node.removeAttribute(name);
    node.removeAttribute('aria-controls');
  }
  return copy.outerHTML;
}

/** An option of the open list (found with `hidden`: jsdom counts the list's entering transition as hidden). */
const findOption = (name: string) => screen.findByRole('option', { name, hidden: true });

const isPrimeReacts = () => document.querySelector('.picker')?.getAttribute('data-pc-name') === 'multiselect';

describe('ChipMultiSelect', () => {
  it.each([[['Total', 'black']], [[]]])("draws PrimeReact's closed MultiSelect until used (chosen %j)", (chosen) => {
    const { container } = render(
      <>
        <div className="prime">
          <MultiSelect
            className="picker"
            value={chosen}
            options={COLOURS}
            onChange={() => undefined}
            aria-label="Colours"
            placeholder="Select colours"
            display="chip"
            showSelectAll={false}
          />
        </div>
        <div className="own">
          <Colours first={chosen} />
        </div>
      </>,
    );
    expect(markup(container.querySelector('.own .picker'))).toBe(markup(container.querySelector('.prime .picker')));
    expect(
      screen.getAllByRole('combobox', { name: 'Colours' }).map((input) => (input as HTMLInputElement).value),
    ).toEqual(Array(2).fill(chosen.join(', ')));
  });

  it("opens PrimeReact's list at the first click, and chooses from it", async () => {
    const onChange = vi.fn();
    render(<Colours onChange={onChange} />);
    expect(isPrimeReacts()).toBe(false);
    await userEvent.click(screen.getByText('Total'));
    const black = await findOption('black');
    expect(isPrimeReacts()).toBe(true);
    expect((await findOption('Total')).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(black);
    expect(onChange).toHaveBeenLastCalledWith(['Total', 'black']);
    expect(screen.getByRole('combobox', { name: 'Colours' })).toHaveProperty('value', 'Total, black');
  });

  it('removes a chip without loading anything, by click or by Enter on its icon', async () => {
    const onChange = vi.fn();
    const { container } = render(<Colours first={['Total', 'black', 'cyan']} onChange={onChange} />);
    const icons = () => [...container.querySelectorAll('.p-multiselect-token-icon')];
    await userEvent.click(icons()[1] as Element);
    expect(onChange).toHaveBeenLastCalledWith(['Total', 'cyan']);
    (icons()[0] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['cyan']);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    expect(isPrimeReacts()).toBe(false);
  });

  it("hands the focus to PrimeReact's field, which opens from the keyboard", async () => {
    render(
      <>
        <button type="button">before</button>
        <Colours />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await waitFor(() => expect(isPrimeReacts()).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Colours' })));
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(await findOption('cyan')).toBeTruthy();
  });

  it('opens once loaded when the keyboard asked before the load', async () => {
    render(<Colours />);
    screen.getByRole('combobox', { name: 'Colours' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await findOption('black')).toBeTruthy();
    expect(isPrimeReacts()).toBe(true);
  });
});
