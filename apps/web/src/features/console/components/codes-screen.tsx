import { CODE_STATES } from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { codeBatchesQueryOptions } from '../api/get-code-batches';
import { codesCopy } from '../copy/codes';
import { commonCopy, tableText } from '../copy/common';
import { CodeBatchForm } from './code-batch-form';
import { batchPath, lastDayText, madeText } from './code-batch-text';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { cellClass } from '@/components/ui/table-styles';
import { useClockText } from '@/lib/venue-clock';

/** A count's cell: its figures line up. */
const countCell = `${cellClass} tabular-nums`;

/**
 * The code batches, newest first, with their codes counted by state; admins make a batch here
 * (`canEdit`), staff read.
 */
export function CodesScreen({ canEdit }: { canEdit: boolean }) {
  const list = useInfiniteQuery(codeBatchesQueryOptions());
  const batches = list.data?.pages.flatMap((page) => page.batches) ?? [];
  const clockText = useClockText();
  return (
    <>
      {canEdit ? <CodeBatchForm /> : null}
      <Panel heading={codesCopy.heading}>
        <p className="mt-2 text-mist-300">{codesCopy.intro}</p>
        {canEdit ? null : <p className="mt-2 text-sm text-mist-300">{codesCopy.staffOnly}</p>}
        <PagedTable
          query={list}
          rowCount={batches.length}
          caption={codesCopy.caption}
          columns={codesCopy.columns}
          text={tableText({
            loading: codesCopy.loading,
            failed: codesCopy.failed,
            empty: codesCopy.empty,
          })}
          minWidth="min-w-[60rem]"
        >
          {batches.map((batch) => (
            <tr key={batch.id} className="align-top">
              <th scope="row" className="py-3 pr-4 text-left font-semibold">
                <Link
                  to={batchPath(batch.id)}
                  aria-label={codesCopy.batchLink(batch.name)}
                  className="text-accent-300 underline-offset-4 hover:underline"
                >
                  {batch.name}
                </Link>
                {batch.revokedAt === null ? null : (
                  <span className="block text-xs font-normal text-red-300">
                    {codesCopy.revoked}
                  </span>
                )}
              </th>
              <td className="py-3 pr-4 text-mist-100">{commonCopy.batchKinds[batch.kind]}</td>
              <td className={countCell}>{batch.credits}</td>
              <td className={countCell}>{batch.count}</td>
              {CODE_STATES.map((state) => (
                <td key={state} className={countCell}>
                  {batch.codes[state]}
                </td>
              ))}
              <td className="py-3 pr-4 whitespace-nowrap text-mist-100">
                {lastDayText(batch.expires)}
              </td>
              <td className="py-3 text-mist-300">{madeText(batch, clockText)}</td>
            </tr>
          ))}
        </PagedTable>
      </Panel>
    </>
  );
}
