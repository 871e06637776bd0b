import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SelectButton } from 'primereact/selectbutton';
import { describe, expect, it, vi } from 'vitest';
import { ToggleButtons } from './panel-sdk-toggle.tsx';

const PAGES = [
  { value: 'BySize', label: 'By Size' },
  { value: 'ByPrintType', label: 'By Print Type' },
  { value: 'ByHour', label: 'By Hour' },
] as const;
type Page = (typeof PAGES)[number]['value'];

function Pages({ onChange = () => undefined }: { onChange?: (page: Page) => void }) {
  const [page, setPage] = useState<Page>('ByPrintType');
  return (
    <ToggleButtons
      label="Job summary pages"
      options={PAGES}
      value={page}
      onChange={(next) => {
        onChange(next);
        setPage(next);
      }}
    />
  );
}

const focused = () => document.activeElement?.textContent;
const pressed = () => screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);

describe('ToggleButtons', () => {
  it('is a named group of buttons, the chosen one pressed', () => {
    render(<Pages />);
    const group = screen.getByRole('group', { name: 'Job summary pages' });
    expect(group.contains(screen.getByRole('button', { name: 'By Size', pressed: false }))).toBe(true);
    expect(pressed()).toEqual(['By Print Type']);
  });

  it('presses the clicked option; clicking the pressed one keeps it', async () => {
    const onChange = vi.fn();
    render(<Pages onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'By Size' }));
    expect(pressed()).toEqual(['By Size']);
    await userEvent.click(screen.getByRole('button', { name: 'By Size' }));
    expect(onChange.mock.calls).toEqual([['BySize']]);
    expect(pressed()).toEqual(['By Size']);
  });

  it('is one tab stop, the pressed button; arrows, Home and End move the focus, Enter and Space press', async () => {
    render(
      <>
        <button type="button">before</button>
        <Pages />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(focused()).toBe('By Print Type');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('By Hour');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused(), 'wraps round').toBe('By Size');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focused(), 'wraps back').toBe('By Hour');
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe('By Size');
    expect(pressed(), 'moving the focus presses nothing').toEqual(['By Print Type']);
    await userEvent.keyboard('{Enter}');
    expect(pressed()).toEqual(['By Size']);
    await userEvent.keyboard('{End}[Space]');
    expect(pressed()).toEqual(['By Hour']);
    // Leaving and coming back lands on the button last focused, the only one in the tab order.
    await userEvent.tab({ shift: true });
    expect(focused()).toBe('before');
    await userEvent.tab();
    expect(focused()).toBe('By Hour');
    expect(screen.getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(2);
  });

  it('hints an option on pointer enter and on focus, moved there by the keyboard too (onHint)', async () => {
    const onHint = vi.fn();
    render(<ToggleButtons label="Groups" options={PAGES} value="BySize" onChange={() => undefined} onHint={onHint} />);
    await userEvent.hover(screen.getByRole('button', { name: 'By Hour' }));
    expect(onHint.mock.calls).toEqual([['ByHour']]);
    onHint.mockClear();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(onHint.mock.calls).toEqual([['BySize'], ['ByPrintType']]);
  });

  it('presses none while the value is null; the first button is then the tab stop', () => {
    render(<ToggleButtons label="Groups" options={PAGES} value={null} onChange={() => undefined} />);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.getAllByRole('button').map((button) => button.tabIndex)).toEqual([0, -1, -1]);
  });

  it("wears PrimeReact's SelectButton markup: its classes on the group, the buttons and their labels", () => {
    const { container } = render(
      <>
        <SelectButton
          className="pages"
          value="ByPrintType"
          options={[...PAGES]}
          allowEmpty={false}
          aria-label="Job summary pages"
          onChange={() => undefined}
        />
        <ToggleButtons
          className="pages"
          label="Job summary pages"
          options={PAGES}
          value="ByPrintType"
          onChange={() => undefined}
        />
      </>,
    );
    const [prime, own] = [...container.querySelectorAll('.pages')];
    const classes = (root: Element | undefined) =>
      [root, ...(root?.querySelectorAll('*') ?? [])].map((element) =>
        [...(element?.classList ?? [])].filter((name) => name !== 'toggle-buttons').sort(),
      );
    expect(classes(own)).toEqual(classes(prime));
  });
});
