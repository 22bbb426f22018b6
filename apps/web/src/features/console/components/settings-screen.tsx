import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCEL_CUTOFF,
  cancelCutoffCommand,
  MONEY_LIMITS,
  moneyLimits,
  OPERATOR_LIMITS,
  staffCreditLimitCommand,
  WAITLIST,
  waitlistHoldCommand,
  NO_SHOW,
  noShowGraceCommand,
  type ConsoleSettings,
  type MoneyLimits,
  type MoneySettingsCommand,
  type OperatorResult,
} from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { useChangeSettings } from '../api/change-settings';
import { useChangeMoneySettings } from '../api/change-money-settings';
import { settingsQueryOptions } from '../api/get-settings';
import { commonCopy } from '../copy/common';
import { settingsCopy } from '../copy/settings';
import { useReauthRetry } from './reauth-dialog';
import { VenueDetailsPanel } from './venue-details';
import { VenueNetworks } from './venue-networks';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, Field, FormError, Spinner } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { StatusNotice } from '@/components/ui/status-notice';
import { consolePaths } from '@/config/paths';
import { failureText } from '@/lib/api-client';

type SettingProps = {
  settings: ConsoleSettings;
  canEdit: boolean;
  onNotice: (message: string) => void;
};

/** The console's settings: everyone reads them, admins change them. */
export function SettingsScreen({ canEdit }: { canEdit: boolean }) {
  const query = useQuery(settingsQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const props = { canEdit, onNotice: setNotice };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-mist-300">
        {settingsCopy.everywhere} {canEdit ? null : settingsCopy.staffOnly}
      </p>
      {query.isPending ? (
        <p role="status" className="text-mist-300">
          {settingsCopy.loading}
        </p>
      ) : null}
      {query.isError ? (
        <RetryAlert
          message={settingsCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isSuccess ? (
        <>
          <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
            <MultiplayerPanel settings={query.data} {...props} />
            <SchedulePanel />
            <StaffLimitPanel settings={query.data} {...props} />
            <MoneyLimitsPanel settings={query.data} {...props} />
            <MinutesSettingPanel
              setting={CANCEL_CUTOFF_SETTING}
              minutes={query.data.cancelCutoffMinutes}
              {...props}
            />
            <MinutesSettingPanel
              setting={WAITLIST_HOLD_SETTING}
              minutes={query.data.waitlistHoldMinutes}
              {...props}
            />
            <MinutesSettingPanel
              setting={NO_SHOW_GRACE_SETTING}
              minutes={query.data.noShowGraceMinutes}
              {...props}
            />
          </div>
          <VenueDetailsPanel settings={query.data} {...props} />
          <VenueNetworks query={query} settings={query.data} {...props} />
        </>
      ) : null}
      <StatusNotice
        message={notice}
        dismissLabel={settingsCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </div>
  );
}

/**
 * The switch (Radix): it shows the state asked for while the change is on its way, and keeps the
 * focus throughout (a second press meanwhile does nothing).
 */
function MultiplayerPanel({ settings, canEdit, onNotice }: SettingProps) {
  const switchId = useId();
  const textId = useId();
  const change = useChangeSettings();
  const asked = change.isPending ? change.variables : undefined;
  const on = asked?.command === 'multiplayer' ? asked.state === 'on' : settings.multiplayer;
  const flip = (checked: boolean) => {
    if (change.isPending) return;
    change.mutate(
      { command: 'multiplayer', state: checked ? 'on' : 'off' },
      { onSuccess: () => onNotice(settingsCopy.multiplayerNotice(checked)) },
    );
  };

  return (
    <Panel heading={settingsCopy.multiplayerHeading}>
      <p id={textId} className="mt-2 text-sm text-mist-300">
        {settingsCopy.multiplayerText}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Switch.Root
          id={switchId}
          checked={on}
          disabled={!canEdit}
          onCheckedChange={flip}
          aria-describedby={textId}
          aria-busy={change.isPending}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-white/25 bg-white/10 transition-colors data-[state=checked]:border-accent-400 data-[state=checked]:bg-accent-400 disabled:opacity-60"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-ink-950" />
        </Switch.Root>
        <label htmlFor={switchId} className="font-semibold text-white">
          {settingsCopy.multiplayerLabel}
        </label>
        <span className="text-mist-300">{on ? settingsCopy.on : settingsCopy.off}</span>
        {change.isPending ? <Spinner className="text-mist-300" /> : null}
      </div>
      {change.isError ? (
        <div className="mt-3">
          <FormError>{failureText(change.error, settingsCopy.changeFailed)}</FormError>
        </div>
      ) : null}
    </Panel>
  );
}

function SchedulePanel() {
  return (
    <Panel heading={settingsCopy.scheduleHeading}>
      <p className="mt-2 text-sm text-mist-300">{settingsCopy.scheduleText}</p>
      <Link
        to={consolePaths.week}
        className={buttonStyles({ variant: 'secondary', className: 'mt-4' })}
      >
        {settingsCopy.scheduleLink}
      </Link>
    </Panel>
  );
}

const staffLimitForm = z.object({ limit: staffCreditLimitCommand.shape.limit });

/**
 * The staff grant limit; an admin's change asks for the password and a code first when the last
 * check is over 15 minutes old (the reauth dialog), then is sent once more.
 */
function StaffLimitPanel({ settings, canEdit, onNotice }: SettingProps) {
  const text = settingsCopy.staffLimitText(
    settings.staffCreditLimit,
    OPERATOR_LIMITS.creditsPerGrant,
  );
  return (
    <Panel heading={settingsCopy.staffLimitHeading}>
      <p className="mt-2 text-sm text-mist-300">{text}</p>
      {canEdit ? <StaffLimitForm limit={settings.staffCreditLimit} onNotice={onNotice} /> : null}
    </Panel>
  );
}

/** A money setting's numbers, by field name. */
type MoneyValues = Record<string, number>;
/** A money setting's number field: its name in the form, its label and bounds. */
type MoneyField = { name: string; label: string; min: number; max: number };

/**
 * A money setting's form (the staff limit, the money limits): its numbers checked with the
 * contract's schema, sent as `commandOf(values)` on the money settings' route after the password
 * and a code when the server asks (the reauth dialog gives the focus back to Save), and the
 * notice `noticeOf` makes of the answer.
 */
function MoneySettingForm({
  schema,
  values,
  fields,
  save,
  commandOf,
  noticeOf,
  onNotice,
}: {
  schema: z.ZodType<MoneyValues, MoneyValues>;
  values: MoneyValues;
  fields: MoneyField[];
  save: string;
  commandOf: (values: MoneyValues) => MoneySettingsCommand;
  noticeOf: (result: OperatorResult) => string | null;
  onNotice: SettingProps['onNotice'];
}) {
  const saveRef = useRef<HTMLButtonElement>(null);
  const change = useChangeMoneySettings();
  const reauth = useReauthRetry(saveRef, settingsCopy.staffLimitReauth);
  const form = useForm<MoneyValues>({ resolver: zodResolver(schema), defaultValues: values });
  const submit = form.handleSubmit((asked) => {
    // The button keeps the focus while busy (the dialog gives it back), so it is never disabled.
    if (change.isPending) return;
    reauth.send((onError) =>
      change.mutate(commandOf(asked), {
        onSuccess: (result) => {
          const notice = noticeOf(result);
          if (notice !== null) onNotice(notice);
        },
        onError,
      }),
    );
  });

  // The dialog stays outside the form: its own form's submit would reach this one.
  return (
    <>
      <form
        noValidate
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => void submit(event)}
      >
        {fields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            className="max-w-xs"
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            error={form.formState.errors[field.name]?.message}
            {...form.register(field.name, { valueAsNumber: true })}
          />
        ))}
        <FormError>
          {change.isError && !reauth.asking
            ? failureText(change.error, settingsCopy.changeFailed)
            : null}
        </FormError>
        <BusyButton
          ref={saveRef}
          type="submit"
          pending={change.isPending}
          className={buttonStyles({ variant: 'secondary', className: 'self-start' })}
        >
          {save}
        </BusyButton>
      </form>
      {reauth.dialog}
    </>
  );
}

