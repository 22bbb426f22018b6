import type { CodeBatchSummary } from '@questfield/contract';
import { generatePath } from 'react-router';
import { codesCopy } from '../copy/codes';
import { consolePaths } from '@/config/paths';
import type { ClockText } from '@/lib/venue-clock';

/** A venue day (YYYY-MM-DD) as a date: the same day wherever the browser is. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The batch's last day, or that it has none. */
export const lastDayText = (expires: string | null) =>
  expires === null ? codesCopy.noLastDay : dayFormat.format(new Date(`${expires}T12:00:00Z`));

/** When the batch was made (on the venue's clock, useClockText), and by whom. */
export const madeText = (batch: CodeBatchSummary, clockText: ClockText) =>
  codesCopy.made(
    clockText(batch.createdAt, 'short'),
    codesCopy.madeBy(batch.createdBy?.username ?? codesCopy.commandLine),
  );

/** The batch's page in the console. */
export const batchPath = (id: string) => generatePath(consolePaths.codeBatch, { batchId: id });
