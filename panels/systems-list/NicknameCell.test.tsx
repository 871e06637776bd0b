import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fixtureSystem } from './fixtures.ts';
import { NicknameCell } from './NicknameCell.tsx';

describe('NicknameCell', () => {
  it('puts the pencil after the nickname, on the line under the serial number', () => {
    render(
      <NicknameCell system={{ ...fixtureSystem('2-50'), systemNickName: 'Front press' }} onEditNickname={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Edit nickname: 2-50' }).parentElement?.textContent).toBe('Front press');
  });

  it('puts the pencil of a system without a nickname beside its serial number, not alone on a line (issue #25)', () => {
    const edit = vi.fn();
    render(<NicknameCell system={{ ...fixtureSystem('10-01'), systemNickName: '' }} onEditNickname={edit} />);
    const pencil = screen.getByRole('button', { name: 'Edit nickname: 10-01' });
    expect(pencil.parentElement?.textContent).toBe('10-01');
    fireEvent.click(pencil);
    expect(edit).toHaveBeenCalledWith('10-01');
  });
});
