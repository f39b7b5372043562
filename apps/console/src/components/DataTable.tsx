import { flexRender, type Table } from '@tanstack/react-table';

/**
 * The console's table markup over a @tanstack/react-table instance: column headers with scope, and a
 * `data-label` per cell so the phone-width stylesheet can show each cell with its column's name.
 */
export function DataTable<Row>({
  table,
  loading,
  describedBy,
  className,
}: {
  table: Table<Row>;
  loading: boolean;
  describedBy?: string;
  /** A page's own layout of the table (column widths, wrapping). */
  className?: string;
}) {
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'}>
      <table aria-busy={loading} aria-describedby={describedBy}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
