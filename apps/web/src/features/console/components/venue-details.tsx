import { VENUE_DETAILS, venueSettings, type ConsoleSettings } from '@questfield/contract';
import { useId } from 'react';
import { settingsCopy } from '../copy/settings';
import { useSettingForm } from '../hooks/use-setting-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, Field, FormError, inputClass } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';

type VenueDetailsProps = {
  settings: ConsoleSettings;
  canEdit: boolean;
  onNotice: (message: string) => void;
};

/**
 * The venue's own details (ADR 0057): its name, address and contact, and its clock's hour cycle,
 * which every screen, mail and calendar file shows; the time zone is the server's VENUE_TIMEZONE,
 * shown and not changed here.
 */
export function VenueDetailsPanel({ settings, canEdit, onNotice }: VenueDetailsProps) {
  const { venue } = settings;
  return (
    <Panel heading={settingsCopy.venueHeading}>
      <p className="mt-2 text-sm text-mist-300">{settingsCopy.venueText(venue.timeZone)}</p>
      {canEdit ? (
        <VenueForm settings={settings} onNotice={onNotice} />
      ) : (
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          {settingsCopy.venueShown(venue).map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-mist-100">{term}</dt>
              <dd className="text-mist-300">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Panel>
  );
}

function VenueForm({ settings, onNotice }: Omit<VenueDetailsProps, 'canEdit'>) {
  const hoursId = useId();
  const { timeZone: _zone, ...stored } = settings.venue;
  const { form, change, onSubmit } = useSettingForm({
    schema: venueSettings,
    defaultValues: stored,
    commandOf: (values) => ({ command: 'settings venue', ...values }),
    noticeOf: (result) =>
      result.command === 'settings venue' ? settingsCopy.venueNotice(result.venue) : null,
    onNotice,
  });
  const { errors } = form.formState;

  return (
    <form noValidate className="mt-4 grid gap-4 md:grid-cols-2" onSubmit={onSubmit}>
      <Field
        label={settingsCopy.venueNameLabel}
        autoComplete="organization"
        maxLength={VENUE_DETAILS.nameLength}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={settingsCopy.venueAddressLabel}
        hint={settingsCopy.venueAddressHint}
        autoComplete="street-address"
        maxLength={VENUE_DETAILS.addressLength}
        error={errors.address?.message}
        {...form.register('address')}
      />
      <Field
        label={settingsCopy.venueEmailLabel}
        type="email"
        autoComplete="email"
        error={errors.contactEmail?.message}
        {...form.register('contactEmail')}
      />
      <Field
        label={settingsCopy.venuePhoneLabel}
        hint={settingsCopy.venuePhoneHint}
        type="tel"
        autoComplete="tel"
        maxLength={VENUE_DETAILS.phoneLength}
        error={errors.contactPhone?.message}
        {...form.register('contactPhone')}
      />
      <div>
        <label htmlFor={hoursId} className="mb-1.5 block text-sm font-semibold text-mist-100">
          {settingsCopy.venueHoursLabel}
        </label>
        <select
          id={hoursId}
          className={inputClass}
          aria-invalid={errors.hourCycle ? true : undefined}
          {...form.register('hourCycle')}
        >
          {VENUE_DETAILS.hourCycles.map((cycle) => (
            <option key={cycle} value={cycle}>
              {settingsCopy.venueHours[cycle]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-3 md:col-span-2">
        <FormError>
          {change.isError ? failureText(change.error, settingsCopy.changeFailed) : null}
        </FormError>
        <BusyButton
          type="submit"
          pending={change.isPending}
          className={buttonStyles({ variant: 'secondary', className: 'self-start' })}
        >
          {settingsCopy.venueSave}
        </BusyButton>
      </div>
    </form>
  );
}
