import { MESSAGES } from '@questfield/contract';
import { PageContainer } from '@/components/layout/page-container';
import { EmptyState } from '@/components/ui/empty-state';
import { ShirtIcon, TicketIcon } from '@/components/ui/icons';
import { storeCopy } from '@/features/store/copy';
import { typeScale } from '@/components/ui/type-scale';

const sections = [
  {
    id: 'store-events',
    heading: storeCopy.eventsHeading,
    empty: MESSAGES.storeEventsEmpty,
    icon: <TicketIcon />,
  },
  {
    id: 'store-merchandise',
    heading: storeCopy.merchandiseHeading,
    empty: MESSAGES.storeMerchEmpty,
    icon: <ShirtIcon />,
  },
] as const;

/** The store's two sections (spec §2); both are empty until the catalogue has items. */
export function StoreSections() {
  return (
    <PageContainer className="space-y-14 py-12 sm:py-16">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id} className={typeScale.block}>
            {section.heading}
          </h2>
          <EmptyState icon={section.icon} className="mt-6">
            {section.empty}
          </EmptyState>
        </section>
      ))}
    </PageContainer>
  );
}
