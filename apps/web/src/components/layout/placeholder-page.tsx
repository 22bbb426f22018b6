import { HeroBackdrop } from './hero-backdrop';
import { PageContainer } from './page-container';
import { PageHeader } from './page-header';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';

/**
 * A page whose feature is not built yet: its real heading, and one sentence saying what is
 * coming. `hero` pages sit under the floating header, so they draw their own backdrop.
 */
export function PlaceholderPage({
  heading,
  body,
  hero = false,
}: {
  heading: string;
  body: string;
  hero?: boolean;
}) {
  if (hero) {
    return (
      <div className="relative isolate flex min-h-[70svh] items-end overflow-hidden pt-36 pb-20 sm:pt-44">
        <HeroBackdrop />
        <PageContainer className="relative">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl">
            {heading}
          </h1>
          <PlaceholderNotice className="mt-8 max-w-2xl">{body}</PlaceholderNotice>
        </PageContainer>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={heading} />
      <PageContainer className="py-12 sm:py-16">
        <PlaceholderNotice className="max-w-2xl">{body}</PlaceholderNotice>
      </PageContainer>
    </>
  );
}
