import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExperiencesCarousel } from '../components/experiences-carousel';
import { EXPERIENCES } from '../data';
import { findDialog, renderWithRouter, waitForDialogToClose } from '@/testing/test-utils';

// The lazy dialog loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('../components/experience-detail-dialog');
}, 30_000);

const CARD = 300;
const GAP = 16;

/**
 * jsdom has no layout: three 300 px cards 16 px apart in a list 300 px wide (one card visible,
 * as on a phone), and scrollBy moving scrollLeft and sending the scroll event.
 */
function fakeLayout() {
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    const siblings = this.parentElement ? Array.from(this.parentElement.children) : [];
    return this.tagName === 'LI' ? siblings.indexOf(this) * (CARD + GAP) : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(CARD);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? 3 * CARD + 2 * GAP : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? CARD : 0;
  });
  const positions = new WeakMap<Element, number>();
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return positions.get(this) ?? 0;
  });
  const scrollBy = vi.fn(function (this: Element, options?: ScrollToOptions) {
    const max = this.scrollWidth - this.clientWidth;
    const left = Math.min(Math.max((positions.get(this) ?? 0) + (options?.left ?? 0), 0), max);
    positions.set(this, left);
    this.dispatchEvent(new Event('scroll'));
  });
  Element.prototype.scrollBy = scrollBy as unknown as Element['scrollBy'];
  return { scrollBy };
}

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollBy');
});

function renderCarousel(path = '/') {
  const onJoin = vi.fn();
  const result = renderWithRouter(<ExperiencesCarousel onJoin={onJoin} />, { path });
  return { ...result, onJoin, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('link', { name });
const arrow = (name: 'Previous experiences' | 'Next experiences') =>
  screen.getByRole('button', { name });

describe('ExperiencesCarousel', () => {
  let scrollBy: ReturnType<typeof fakeLayout>['scrollBy'];
  beforeEach(() => {
    scrollBy = fakeLayout().scrollBy;
  });

  it("lists the spec's three experiences as cards linking to their detail", async () => {
    renderCarousel();
    const list = await screen.findByRole('list', { name: 'Featured experiences' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Mariano Rivera, 2024, 2 min',
      'Georgia AIM FlyThrough, 2025, 5 min',
      'Ark of Answers, 2025, 3 min',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/?experience=mariano-rivera',
      '/?experience=georgia-aim-flythrough',
      '/?experience=ark-of-answers',
    ]);
    expect(within(links[2]!).getByRole('img')).toHaveAttribute(
      'src',
      '/media/ark-of-answers-poster.jpg',
    );
  });

  it('moves a card at a time with the arrows, each disabled at its end', async () => {
    const { user } = renderCarousel();
    await screen.findByRole('list', { name: 'Featured experiences' });
    expect(arrow('Previous experiences')).toBeDisabled();
    expect(arrow('Next experiences')).toBeEnabled();

    await user.click(arrow('Next experiences'));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: CARD + GAP, behavior: 'smooth' });
    expect(arrow('Previous experiences')).toBeEnabled();
    expect(arrow('Next experiences')).toBeEnabled();

    await user.click(arrow('Next experiences'));
    expect(arrow('Next experiences')).toBeDisabled();

    await user.click(arrow('Previous experiences'));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -(CARD + GAP), behavior: 'smooth' });
    expect(arrow('Next experiences')).toBeEnabled();
    expect(scrollBy).toHaveBeenCalledTimes(3);
  });

  it('moves with the arrow keys while the focus is in it', async () => {
    const { user } = renderCarousel();
    await screen.findByRole('list', { name: 'Featured experiences' });
    card('Mariano Rivera, 2024, 2 min').focus();
    await user.keyboard('{ArrowRight}');
    expect(card('Georgia AIM FlyThrough, 2025, 5 min')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(card('Ark of Answers, 2025, 3 min')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(card('Georgia AIM FlyThrough, 2025, 5 min')).toHaveFocus();

    // On an arrow button the keys scroll the list.
    arrow('Next experiences').focus();
    await user.keyboard('{ArrowRight}');
    expect(scrollBy).toHaveBeenLastCalledWith({ left: CARD + GAP, behavior: 'smooth' });
    await user.keyboard('{ArrowLeft}');
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -(CARD + GAP), behavior: 'smooth' });
  });

  it('opens the detail from a card, and closing it removes the parameter', async () => {
    const { user, router } = renderCarousel();
    await user.click(await screen.findByRole('link', { name: 'Ark of Answers, 2025, 3 min' }));

    const dialog = await findDialog('Ark of Answers');
    expect(router.state.location.search).toBe('?experience=ark-of-answers');
    expect(dialog).toHaveTextContent('Year: 2025');
    const video = within(dialog).getByLabelText('Ark of Answers video');
    expect(video).toHaveAttribute('src', '/media/ark-of-answers.mp4');
    expect(video).toHaveAttribute('poster', '/media/ark-of-answers-poster.jpg');
    expect(within(dialog).getByRole('button', { name: 'Join Experience' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Duration: 3 min');
    expect(dialog).toHaveTextContent('Published on May 7, 2025');
    const summary = within(dialog).getByText(/^A biblical trivia game/);
    expect(summary.textContent).toBe(EXPERIENCES[2]!.summary);
    expect(summary.textContent).toContain('crew.\nRace');
    expect(summary).toHaveClass('whitespace-pre-line');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForDialogToClose();
    expect(router.state.location.search).toBe('');
    expect(card('Ark of Answers, 2025, 3 min')).toHaveFocus();
  });

  it("'Join Experience' closes the detail and then takes the player to the booking", async () => {
    const { user, onJoin, router } = renderCarousel('/?experience=georgia-aim-flythrough');
    const dialog = await findDialog('Georgia AIM FlyThrough');
    expect(dialog).toHaveTextContent('Duration: 5 min');
    expect(dialog).toHaveTextContent('Published on Feb 14, 2025');
    expect(onJoin).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Join Experience' }));
    await waitForDialogToClose();
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('');
  });

  it('opens the detail from a deep link', async () => {
    renderCarousel('/?experience=mariano-rivera');
    const dialog = await findDialog('Mariano Rivera');
    expect(within(dialog).getByLabelText('Mariano Rivera video')).toHaveAttribute(
      'src',
      '/media/mariano-rivera.mp4',
    );
    expect(dialog).toHaveTextContent('Year: 2024');
    expect(dialog).toHaveTextContent('Duration: 2 min');
  });

  it("says 'No video path found for project ID: ' and the id for an unknown experience", async () => {
    const { user, router } = renderCarousel('/?experience=nope');
    const dialog = await findDialog('Experience not found');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^No video path found for project ID: nope$/,
    );
    expect(within(dialog).queryByRole('button', { name: 'Join Experience' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(router.state.location.search).toBe('');
  });
});
