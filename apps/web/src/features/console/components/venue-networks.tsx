import { venueLimit, venueNetwork, type ConsoleSettings } from '@questfield/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { z } from 'zod';
import { useChangeSettings } from '../api/change-settings';
import { tableText } from '../copy/common';
import { settingsCopy } from '../copy/settings';
import { useSettingForm } from '../hooks/use-setting-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, Field, FormError } from '@/components/ui/form';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { ApiError, failureText } from '@/lib/api-client';

type Props = {
  query: UseQueryResult<ConsoleSettings>;
  settings: ConsoleSettings;
  canEdit: boolean;
  onNotice: (message: string) => void;
};

/** A refusal that is about the range the admin typed (its words go under the field). */
const aboutRange = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'VENUE_NETWORK_INVALID' || error.code === 'VENUE_NETWORK_EXISTS');

/**
 * The venue networks (ADR 0025): the ranges, the limit they are raised to, and for admins the
 * forms that change them. Removing a network moves the focus to the list's heading.
 */
export function VenueNetworks({ query, settings, canEdit, onNotice }: Props) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remove = useChangeSettings();
  const removing = remove.isPending ? remove.variables : undefined;
  const { ordinaryLimits: ordinary, venueNetworks: networks } = settings;
  const removeNetwork = (range: string, name: string) => {
    if (remove.isPending) return;
    remove.mutate(
      { command: 'venues remove', range },
      {
        onSuccess: () => {
          onNotice(settingsCopy.removed(name, range));
          headingRef.current?.focus();
        },
      },
    );
  };

  return (
    <Panel heading={settingsCopy.venuesHeading}>
      <p className="mt-2 text-mist-300">{settingsCopy.venuesText}</p>
      <p className="mt-2 text-sm text-mist-300">
        {settingsCopy.ordinary(
          ordinary.signUpsPer10Minutes,
          ordinary.signUpsPerDay,
          ordinary.codesPerMinute,
        )}
      </p>
      {canEdit ? (
        <VenueLimitForm limit={settings.venueLimit} onNotice={onNotice} />
      ) : (
        <p className="mt-4 font-semibold text-white">
          {settingsCopy.venueLimitShown(settings.venueLimit)}
        </p>
      )}
      <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-bold text-white"
        >
          {settingsCopy.networksHeading}
        </h3>
        <PagedTable
          query={query}
          rowCount={networks.length}
          caption={settingsCopy.networksCaption}
          columns={
            canEdit ? settingsCopy.networksColumns : settingsCopy.networksColumns.slice(0, 2)
          }
          text={tableText({
            loading: settingsCopy.loading,
            failed: settingsCopy.failed,
            empty: settingsCopy.networksEmpty,
          })}
          minWidth="min-w-[28rem]"
        >
          {networks.map(({ name, range }) => (
            <tr key={range}>
              <th scope="row" className="py-3 pr-4 font-semibold text-white">
                {name}
              </th>
              <td className="py-3 pr-4 font-mono text-mist-100">{range}</td>
              {canEdit ? (
                <td className="py-3">
                  <BusyButton
                    type="button"
                    pending={removing?.command === 'venues remove' && removing.range === range}
                    className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                    aria-label={settingsCopy.removeLabel(name, range)}
                    onClick={() => removeNetwork(range, name)}
                  >
                    {settingsCopy.remove}
                  </BusyButton>
                </td>
              ) : null}
            </tr>
          ))}
        </PagedTable>
        {remove.isError ? (
          <div className="mt-3">
            <FormError>{failureText(remove.error, settingsCopy.changeFailed)}</FormError>
          </div>
        ) : null}
        {canEdit ? <AddNetworkForm onNotice={onNotice} /> : null}
      </section>
    </Panel>
  );
}

const venueLimitForm = z.object({ limit: venueLimit });

function VenueLimitForm({ limit, onNotice }: { limit: number; onNotice: Props['onNotice'] }) {
  const { form, change, onSubmit } = useSettingForm({
    schema: venueLimitForm,
    defaultValues: { limit },
    commandOf: (values) => ({ command: 'venues limit', limit: values.limit }),
    noticeOf: (result) =>
      result.command === 'venues limit'
        ? settingsCopy.venueLimitNotice(result.limit, result.before)
        : null,
    onNotice,
  });

  return (
    <form noValidate className="mt-5 flex flex-wrap items-start gap-3" onSubmit={onSubmit}>
      <Field
        label={settingsCopy.venueLimitLabel}
        hint={settingsCopy.venueLimitHint}
        type="number"
        inputMode="numeric"
        className="w-full sm:w-80"
        error={form.formState.errors.limit?.message}
        {...form.register('limit', { valueAsNumber: true })}
      />
      <BusyButton
        type="submit"
        pending={change.isPending}
        className={buttonStyles({ variant: 'secondary', className: 'mt-7' })}
      >
        {settingsCopy.venueLimitSave}
      </BusyButton>
      {change.isError ? (
        <div className="basis-full">
          <FormError>{failureText(change.error, settingsCopy.changeFailed)}</FormError>
        </div>
      ) : null}
    </form>
  );
}

/** A new network: the server's refusal of its range goes under the range, with the focus. */
function AddNetworkForm({ onNotice }: { onNotice: Props['onNotice'] }) {
  const { form, change, onSubmit } = useSettingForm({
    schema: venueNetwork,
    defaultValues: { name: '', range: '' },
    commandOf: (values) => ({ command: 'venues add', ...values }),
    noticeOf: (result) =>
      result.command === 'venues add' ? settingsCopy.added(result.name, result.range) : null,
    onNotice,
    onSaved: (saved) => saved.reset(),
    onFailed: (error, failed) => {
      if (!aboutRange(error)) return;
      const message = failureText(error, settingsCopy.changeFailed);
      failed.setError('range', { message }, { shouldFocus: true });
    },
  });

  return (
    <form noValidate className="mt-6 flex flex-wrap items-start gap-3" onSubmit={onSubmit}>
      <Field
        label={settingsCopy.nameLabel}
        hint={settingsCopy.nameHint}
        autoComplete="off"
        className="min-w-0 flex-1 basis-56"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={settingsCopy.rangeLabel}
        hint={settingsCopy.rangeHint}
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1 basis-72"
        error={form.formState.errors.range?.message}
        {...form.register('range')}
      />
      <BusyButton
        type="submit"
        pending={change.isPending}
        className={buttonStyles({ className: 'mt-7' })}
      >
        {settingsCopy.add}
      </BusyButton>
      {change.isError && !aboutRange(change.error) ? (
        <div className="basis-full">
          <FormError>{failureText(change.error, settingsCopy.changeFailed)}</FormError>
        </div>
      ) : null}
    </form>
  );
}
