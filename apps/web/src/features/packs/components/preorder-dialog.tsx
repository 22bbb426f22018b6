import hostPackArt from '@/assets/art/host-pack.svg';
import { Art } from '@/components/ui/art';
import { typeScale } from '@/components/ui/type-scale';
import { formatUsd, priceCents } from '@questfield/contract';
import { packsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog';

/** The pre-order dialog of /hostpack: one Host Pack card priced 350 (spec §2, §9). */
export default function PreorderDialog({
  open,
  onOpenChange,
  onPreorder,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPreorder: () => void;
  /** After the dialog has closed: the opener takes the focus back (it is not a Radix trigger). */
  onClosed: () => void;
}) {
  const price = formatUsd(priceCents('host-pack', 1));
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={packsCopy.preorderDialogTitle}
      description={packsCopy.preorderDialogText}
      closeLabel={packsCopy.close}
      onClosed={onClosed}
    >
      <article
        aria-labelledby="host-pack-card-title"
        className="mt-6 flex flex-col rounded-2xl border border-accent-400/30 bg-ink-900 p-5 sm:p-6"
      >
        <Art src={hostPackArt} eager className="mx-auto -mt-2 w-full max-w-[14rem]" />
        <h3 id="host-pack-card-title" className={typeScale.card}>
          {packsCopy.hostPackCardTitle}
        </h3>
        <p className="mt-2 text-3xl font-bold text-accent-300 tabular-nums">{price}</p>
        <p className="mt-3 text-sm text-mist-300">{packsCopy.hostPackCardText}</p>
        <button
          type="button"
          aria-label={packsCopy.preorderLabel(price)}
          className={buttonStyles({ size: 'lg', className: 'mt-6 w-full' })}
          onClick={onPreorder}
        >
          {packsCopy.preorder}
        </button>
      </article>
    </DialogShell>
  );
}