function StaffLimitForm({
  limit,
  onNotice,
}: {
  limit: number;
  onNotice: SettingProps['onNotice'];
}) {
  return (
    <MoneySettingForm
      schema={staffLimitForm}
      values={{ limit }}
      fields={[
        {
          name: 'limit',
          label: settingsCopy.staffLimitLabel,
          min: 1,
          max: OPERATOR_LIMITS.creditsPerGrant,
        },
      ]}
      save={settingsCopy.staffLimitSave}
      commandOf={(values) => ({
        command: 'settings staff-credit-limit',
        limit: Number(values.limit),
      })}
      noticeOf={(result) =>
        result.command === 'settings staff-credit-limit'
          ? settingsCopy.staffLimitNotice(result.limit, result.before)
          : null
      }
      onNotice={onNotice}
    />
  );
}

const MONEY_FIELDS = Object.keys(MONEY_LIMITS.defaults) as (keyof MoneyLimits)[];

/**
 * What the console may move in a venue day: each staff member's credits, a batch's codes, the
 * day's code credits, and where a second admin's approval starts. Admins change them at once,
 * after the password and a code again.
 */
function MoneyLimitsPanel({ settings, canEdit, onNotice }: SettingProps) {
  return (
    <Panel heading={settingsCopy.moneyLimitsHeading}>
      <p className="mt-2 text-sm text-mist-300">
        {settingsCopy.moneyLimitsText(settings.moneyLimits)}
      </p>
      {canEdit ? <MoneyLimitsForm limits={settings.moneyLimits} onNotice={onNotice} /> : null}
    </Panel>
  );
}

