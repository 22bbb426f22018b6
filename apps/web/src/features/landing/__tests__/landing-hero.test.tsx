import { MESSAGES } from '@questfield/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingHero } from '../components/landing-hero';

describe('LandingHero', () => {
  it('shows the landing video in the player under the title, with its poster', async () => {
    render(<LandingHero />);
    expect(screen.getByRole('heading', { level: 1, name: 'Questfield' })).toBeInTheDocument();
    const video = await screen.findByLabelText('Ark of Answers video');
    expect(video).toHaveAttribute('src', '/media/landing.mp4');
    expect(video).toHaveAttribute('poster', '/media/landing-poster.jpg');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.closest('figure')).toHaveTextContent('Ark of Answers');
  });

  it("says 'Sorry... This video failed to load or does not exist anymore.' when it fails", async () => {
    render(<LandingHero />);
    const video = await screen.findByLabelText('Ark of Answers video');
    fireEvent.error(video);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(MESSAGES.videoPageFailed)).toBeInTheDocument();
    expect(within(alert).getByText(MESSAGES.videoLoadError)).toBeInTheDocument();
  });
});
