import { CODE_STATES } from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { codeBatchesQueryOptions } from '../api/get-code-batches';
import { consoleCopy } from '../copy';
import { CodeBatchForm } from './code-batch-form';
import { batchPath, lastDayText, madeText } from './code-batch-text';
import { PagedTable } from './paged-table';
import { Panel } from '@/components/ui/panel';

const copy = consoleCopy.codes;

const cell = 'py-3 pr-4 text-mist-100 tabular-nums';

/**
 * The code batches, newest first, with their codes counted by state; admins make a batch here
 * (`canEdit`), staff read.
 */
export function CodesScreen({ canEdit }: { canEdit: boolean }) {
  const list = useInfiniteQuery(codeBatchesQueryOptions());
  const batches = list.data?.pages.flatMap((page) => page.batches) ?? [];
  return (
    <>
      {canEdit ? <CodeBatchForm /> : null}
      <Panel heading={copy.heading}>
        <p className="mt-2 text-mist-300">{copy.intro}</p>
        {canEdit ? null : <p className="mt-2 text-sm text-mist-300">{copy.staffOnly}</p>}
        <PagedTable
          query={list}
          rowCount={batches.length}
          caption={copy.caption}
          columns={copy.columns}
          text={{ loading: copy.loading, failed: copy.failed, empty: copy.empty }}
          minWidth="min-w-[60rem]"
        >
          {batches.map((batch) => (
            <tr key={batch.id} className="align-top">
              <th scope="row" className="py-3 pr-4 text-left font-semibold">
                <Link
                  to={batchPath(batch.id)}
                  aria-label={copy.batchLink(batch.name)}
                  className="text-accent-300 underline-offset-4 hover:underline"
                >
                  {batch.name}
                </Link>
                {batch.revokedAt === null ? null : (
                  <span className="block text-xs font-normal text-red-300">{copy.revoked}</span>
                )}
              </th>
              <td className="py-3 pr-4 text-mist-100">{copy.kinds[batch.kind]}</td>
              <td className={cell}>{batch.credits}</td>
              <td className={cell}>{batch.count}</td>
              {CODE_STATES.map((state) => (
                <td key={state} className={cell}>
                  {batch.codes[state]}
                </td>
              ))}
              <td className="py-3 pr-4 whitespace-nowrap text-mist-100">
                {lastDayText(batch.expires)}
              </td>
              <td className="py-3 text-mist-300">{madeText(batch)}</td>
            </tr>
          ))}
        </PagedTable>
      </Panel>
    </>
  );
}
