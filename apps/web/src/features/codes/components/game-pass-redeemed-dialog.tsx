import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { codesCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/**
 * 'Game Pass Redeemed' (spec §5): the server's line saying the credits were added, and 'Join
 * Game', which goes to /game and starts with the focus. The close button and Escape keep the
 * player on the page.
 */
export default function GamePassRedeemedDialog({
  open,
  onOpenChange,
  message,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's message: 'Code redeemed! 16 credits have been added to your account.' */
  message: string;
  /** After the dialog has closed, or left with the page: where the focus goes next. */
  onClosed: () => void;
}) {
  const navigate = useNavigate();
  const joinRef = useRef<HTMLButtonElement>(null);

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={codesCopy.gamePassRedeemedTitle}
      description={message}
      closeLabel={codesCopy.close}
      initialFocus={joinRef}
      onClosed={onClosed}
    >
      <button
        ref={joinRef}
        type="button"
        className={buttonStyles({ size: 'lg', className: 'mt-6 w-full' })}
        onClick={() => void navigate(paths.game.path)}
      >
        {codesCopy.joinGame}
        <ArrowRightIcon />
      </button>
    </DialogShell>
  );
}
