import { CONTACT, MESSAGES } from '@questfield/contract';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  PhoneIcon,
  TwitterIcon,
  YoutubeIcon,
} from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo-mark';
import { footerCopy, mailto, telHref, type SocialNetwork } from '@/config/content';
import { footerQuickLinks, paths } from '@/config/paths';
import { PageContainer } from './page-container';
import { typeScale } from '@/components/ui/type-scale';

const socialIcons: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  Instagram: InstagramIcon,
  Twitter: TwitterIcon,
  Facebook: FacebookIcon,
  Youtube: YoutubeIcon,
  LinkedIn: LinkedInIcon,
};

const linkClass = 'rounded text-mist-300 transition-colors hover:text-white';

/** The shared footer (spec §2): about, quick links, contact, social media, and the bottom bar. */
export function SiteFooter() {
  return (
    <footer className="border-t border-white/10 bg-ink-900">
      <PageContainer className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr_1fr]">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-extrabold text-white">
            <LogoMark className="size-6 text-accent-400" />
            Questfield
          </h2>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-mist-300">{footerCopy.about}</p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={typeScale.label}>
            {footerCopy.quickLinksHeading}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {footerQuickLinks.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={typeScale.label}>{footerCopy.contactHeading}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={mailto(CONTACT.supportEmail)}
                className={`${linkClass} inline-flex items-center gap-2 break-all`}
              >
                <MailIcon className="shrink-0 text-accent-400" />
                <span className="sr-only">{footerCopy.emailLabel}: </span>
                {CONTACT.supportEmail}
              </a>
            </li>
            <li>
              <a
                href={telHref(CONTACT.phone)}
                className={`${linkClass} inline-flex items-center gap-2`}
              >
                <PhoneIcon className="shrink-0 text-accent-400" />
                <span className="sr-only">{footerCopy.phoneLabel}: </span>
                {CONTACT.phone}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={typeScale.label}>{footerCopy.socialHeading}</h2>
          {/* Placeholders (spec §2): they look like links but lead nowhere, and say so. */}
          <ul className="mt-4 flex flex-wrap gap-2 lg:flex-col lg:gap-3">
            {footerCopy.social.map((network) => {
              const Icon = socialIcons[network];
              return (
                <li key={network}>
                  <span
                    role="link"
                    aria-disabled="true"
                    title={`${network} ${footerCopy.socialPlaceholderNote}`}
                    className="inline-flex cursor-not-allowed items-center gap-2 rounded-full border border-white/10 px-3 py-1.5 text-sm text-mist-300 lg:border-0 lg:p-0"
                  >
                    <Icon className="shrink-0" />
                    {network}
                    <span className="sr-only"> {footerCopy.socialPlaceholderNote}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </PageContainer>

      <div className="border-t border-white/10">
        <PageContainer className="flex flex-col gap-4 py-6 text-sm text-mist-300 sm:flex-row sm:items-center sm:justify-between">
          <p>{MESSAGES.copyright}</p>
          <nav aria-label={footerCopy.legalNavLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link to={paths.termsAndConditions.path} className={linkClass}>
                  {paths.termsAndConditions.label}
                </Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy.path} className={linkClass}>
                  {paths.privacyPolicy.label}
                </Link>
              </li>
              <li>
                <a href={mailto(CONTACT.supportEmail)} className={linkClass}>
                  {footerCopy.contactUs}
                </a>
              </li>
            </ul>
          </nav>
        </PageContainer>
      </div>
    </footer>
  );
}
