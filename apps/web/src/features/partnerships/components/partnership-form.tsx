import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, partnershipApplyRequest } from '@questfield/contract';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useApplyMutation } from '../api/apply';
import { partnershipsCopy as copy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { Field, FormError, SubmitButton, TextareaField } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { typeScale } from '@/components/ui/type-scale';

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  companyName: '',
  companyDescription: '',
  website: '',
};

/** The one-line fields, in order (the company description follows as a text area). */
const LINE_FIELDS = [
  { name: 'name', label: 'nameLabel', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'emailLabel', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'phoneLabel', type: 'tel', autoComplete: 'tel' },
  { name: 'companyName', label: 'companyNameLabel', type: 'text', autoComplete: 'organization' },
] as const;

/** Refusals whose own text tells the applicant what to do (the hourly limit); else the spec's. */
function failureMessage(error: unknown): string {
  const limited =
    error instanceof ApiError &&
    (error.code === 'PARTNERSHIP_RATE_LIMITED' || error.code === 'RATE_LIMITED');
  return limited && error.serverMessage ? error.serverMessage : ERRORS.PARTNERSHIP_FAILED.message;
}

/**
 * Spec §4, §5: the partnership form. Five required fields checked with the contract's rules
 * before sending; idle, then submitting (spinner, values kept), then a thank-you view whose
 * button brings back an empty form. A failure keeps the values and shows the spec's alert.
 */
export function PartnershipForm() {
  const form = useForm({ resolver: zodResolver(partnershipApplyRequest), defaultValues: EMPTY });
  const apply = useApplyMutation();
  const { errors } = form.formState;
  const headingId = useId();
  const thankYouRef = useRef<HTMLHeadingElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    if (apply.isSuccess) thankYouRef.current?.focus();
  }, [apply.isSuccess]);

  useEffect(() => {
    if (apply.isIdle && reopened.current) {
      reopened.current = false;
      form.setFocus('name');
    }
  }, [apply.isIdle, form]);

  if (apply.isSuccess) {
    return (
      <section
        aria-labelledby={headingId}
        className="max-w-2xl rounded-2xl border border-white/10 bg-white/5 p-6 sm:p-8"
      >
        <h2
          id={headingId}
          ref={thankYouRef}
          tabIndex={-1}
          className="text-2xl font-bold text-white outline-none"
        >
          {copy.thankYouHeading}
        </h2>
        <p className="mt-3 text-mist-300">{copy.thankYouBody}</p>
        <button
          type="button"
          className={buttonStyles({ size: 'lg', className: 'mt-6' })}
          onClick={() => {
            form.reset(EMPTY);
            reopened.current = true;
            apply.reset();
          }}
        >
          {copy.submitAnother}
        </button>
      </section>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="max-w-2xl rounded-2xl border border-white/10 bg-white/5 p-5 sm:p-8"
    >
      <h2 id={headingId} className={typeScale.block}>
        {copy.formHeading}
      </h2>
      <p className="mt-2 text-mist-300">{copy.formIntro}</p>
      <form
        noValidate
        aria-labelledby={headingId}
        className="mt-6 flex flex-col gap-5"
        onSubmit={form.handleSubmit((values) => apply.mutate(values))}
      >
        {LINE_FIELDS.map(({ name, label, type, autoComplete }) => (
          <Field
            key={name}
            label={copy[label]}
            type={type}
            autoComplete={autoComplete}
            required
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
        <TextareaField
          label={copy.companyDescriptionLabel}
          hint={copy.companyDescriptionHint}
          required
          error={errors.companyDescription?.message}
          {...form.register('companyDescription')}
        />
        {/* The honeypot: hidden from people and assistive technology; robots fill it in. */}
        <div hidden>
          <label>
            {copy.websiteLabel}
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </label>
        </div>
        <FormError>{apply.isError ? failureMessage(apply.error) : null}</FormError>
        <SubmitButton pending={apply.isPending}>{copy.submit}</SubmitButton>
      </form>
    </section>
  );
}
