import { CONTACT } from '@questfield/contract';
import type { LegalBlock, LegalDocument } from '../content/types';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { footerCopy, mailto, telHref } from '@/config/content';
import { legalCopy } from '@/features/legal/copy';
import { typeScale } from '@/components/ui/type-scale';

const linkClass =
  'font-medium text-accent-300 underline decoration-accent-300/40 underline-offset-4 hover:decoration-accent-300';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-accent-400">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="space-y-3">
      <li className="flex items-center gap-3">
        <MailIcon className="shrink-0 text-accent-400" />
        <span>
          {footerCopy.emailLabel}:{' '}
          <a href={mailto(CONTACT.supportEmail)} className={`${linkClass} break-all`}>
            {CONTACT.supportEmail}
          </a>
        </span>
      </li>
      <li className="flex items-center gap-3">
        <PhoneIcon className="shrink-0 text-accent-400" />
        <span>
          {footerCopy.phoneLabel}:{' '}
          <a href={telHref(CONTACT.phone)} className={linkClass}>
            {CONTACT.phone}
          </a>
        </span>
      </li>
    </ul>
  );
}

/** A legal page: title, effective date, a table of contents, and numbered sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHeader title={document.title}>
        <p>
          {legalCopy.effectiveLabel}{' '}
          <time dateTime={document.effectiveDateIso} className="font-semibold text-white">
            {document.effectiveDate}
          </time>
        </p>
      </PageHeader>

      <PageContainer className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-8 lg:self-start">
          <h2 id="legal-contents" className={typeScale.label}>
            {legalCopy.contentsLabel}
          </h2>
          <ol className="mt-4 space-y-2 border-l border-white/10 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-mist-300 hover:border-accent-400 hover:text-white"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-3xl space-y-5 text-base leading-relaxed text-mist-100 sm:text-[1.0625rem]">
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {document.sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-4 pt-6">
              <h2 id={section.id} className={typeScale.block}>
                <span className="mr-2 text-accent-400">{index + 1}.</span>
                {section.heading}
              </h2>
              {section.body.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} />
              ))}
            </section>
          ))}
          <p className="pt-6">
            <a href={`#${MAIN_CONTENT_ID}`} className={linkClass}>
              {legalCopy.backToTop}
            </a>
          </p>
        </article>
      </PageContainer>
    </>
  );
}
