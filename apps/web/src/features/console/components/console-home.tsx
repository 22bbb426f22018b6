import type { ConsoleSession } from '@questfield/contract';
import { format } from 'date-fns';
import { homeCopy } from '../copy/home';
import { TodaySection } from './today-section';
import { Panel } from '@/components/ui/panel';

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
              : homeCopy.reauthFresh(format(new Date(session.reauthUntil), 'HH:mm'))}
          </li>
        </ul>
      </Panel>
    </div>
  );
}
