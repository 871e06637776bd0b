import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES_ERRORS, MESSAGES_MAINTENANCE, MESSAGES_TABLE_ANSWER } from './fixtures.ts';
import { selectMessagesTable, type MessagesTableData } from './model.ts';
import { MessagesTablePanel } from './MessagesTablePanel.tsx';

describe('messages-table model', () => {
  it("moves 'Other' to the end and keeps the others' order (spec reports §5)", () => {
    const data = selectMessagesTable(MESSAGES_TABLE_ANSWER, MESSAGES_ERRORS);
    expect(data?.rows.map((row) => row.message)).toEqual(['Head temperature high', 'Ink pressure low', 'Other']);
    expect(data?.rows[1]).toEqual({
      message: 'Ink pressure low',
      codes: 'E-201, E-202',
      count: 1,
      duration: '8m 20s',
      share: '25.00%',
    });
  });

  it('is empty without rows', () => {
    const answer = { ...MESSAGES_TABLE_ANSWER, maintenanceTableData: { messageTableData: [] } };
    expect(selectMessagesTable(answer, MESSAGES_MAINTENANCE)).toBeNull();
  });
});

describe('MessagesTablePanel', () => {
  it('draws one row per message with its count, duration and share', () => {
    const data = selectMessagesTable(MESSAGES_TABLE_ANSWER, MESSAGES_MAINTENANCE) as MessagesTableData;
    render(
      <MessagesTablePanel
        options={MESSAGES_MAINTENANCE}
        data={data}
        title="Maintenance"
        systemGroup="DTG"
        width={600}
        height={260}
      />,
    );
    expect(screen.getByRole('table', { name: 'Maintenance' })).toBeDefined();
    expect(screen.getByRole('row', { name: 'Daily cleaning M-10 1 40m 66.70%' })).toBeDefined();
  });
});
