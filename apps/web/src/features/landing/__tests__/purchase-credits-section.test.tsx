import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PurchaseCreditsSection } from '../components/purchase-credits-section';
import { mockApi } from '@/testing/mock-api';
import { findDialog, renderApp, renderWithRouter } from '@/testing/test-utils';

const PACKS = [
  ['16', '$17.99', 'credits-16'],
  ['32', '$35.99', 'credits-32'],
  ['48', '$53.99', 'credits-48'],
  ['64', '$71.99', 'credits-64'],
] as const;

describe('Purchase Credits', () => {
  it('lists the four credit packs: price with $, credit count and Buy Now', () => {
    const onBuy = vi.fn();
    renderWithRouter(<PurchaseCreditsSection onBuy={onBuy} />);
    const list = screen.getByRole('list', { name: 'Credit packs' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    cards.forEach((card, index) => {
      const [credits, price] = PACKS[index]!;
      expect(within(card).getByRole('heading', { level: 3 })).toHaveAccessibleName(
        `${credits} Credits`,
      );
      expect(within(card).getByText(price)).toBeInTheDocument();
      expect(within(card).getByRole('button')).toHaveAccessibleName(
        `Buy Now: ${credits} Credits for ${price}`,
      );
    });
  });

  it('asks the route to open the purchase for a signed-in player', async () => {
    const user = userEvent.setup();
    const onBuy = vi.fn();
    renderWithRouter(<PurchaseCreditsSection onBuy={onBuy} />);
    await user.click(screen.getByRole('button', { name: /^Buy Now: 48 Credits/ }));
    expect(onBuy).toHaveBeenCalledWith('credits-48');
  });

  it('opens sign-in for a visitor, beside the login gate, without asking the API', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Purchase Credits' })
    ).closest('section')!;
    // The gate the landing route passes while signed out.
    expect(await within(section).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: /^Buy Now: 16 Credits/ }));
    expect(await findDialog('Sign in')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Purchase/ })).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });
});
