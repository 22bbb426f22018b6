import { inviteLink } from '@questfield/contract';
import { useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { QrCode } from '@/components/ui/qr-code';
import { inviteCopy } from '@/config/content';
import { useBrowserValue } from '@/hooks/use-browser-value';

const canShare = () => typeof navigator.share === 'function';

/**
 * One open seat's invite (ADR 0065), for its leader to pass on: the link (its token in the
 * fragment, which no server, log or Referer sees), Copy, Share where the browser has a share
 * sheet, and the link's QR code to scan from this screen. `seat` names the seat in every label
 * ('guest seat 2'), `when` the game in the shared text.
 */
export function InviteLink({ token, seat, when }: { token: string; seat: string; when: string }) {
  const link = inviteLink(window.location.origin, token);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const shareable = useBrowserValue(canShare, false);
  const inputId = useId();

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: inviteCopy.shareTitle,
        text: inviteCopy.shareText(when),
        url: link,
      });
    } catch {
      // Closing the share sheet rejects too: the link stays on screen to copy.
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <QrCode text={link} label={inviteCopy.qrLabel(seat)} className="size-32" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={inputId} className="text-sm text-mist-300">
          {inviteCopy.linkLabel(seat)}
        </label>
        <input
          id={inputId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 w-full min-w-0 rounded-lg border border-white/15 bg-ink-950/60 px-3 font-mono text-xs text-white"
        />
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-label={inviteCopy.copyLabel(seat)}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            onClick={() => void copyLink()}
          >
            {inviteCopy.copy}
          </button>
          {shareable ? (
            <button
              type="button"
              aria-label={inviteCopy.shareLabel(seat)}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              onClick={() => void share()}
            >
              {inviteCopy.share}
            </button>
          ) : null}
          <span role="status" className="text-sm font-semibold text-emerald-300">
            {copy === 'copied' ? inviteCopy.copied : ''}
          </span>
        </div>
        {copy === 'failed' ? (
          <p role="alert" className="text-sm text-red-300">
            {inviteCopy.copyFailed}
          </p>
        ) : null}
      </div>
    </div>
  );
}
