import { MESSAGES } from '@questfield/contract';
import districtArt from '@/assets/art/district.svg';
import { StatementPage } from '@/components/layout/statement-page';

/** The placeholder shared by /coming-soon and /mobile-rewards (spec §2). */
export function ComingSoon() {
  return (
    <StatementPage
      title={MESSAGES.comingSoonHeading}
      text={MESSAGES.comingSoonText}
      art={districtArt}
    />
  );
}
