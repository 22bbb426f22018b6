import { zodResolver } from '@hookform/resolvers/zod';
import {
  CODE_BATCH_NAME_MAX,
  issuedCodesCsv,
  OPERATOR_CODE_KINDS,
  OPERATOR_DEFAULTS,
  OPERATOR_LIMITS,
  type ApprovalRequest,
  type CodeBatchCreated,
  type OperatorCodeKind,
} from '@questfield/contract';
import { format } from 'date-fns';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateCodeBatch } from '../api/create-code-batch';
import { codesCopy } from '../copy/codes';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, Field, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText, isRefusal } from '@/lib/api-client';
import { downloadText } from '@/utils/download';

const wholeIn = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

/** The new batch as the form holds it: the command line's fields, in the console's words. */
const batchForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, codesCopy.nameNeeded)
    .max(CODE_BATCH_NAME_MAX, codesCopy.nameTooLong),
  kind: z.enum(OPERATOR_CODE_KINDS),
  count: wholeIn(OPERATOR_LIMITS.codesPerBatch, codesCopy.countRange),
  credits: wholeIn(OPERATOR_LIMITS.creditsPerCode, codesCopy.creditsRange),
  /** '' (no last day) or YYYY-MM-DD, as the date input gives it. */
  expires: z.string(),
});

/** The batch's name as a file name's part: 'Spring, 2027' → 'spring-2027'. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'batch';

/**
 * An admin's new batch: the form, then, once made, its codes offered as a CSV until the admin
 * says Done (the codes are kept nowhere else); or, when it holds more credits than a batch made
 * without approval, that it waits for a second admin (ADR 0053). When the server asks for the password and a code
 * first, the reauth dialog does, then sends the batch once more.
 */
export function CodeBatchForm() {
  const create = useCreateCodeBatch();
  // After Done, the form comes back with the focus in its first field.
  const [again, setAgain] = useState(false);
  const outcome = create.data;
  const onDone = () => {
    create.reset();
    setAgain(true);
  };
  return (
    <Panel heading={codesCopy.createHeading}>
      {outcome === undefined ? (
        <BatchFields create={create} focusFirst={again} />
      ) : outcome.outcome === 'created' ? (
        <CreatedBatch created={outcome} onDone={onDone} />
      ) : (
        <AskedBatch approval={outcome.approval} onDone={onDone} />
      )}
    </Panel>
  );
}

