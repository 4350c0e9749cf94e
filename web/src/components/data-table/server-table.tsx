import type { RowData } from '@tanstack/react-table';
import type { ServerList } from '../../lib/list/server-list';
import { DataTable, type DataTableProps } from './data-table';
import { ListPager } from './list-pager';

type ListOwned = 'rows' | 'status' | 'error' | 'onReload' | 'refreshing' | 'sort' | 'onSortChange';

/**
 * A DataTable fed by useServerList, with its pager. `serverSort` lets the columns that allow it
 * ask the server for another order; without it the table sorts the page it shows.
 */
export function ServerTable<Row extends RowData>({
  list,
  serverSort = false,
  ...table
}: Omit<DataTableProps<Row>, ListOwned> & { list: ServerList<Row>; serverSort?: boolean }) {
  return (
    <>
      <DataTable
        {...table}
        rows={list.rows}
        status={list.status}
        error={list.error}
        onReload={list.reload}
        refreshing={list.refreshing}
        {...(serverSort ? { sort: list.sort, onSortChange: list.setSort } : {})}
        selection={table.selection && { ...table.selection, total: table.selection.total ?? list.total }}
      />
      {(list.status === 'ready' || list.status === 'error') && <ListPager list={list} />}
    </>
  );
}
