import type { ConsoleSession } from '@questfield/contract';
import { format } from 'date-fns';
import { consoleCopy } from '../copy';
import { Panel } from '@/components/ui/panel';

/** The console once the session has passed two-factor: who is signed in, and its checks. */
export function ConsoleHome({ session }: { session: ConsoleSession }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <Panel heading={consoleCopy.homeHeading}>
        <p className="mt-2 text-mist-100">
          {consoleCopy.signedInAs(session.username, consoleCopy.roles[session.role])}
        </p>
      </Panel>
      <Panel heading={consoleCopy.securityHeading}>
        <ul className="mt-2 flex flex-col gap-2 text-mist-100">
          <li>{consoleCopy.securityOn}</li>
          <li>{consoleCopy.recoveryLeft(session.recoveryCodesLeft)}</li>
          <li>
            {session.reauthUntil === null
              ? consoleCopy.reauthStale
              : consoleCopy.reauthFresh(format(new Date(session.reauthUntil), 'HH:mm'))}
          </li>
        </ul>
      </Panel>
    </div>
  );
}
