import { consoleCopy } from '../copy/console';
import { ConsoleStep } from './console-step';
import { buttonStyles } from '@/components/ui/button-styles';

/** The recovery codes, shown this once, with a text file of them to download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // A data: URL, so there is no object URL to revoke; `download` saves it, never opens it.
  const fileUrl = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`;

  return (
    <ConsoleStep heading={consoleCopy.recoveryHeading} takeFocus>
      <p>{consoleCopy.recoveryIntro}</p>
      <ul
        aria-label={consoleCopy.recoveryListLabel}
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border border-white/10 bg-ink-950/60 p-4 font-mono text-base text-white"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a
          href={fileUrl}
          download={consoleCopy.recoveryFileName}
          className={buttonStyles({ variant: 'secondary', className: 'sm:flex-1' })}
        >
          {consoleCopy.downloadCodes}
        </a>
        <button type="button" className={buttonStyles({ className: 'sm:flex-1' })} onClick={onDone}>
          {consoleCopy.recoveryDone}
        </button>
      </div>
    </ConsoleStep>
  );
}
