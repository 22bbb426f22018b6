import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import {
  columnHeadClass,
  gutterClass,
  tableBodyClass,
  tableHeadClass,
} from '@/components/ui/table-styles';
import { cn } from '@/utils/cn';

/** A column: its name, or its name and the classes of its head cell (a width, an alignment). */
type TableColumn = string | { name: string; className?: string };

const nameOf = (column: TableColumn) => (typeof column === 'string' ? column : column.name);

/** `"Start"`: a column's name as a CSS string, for the label a stacked row's cell shows. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

/**
 * The column names as the custom properties `--column-1`, `--column-2`…, which the stacked
 * table's CSS (index.css, `.stacked-table`) shows above each cell of a row on a phone.
 */
function columnLabels(columns: readonly TableColumn[]): CSSProperties {
  return Object.fromEntries(
    columns.map((column, index) => [`--column-${index + 1}`, cssString(nameOf(column))]),
  ) as CSSProperties;
}

/**
 * A table of rows (`children`): its caption for screen readers (the page's heading says it on
 * screen), a head row naming the columns, and the rows ruled apart. With `gutter`, each column
 * keeps a space from the next, as a wide table of many columns needs. With `stacked` (the
 * console's tables), rows are dense, and below tablet width each row is a block of its cells,
 * each labelled with its column's name, so nothing scrolls sideways on a phone.
 */
export function Table({
  caption,
  columns,
  gutter = false,
  stacked = false,
  className,
  headClassName,
  children,
  ...props
}: {
  caption: ReactNode;
  columns: readonly TableColumn[];
  gutter?: boolean;
  stacked?: boolean;
  className?: string;
  headClassName?: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<'table'>, 'className' | 'children'>) {
  return (
    <table
      className={cn('w-full text-left', stacked && 'stacked-table', className)}
      style={stacked ? columnLabels(columns) : undefined}
      {...props}
    >
      <caption className="sr-only">{caption}</caption>
      <thead className={cn(tableHeadClass, headClassName)}>
        <tr>
          {columns.map((column) => {
            const { name, className: columnClass } =
              typeof column === 'string' ? { name: column, className: undefined } : column;
            return (
              <th
                key={name}
                scope="col"
                className={cn(columnHeadClass, gutter && gutterClass, columnClass)}
              >
                {name}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className={tableBodyClass}>{children}</tbody>
    </table>
  );
}
