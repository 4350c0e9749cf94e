import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { DataTable } from './data-table';
import { tableColumns } from './table-features';

interface ReportRow {
  id: string;
  project: string;
  findings: number;
}

const column = tableColumns<ReportRow>();
const COLUMNS = column.columns([
  column.accessor('project', { header: 'Project', footer: 'Total', enableHiding: false }),
  column.accessor('findings', {
    header: 'Findings',
    footer: ({ table }) => table.getRowModel().rows.reduce((sum, row) => sum + row.original.findings, 0),
  }),
]);
const ROWS: ReportRow[] = [
  { id: 'a', project: 'Harbour Road', findings: 4 },
  { id: 'b', project: 'Canal Works', findings: 9 },
  { id: 'c', project: 'Bridge Lane', findings: 1 },
];

function Report({ total = 12 }: { total?: number }) {
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  return (
    <DataTable
      label="Compliance"
      columns={COLUMNS}
      rows={ROWS}
      getRowId={(row) => row.id}
      status="ready"
      emptyText="No data found"
      selection={{ selectedIds, onChange: setSelectedIds, total }}
      columnToggle
      totals
    />
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('the data table', () => {
  it("selects rows and says 'Selected N of M items' against every matching row", async () => {
    renderWithApp(<Report />);
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 0 of 12 items');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 1 of 12 items');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 3 of 12 items');
  });

  it('sorts by a column header, ascending then descending, and says so to assistive technology', async () => {
    renderWithApp(<Report />);
    const header = screen.getByRole('columnheader', { name: /Findings/ });
    await userEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      'Bridge Lane1',
      'Harbour Road4',
      'Canal Works9',
    ]);
    await userEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]!.textContent).toBe('Canal Works9');
  });

  it('adds a totals row from the columns’ footers', () => {
    renderWithApp(<Report />);
    const footer = screen.getAllByRole('rowgroup')[2]!;
    expect(within(footer).getByRole('row').textContent).toBe('Total14');
  });

  it('hides and shows a column from the Columns menu', async () => {
    renderWithApp(<Report />);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const findings = await screen.findByRole('checkbox', { name: 'Findings' });
    expect((findings as HTMLInputElement).checked).toBe(true);
    await userEvent.click(findings);
    expect(screen.queryByRole('columnheader', { name: /Findings/ })).toBeNull();
    // A column that may not be hidden is not offered.
    expect(screen.queryByRole('checkbox', { name: 'Project' })).toBeNull();
    await userEvent.click(findings);
    expect(screen.getByRole('columnheader', { name: /Findings/ })).toBeTruthy();
  });
});
