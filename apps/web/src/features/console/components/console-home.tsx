import type { ConsoleSession } from '@questfield/contract';
import { homeCopy } from '../copy/home';
import { TodaySection } from './today-section';
import { Panel } from '@/components/ui/panel';
import { useClockText } from '@/lib/venue-clock';

/**
 * The console once the session has passed two-factor: the venue's today first, then who is
 * signed in and the session's checks.
 */
export function ConsoleHome({ session }: { session: ConsoleSession }) {
  return (
    <div className="flex flex-col gap-6">
      <TodaySection />
      <SessionPanels session={session} />
    </div>
  );
}

function SessionPanels({ session }: { session: ConsoleSession }) {
  const clockText = useClockText();
  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <Panel heading={homeCopy.heading}>
        <p className="mt-2 text-mist-100">
          {homeCopy.signedInAs(session.username, homeCopy.roles[session.role])}
        </p>
      </Panel>
      <Panel heading={homeCopy.securityHeading}>
        <ul className="mt-2 flex flex-col gap-2 text-mist-100">
          <li>{homeCopy.securityOn}</li>
          <li>{homeCopy.recoveryLeft(session.recoveryCodesLeft)}</li>
          <li>
            {session.reauthUntil === null
              ? homeCopy.reauthStale
              : homeCopy.reauthFresh(clockText(session.reauthUntil))}
          </li>
        </ul>
      </Panel>
    </div>
  );
}
