export {
  DataTable,
  LIST_FORBIDDEN_MESSAGE,
  type DataTableProps,
  type DataTableSelection,
} from './data-table';
export { ListPager } from './list-pager';
export { ListSearch } from './list-search';
export { ServerTable } from './server-table';
export { tableColumns, type TableColumn } from './table-features';
