import { CATALOG, formatUsd, MESSAGES, priceCents } from '@questfield/contract';
import { packsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';

/** The quick buy of /promo: 'Play Now for $17.99' (16 credits). */
export function PlayNow({ onPlayNow }: { onPlayNow: (opener: HTMLElement) => void }) {
  const price = formatUsd(priceCents('play-now', 1));
  return (
    <div className="flex flex-col items-start gap-3">
      <button
        type="button"
        className={buttonStyles({ size: 'lg' })}
        onClick={(event) => onPlayNow(event.currentTarget)}
      >
        {MESSAGES.playNowFor(price)}
        <ArrowRightIcon />
      </button>
      <p className="text-sm text-mist-300">{packsCopy.playNowNote(CATALOG['play-now'].credits)}</p>
    </div>
  );
}