function MoneyLimitsForm({
  limits,
  onNotice,
}: {
  limits: MoneyLimits;
  onNotice: SettingProps['onNotice'];
}) {
  return (
    <MoneySettingForm
      schema={moneyLimits}
      values={limits}
      fields={MONEY_FIELDS.map((name) => ({
        name,
        label: settingsCopy.moneyLimitLabels[name],
        min: 0,
        max: MONEY_LIMITS.max[name],
      }))}
      save={settingsCopy.moneyLimitsSave}
      commandOf={(values) => ({ command: 'settings money-limits', ...values })}
      noticeOf={(result) =>
        result.command === 'settings money-limits'
          ? settingsCopy.moneyLimitsNotice(result.limits)
          : null
      }
      onNotice={onNotice}
    />
  );
}

/** A setting of minutes: what it means, and for admins a form to change it. */
type MinutesSetting = {
  command: 'settings cancel-cutoff' | 'settings waitlist-hold' | 'settings no-show-grace';
  form: z.ZodType<{ minutes: number }, { minutes: number }>;
  min: number;
  max: number;
  heading: string;
  text: (minutes: number) => string;
  label: string;
  save: string;
  notice: (minutes: number, before: number) => string;
};

/** How long before a game players may still cancel their seat (ADR 0029). */
const CANCEL_CUTOFF_SETTING: MinutesSetting = {
  command: 'settings cancel-cutoff',
  form: z.object({ minutes: cancelCutoffCommand.shape.minutes }),
  min: 0,
  max: CANCEL_CUTOFF.maxMinutes,
  heading: settingsCopy.cancelCutoffHeading,
  text: settingsCopy.cancelCutoffText,
  label: settingsCopy.cancelCutoffLabel,
  save: settingsCopy.cancelCutoffSave,
  notice: settingsCopy.cancelCutoffNotice,
};

/** How long a seat offered from a waitlist is held for its player (ADR 0034). */
const WAITLIST_HOLD_SETTING: MinutesSetting = {
  command: 'settings waitlist-hold',
  form: z.object({ minutes: waitlistHoldCommand.shape.minutes }),
  min: WAITLIST.holdMinMinutes,
  max: WAITLIST.holdMaxMinutes,
  heading: settingsCopy.waitlistHoldHeading,
  text: settingsCopy.waitlistHoldText,
  label: settingsCopy.waitlistHoldLabel,
  save: settingsCopy.waitlistHoldSave,
  notice: settingsCopy.waitlistHoldNotice,
};

/** How long after a game's start a seat without a join is a no-show (ADR 0059). */
const NO_SHOW_GRACE_SETTING: MinutesSetting = {
  command: 'settings no-show-grace',
  form: z.object({ minutes: noShowGraceCommand.shape.minutes }),
  min: NO_SHOW.graceMinMinutes,
  max: NO_SHOW.graceMaxMinutes,
  heading: settingsCopy.noShowGraceHeading,
  text: settingsCopy.noShowGraceText,
  label: settingsCopy.noShowGraceLabel,
  save: settingsCopy.noShowGraceSave,
  notice: settingsCopy.noShowGraceNotice,
};

function MinutesSettingPanel({
  setting,
  minutes,
  canEdit,
  onNotice,
}: Omit<SettingProps, 'settings'> & { setting: MinutesSetting; minutes: number }) {
  return (
    <Panel heading={setting.heading}>
      <p className="mt-2 text-sm text-mist-300">{setting.text(minutes)}</p>
      {canEdit ? <MinutesForm setting={setting} minutes={minutes} onNotice={onNotice} /> : null}
    </Panel>
  );
}

function MinutesForm({
  setting,
  minutes,
  onNotice,
}: {
  setting: MinutesSetting;
  minutes: number;
  onNotice: SettingProps['onNotice'];
}) {
  const change = useChangeSettings();
  const form = useForm({ resolver: zodResolver(setting.form), defaultValues: { minutes } });
  const submit = form.handleSubmit((values) => {
    // The button keeps the focus while busy, so it is never disabled.
    if (change.isPending) return;
    change.mutate(
      { command: setting.command, minutes: values.minutes },
      {
        onSuccess: (result) => {
          if (result.command === setting.command && 'minutes' in result) {
            onNotice(setting.notice(result.minutes, result.before));
          }
        },
      },
    );
  });

  return (
    <form noValidate className="mt-4 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <Field
        label={setting.label}
        className="max-w-xs"
        type="number"
        inputMode="numeric"
        min={setting.min}
        max={setting.max}
        error={form.formState.errors.minutes?.message}
        {...form.register('minutes', { valueAsNumber: true })}
      />
      <FormError>
        {change.isError ? failureText(change.error, settingsCopy.changeFailed) : null}
      </FormError>
      <BusyButton
        type="submit"
        pending={change.isPending}
        className={buttonStyles({ variant: 'secondary', className: 'self-start' })}
      >
        {setting.save}
      </BusyButton>
    </form>
  );
}
