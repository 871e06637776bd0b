import type { JSX, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './panel-sdk.css';
import './panel-table.css';
import './report-texts.ts';

/** A column as PanelTable draws it. */
export interface PanelTableColumn {
  key: string;
  label: string;
  /** Numbers line up on the right and do not wrap. */
  align?: 'start' | 'end';
  /** The row's header cell (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Stays on one line (a time). */
  noWrap?: boolean;
  /** Hidden while the table is under 420 px wide (a phone). */
  hideWhenNarrow?: boolean;
}

export interface PanelTableProps<Row extends { key: string }, Column extends PanelTableColumn> {
  /** Names the table (its hidden caption) and its scrollable region. */
  title: string;
  columns: readonly Column[];
  rows: readonly Row[];
  /** What a row shows in a column. */
  cell(row: Row, column: Column): ReactNode;
  /** Shown above the table, inside the scrolling region (a summary line). */
  children?: ReactNode;
}

function cellClass(column: PanelTableColumn): string | undefined {
  const classes = [
    column.align === 'end' ? 'panel-table__number' : '',
    column.noWrap === true ? 'panel-table__nowrap' : '',
    column.hideWhenNarrow === true ? 'panel-table__narrow-hidden' : '',
  ].filter((name) => name !== '');
  return classes.length === 0 ? undefined : classes.join(' ');
}

/**
 * The panels' table (the SDK's one table and stylesheet): a labelled region that scrolls inside its panel and takes the
 * keyboard focus, a hidden caption, a sticky header, numbers on the right, cells closing up on a phone.
 */
export function PanelTable<Row extends { key: string }, Column extends PanelTableColumn>({
  title,
  columns,
  rows,
  cell,
  children,
}: PanelTableProps<Row, Column>): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="panel-table" tabIndex={0} role="region" aria-label={t('report.scrollable', { title })}>
      {children}
      <table>
        <caption className="panel-hidden">{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {columns.map((column) =>
                column.rowHeader === true ? (
                  <th key={column.key} scope="row" className={cellClass(column)}>
                    {cell(row, column)}
                  </th>
                ) : (
                  <td key={column.key} className={cellClass(column)}>
                    {cell(row, column)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
