import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import {
  columnHeadClass,
  gutterClass,
  tableBodyClass,
  tableHeadClass,
} from '@/components/ui/table-styles';
import { cn } from '@/utils/cn';

/** A column: its name, or its name and the classes of its head cell (a width, an alignment). */
type TableColumn = string | { name: string; className?: string };

/**
 * A table of rows (`children`): its caption for screen readers (the page's heading says it on
 * screen), a head row naming the columns, and the rows ruled apart. With `gutter`, each column
 * keeps a space from the next, as a wide table of many columns needs.
 */
export function Table({
  caption,
  columns,
  gutter = false,
  className,
  headClassName,
  children,
  ...props
}: {
  caption: ReactNode;
  columns: readonly TableColumn[];
  gutter?: boolean;
  className?: string;
  headClassName?: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<'table'>, 'className' | 'children'>) {
  return (
    <table className={cn('w-full text-left', className)} {...props}>
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
