import { CONTACT } from '@questfield/contract';
import { CONSULTATION_SECTION_ID } from './landing-hero';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { MailIcon } from '@/components/ui/icons';
import { mailto } from '@/config/content';
import { landingCopy } from '@/features/landing/copy';

export function ConsultationCta() {
  return (
    <section
      id={CONSULTATION_SECTION_ID}
      aria-labelledby="consultation-heading"
      className="py-16 sm:py-24"
    >
      <PageContainer>
        <div className="relative overflow-hidden rounded-[2rem] border border-accent-400/30 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgb(247_181_56/0.25),transparent_70%),linear-gradient(135deg,#121b30,#0a0f1c)] px-6 py-12 sm:px-12 sm:py-16">
          <div className="max-w-2xl">
            <h2
              id="consultation-heading"
              className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
            >
              {landingCopy.consultationHeading}
            </h2>
            <p className="mt-4 text-lg text-mist-100">{landingCopy.consultationBody}</p>
            <a
              href={mailto(CONTACT.supportEmail, landingCopy.consultationSubject)}
              className={buttonStyles({ size: 'lg', className: 'mt-8' })}
            >
              <MailIcon />
              {landingCopy.consultationCta}
            </a>
          </div>
        </div>
      </PageContainer>
    </section>
  );
}
