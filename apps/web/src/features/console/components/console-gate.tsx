import type { ConsoleSession } from '@questfield/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { consoleSessionQueryOptions, useRefreshConsoleSession } from '../api/get-console-session';
import { commonCopy } from '../copy/common';
import { consoleCopy } from '../copy/console';
import { ConsoleFrame, type ConsoleAccount } from './console-frame';
import { ConsoleScreens } from './console-screens';
import { TwoFactorSetup } from './two-factor-setup';
import { TwoFactorVerify } from './two-factor-verify';
import { PageFallback } from '@/components/layout/navigation-progress';
import { RetryAlert } from '@/components/ui/retry-alert';
import { ApiError } from '@/lib/api-client';

/**
 * What a signed-in account finds at the console: a player the not-found page (`notFound`: no
 * trace of the console), an operator without two-factor its set-up, an operator whose session
 * has not passed it yet the code, and then the console.
 */
export function ConsoleGate({
  userId,
  account,
  notFound,
}: {
  userId: string;
  account: ConsoleAccount;
  notFound: ReactNode;
}) {
  const query = useQuery(consoleSessionQueryOptions(userId));
  const forbidden = query.error instanceof ApiError && query.error.code === 'FORBIDDEN';
  if (forbidden) return notFound;
  // Nothing of the console until the server says this is an operator.
  if (query.isPending) return <PageFallback />;
  return (
    <ConsoleFrame operator={query.data} account={account}>
      <ConsoleStage userId={userId} query={query} />
    </ConsoleFrame>
  );
}

function ConsoleStage({
  userId,
  query,
}: {
  userId: string;
  query: UseQueryResult<ConsoleSession>;
}) {
  const refresh = useRefreshConsoleSession(userId);
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <RetryAlert
        message={consoleCopy.loadFailed}
        retryLabel={commonCopy.retry}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const session = query.data;
  if (!session.twoFactorEnabled) return <TwoFactorSetup onDone={() => void refresh()} />;
  if (!session.twoFactorPassed) return <TwoFactorVerify userId={userId} />;
  return <ConsoleScreens session={session} />;
}