function BatchFields({
  create,
  focusFirst,
}: {
  create: ReturnType<typeof useCreateCodeBatch>;
  focusFirst: boolean;
}) {
  const submitRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(submitRef, codesCopy.reauthText);
  const form = useForm({
    resolver: zodResolver(batchForm),
    defaultValues: {
      name: '',
      kind: 'promo' as OperatorCodeKind,
      credits: OPERATOR_DEFAULTS.codeCredits,
      expires: '',
    },
  });
  const { errors } = form.formState;
  const nameTaken = isRefusal(create.error, 'CODE_BATCH_NAME_TAKEN');
  const dayPast = isRefusal(create.error, 'OPERATOR_DATE_PAST');
  const today = format(new Date(), 'yyyy-MM-dd');
  useEffect(() => {
    if (focusFirst) form.setFocus('name');
  }, [focusFirst, form]);

  const submit = form.handleSubmit(({ expires, ...values }) => {
    // The button keeps the focus while busy (the reauth dialog gives it back): never disabled.
    if (create.isPending) return;
    const batch = { ...values, ...(expires === '' ? {} : { expires }) };
    reauth.send((onReauth) =>
      create.mutate(batch, {
        onError: (error) => {
          onReauth(error);
          if (isRefusal(error, 'CODE_BATCH_NAME_TAKEN')) form.setFocus('name');
          if (isRefusal(error, 'OPERATOR_DATE_PAST')) form.setFocus('expires');
        },
      }),
    );
  });

  return (
    <>
      <form
        noValidate
        className="mt-4 grid max-w-4xl gap-4 md:grid-cols-2 lg:grid-cols-3"
        onSubmit={(event) => void submit(event)}
      >
        <Field
          label={codesCopy.nameLabel}
          hint={codesCopy.nameHint}
          autoComplete="off"
          maxLength={CODE_BATCH_NAME_MAX}
          className="col-span-full"
          error={errors.name?.message ?? (nameTaken ? failureText(create.error, '') : undefined)}
          {...form.register('name')}
        />
        <fieldset className="col-span-full">
          <legend className="mb-1.5 text-sm font-semibold text-mist-100">
            {codesCopy.kindLegend}
          </legend>
          <div className="flex flex-col gap-2">
            {OPERATOR_CODE_KINDS.map((kind) => (
              <label key={kind} className="inline-flex items-center gap-2 text-white">
                <input type="radio" value={kind} className="size-4" {...form.register('kind')} />
                {codesCopy.kindHints[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={codesCopy.countLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={OPERATOR_LIMITS.codesPerBatch}
          error={errors.count?.message}
          {...form.register('count', { valueAsNumber: true })}
        />
        <Field
          label={codesCopy.creditsLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={OPERATOR_LIMITS.creditsPerCode}
          error={errors.credits?.message}
          {...form.register('credits', { valueAsNumber: true })}
        />
        <Field
          label={codesCopy.lastDayLabel}
          hint={codesCopy.lastDayHint}
          type="date"
          min={today}
          error={dayPast ? codesCopy.lastDayPast : undefined}
          {...form.register('expires')}
        />
        <div className="col-span-full flex flex-col gap-3">
          <FormError>
            {create.isError && !reauth.asking && !nameTaken && !dayPast
              ? failureText(create.error, codesCopy.createFailed)
              : null}
          </FormError>
          <BusyButton
            ref={submitRef}
            type="submit"
            pending={create.isPending}
            className={buttonStyles({
              size: 'lg',
              className: 'w-full md:w-auto md:self-start',
            })}
          >
            {codesCopy.create}
          </BusyButton>
        </div>
      </form>
      {reauth.dialog}
    </>
  );
}

/** A result of the form, under a heading that takes the focus when it appears. */
function Outcome({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="mt-4 flex flex-col items-start gap-4">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-bold text-white outline-none"
      >
        {heading}
      </h3>
      {children}
    </section>
  );
}

/** The batch asked for: it waits for another admin, who receives its codes. */
function AskedBatch({ approval, onDone }: { approval: ApprovalRequest; onDone: () => void }) {
  if (approval.action.kind !== 'batch') return null;
  const { batch } = approval.action;
  return (
    <Outcome heading={codesCopy.askedHeading(batch.name)}>
      <p className="text-mist-100">{codesCopy.askedText(batch.count * batch.credits)}</p>
      <button type="button" className={buttonStyles({ variant: 'secondary' })} onClick={onDone}>
        {codesCopy.done}
      </button>
    </Outcome>
  );
}

/**
 * A made batch: its codes as a CSV to download, offered until Done; the focus comes here (the
 * form's batch, or one the admin approved).
 */
export function CreatedBatch({
  created,
  onDone,
}: {
  created: CodeBatchCreated;
  onDone: () => void;
}) {
  const { batch } = created;
  return (
    <Outcome heading={codesCopy.createdHeading(batch.name, created.codes.length)}>
      <p className="text-mist-100">{codesCopy.createdText}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles()}
          onClick={() =>
            downloadText(
              codesCopy.fileName(slugOf(batch.name)),
              `${issuedCodesCsv(created)}\n`,
              'text/csv',
            )
          }
        >
          {codesCopy.download}
        </button>
        <button type="button" className={buttonStyles({ variant: 'secondary' })} onClick={onDone}>
          {codesCopy.done}
        </button>
      </div>
    </Outcome>
  );
}
