import { CONTACT } from '@questfield/contract';
import { CONSULTATION_SECTION_ID } from './landing-hero';
import { Section } from '@/components/layout/section';
import { buttonStyles } from '@/components/ui/button-styles';
import { MailIcon } from '@/components/ui/icons';
import { mailto } from '@/config/content';
import { landingCopy } from '@/features/landing/copy';

/** The consultation call to action: contact by email (spec §2). */
export function ConsultationCta() {
  return (
    <Section
      id={CONSULTATION_SECTION_ID}
      heading={landingCopy.consultationHeading}
      intro={landingCopy.consultationBody}
      tone="highlight"
    >
      <a
        href={mailto(CONTACT.supportEmail, landingCopy.consultationSubject)}
        className={buttonStyles({ size: 'lg', className: 'mt-8' })}
      >
        <MailIcon />
        {landingCopy.consultationCta}
      </a>
    </Section>
  );
}
