import { cn } from '@/utils/cn';
import gamePackArt from '@/assets/art/game-pack.svg';
import lanyardsArt from '@/assets/art/lanyards.svg';
import { Art } from '@/components/ui/art';
import {
  CATALOG,
  formatUsd,
  GAME_PACK_QUANTITIES,
  gamePackDiscountPercent,
  lineIncludes,
  lineLabel,
  priceCents,
} from '@questfield/contract';
import { useId, useState } from 'react';
import { packsCopy } from '../copy';
import { Section } from '@/components/layout/section';
import { buttonStyles } from '@/components/ui/button-styles';
import { TagIcon } from '@/components/ui/icons';
import { typeScale } from '@/components/ui/type-scale';

const GAME_PACK_SECTION_ID = 'game-packs';

type Quantity = (typeof GAME_PACK_QUANTITIES)[number];

function offer(quantity: number) {
  const discount = gamePackDiscountPercent(quantity);
  return {
    price: formatUsd(priceCents('game-pack', quantity)),
    fullPrice: formatUsd(CATALOG['game-pack'].unitPriceCents * quantity),
    discount,
    saving: discount > 0 ? packsCopy.save(discount) : packsCopy.standardPrice,
  };
}

/** The note of spec §9: a 10% coupon for a future Game Pack after checkout (text only). */
function PromotionNote() {
  return (
    <aside
      aria-label={packsCopy.promotionHeading}
      className="flex items-start gap-4 rounded-2xl border border-dashed border-accent-400/40 bg-accent-400/[0.06] p-5"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-400/15 text-accent-300">
        <TagIcon />
      </span>
      <div>
        <p className={typeScale.eyebrow}>{packsCopy.promotionHeading}</p>
        <p className="mt-1 text-base text-mist-100">{packsCopy.promotionNote}</p>
      </div>
    </aside>
  );
}

/**
 * The Game Pack section of /promo: quantity x1, x25 or x50 (a radio group: Tab reaches it, the
 * arrow keys choose), the price and the discount against $39.99 × quantity, what the packs
 * bring, Buy Now, and the promotion note.
 */
export function GamePackSection({
  onBuy,
}: {
  onBuy: (quantity: number, opener: HTMLElement) => void;
}) {
  const [quantity, setQuantity] = useState<Quantity>(GAME_PACK_QUANTITIES[0]);
  const name = useId();
  const chosen = offer(quantity);
  const item = lineLabel('game-pack', quantity);

  return (
    <Section
      id={GAME_PACK_SECTION_ID}
      heading={packsCopy.gamePackHeading}
      intro={packsCopy.gamePackIntro}
      tone="raised"
    >
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold tracking-wide text-mist-300 uppercase">
            {packsCopy.quantityLegend}
          </legend>
          <div className="mt-3 grid grid-cols-3 gap-2 sm:gap-4">
            {GAME_PACK_QUANTITIES.map((option) => {
              const { price, saving } = offer(option);
              const label = packsCopy.quantityOption(option);
              return (
                <label
                  key={option}
                  className="relative flex cursor-pointer flex-col rounded-2xl border border-white/10 bg-ink-850/80 p-3 transition-colors hover:border-white/30 has-[:checked]:border-accent-400 has-[:checked]:bg-accent-400/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-300 sm:p-5"
                >
                  <input
                    type="radio"
                    name={name}
                    value={option}
                    checked={quantity === option}
                    onChange={() => setQuantity(option)}
                    aria-label={`${label}, ${price}, ${saving}`}
                    className="sr-only"
                  />
                  <span className="text-3xl font-black tracking-tight text-white tabular-nums sm:text-4xl">
                    {label}
                  </span>
                  <span className="mt-1 text-base font-bold text-accent-300 tabular-nums sm:text-xl">
                    {price}
                  </span>
                  <span className="mt-1 text-xs font-semibold text-mist-300 sm:text-sm">
                    {saving}
                  </span>
                </label>
              );
            })}
          </div>
          <h3 className={cn('mt-8', typeScale.card)}>{packsCopy.includesHeading}</h3>
          <ul className="mt-3 space-y-2 text-mist-100">
            {lineIncludes('game-pack', quantity).map((line) => (
              <li key={line} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-2 size-2 shrink-0 rounded-full bg-accent-400"
                />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <Art src={lanyardsArt} className="mt-6 w-full max-w-[18rem]" />
        </fieldset>

        <div className="flex flex-col gap-5">
          <div className="rounded-3xl border border-white/10 bg-ink-850 p-6 shadow-2xl shadow-black/40 sm:p-8">
            <Art src={gamePackArt} className="mx-auto -mt-4 mb-2 w-full max-w-[15rem]" />
            <p className="text-sm font-semibold text-mist-300">
              {packsCopy.quantityName(quantity)}
            </p>
            <p className="mt-2 text-5xl font-black tracking-tight text-white tabular-nums">
              {chosen.price}
            </p>
            <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
              {chosen.discount > 0 ? (
                <>
                  <span className="rounded-full bg-emerald-400/15 px-2.5 py-0.5 font-semibold text-emerald-200">
                    {chosen.saving}
                  </span>
                  <span className="text-mist-400">{packsCopy.instead(chosen.fullPrice)}</span>
                </>
              ) : (
                <span className="text-mist-400">{chosen.saving}</span>
              )}
            </p>
            <button
              type="button"
              aria-label={packsCopy.buyLabel(item, chosen.price)}
              className={buttonStyles({ size: 'lg', className: 'mt-6 w-full' })}
              onClick={(event) => onBuy(quantity, event.currentTarget)}
            >
              {packsCopy.buyNow}
            </button>
          </div>
          <PromotionNote />
        </div>
      </div>
    </Section>
  );
}
