import { MESSAGES } from '@questfield/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from '../video-player';

const LABEL = 'Sample video';

/**
 * jsdom has no media playback: a fake element state (length, time, paused, muted) on the
 * <video>, play() and pause() stubbed on the prototype, and the media events sent by hand.
 */
function renderPlayer({
  duration = 90,
  playResult,
  failureNote,
}: {
  duration?: number;
  playResult?: () => Promise<void>;
  failureNote?: string;
} = {}) {
  render(
    <>
      <button type="button">Outside</button>
      <VideoPlayer
        src="/media/sample.mp4"
        poster="/media/sample-poster.svg"
        captions="/media/sample.vtt"
        label={LABEL}
        failureNote={failureNote}
      />
    </>,
  );
  const video = screen.getByLabelText(LABEL) as HTMLVideoElement;
  const fake = { paused: true, time: 0, muted: false, error: null as { code: number } | null };
  Object.defineProperties(video, {
    duration: { configurable: true, get: () => duration },
    paused: { configurable: true, get: () => fake.paused },
    ended: { configurable: true, get: () => false },
    error: { configurable: true, get: () => fake.error },
    currentTime: {
      configurable: true,
      get: () => fake.time,
      set: (value: number) => {
        fake.time = value;
      },
    },
    muted: {
      configurable: true,
      get: () => fake.muted,
      set: (value: boolean) => {
        fake.muted = value;
        video.dispatchEvent(new Event('volumechange'));
      },
    },
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (playResult) return playResult();
    fake.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    fake.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  const loadMetadata = () => fireEvent.loadedMetadata(video);
  const timeTo = (seconds: number) => {
    fake.time = seconds;
    fireEvent.timeUpdate(video);
  };
  return { user: userEvent.setup(), video, fake, play, pause, loadMetadata, timeTo };
}

const button = (name: string) => screen.getByRole('button', { name });
const slider = () => screen.getByRole('slider', { name: 'Seek' });

afterEach(() => {
  Reflect.deleteProperty(document, 'fullscreenEnabled');
});

describe('VideoPlayer', () => {
  it('shows the poster in the frame and fetches nothing until played, with captions', () => {
    const { video } = renderPlayer();
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/media/sample-poster.svg');
    expect(video).toHaveAttribute('src', '/media/sample.mp4');
    expect(video).not.toHaveAttribute('controls');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/media/sample.vtt');
    const controls = screen.getByRole('group', { name: 'Video controls' });
    expect(
      within(controls)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play', 'Rewind 10 seconds', 'Forward 10 seconds', 'Mute']);
    expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:00');
    expect(slider()).toHaveAttribute('aria-disabled', 'true');
  });

  it('plays and pauses, the button saying what it will do', async () => {
    const { user, play, pause } = renderPlayer();
    await user.click(button('Play'));
    expect(play).toHaveBeenCalledTimes(1);
    expect(button('Pause')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    await user.click(button('Pause'));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(button('Play')).toBeInTheDocument();
  });

  it('seeks to the point of the progress bar that is clicked, and shows the time', async () => {
    const { user, fake, loadMetadata } = renderPlayer({ duration: 90 });
    await user.click(button('Play'));
    loadMetadata();
    vi.spyOn(slider(), 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 0, 400, 24));
    fireEvent.pointerDown(slider(), { clientX: 300, pointerId: 1 });
    expect(fake.time).toBe(45);
    expect(slider()).toHaveAttribute('aria-valuenow', '45');
    expect(slider()).toHaveAttribute('aria-valuetext', '0:45 of 1:30');
    expect(screen.getByText('0:45')).toBeInTheDocument();
    expect(screen.getByText('1:30')).toBeInTheDocument();
    fireEvent.pointerDown(slider(), { clientX: 190, pointerId: 1 });
    expect(fake.time).toBeCloseTo(20.25, 5);
    // Beyond the bar's ends: the start and the end, never outside.
    fireEvent.pointerDown(slider(), { clientX: 900, pointerId: 1 });
    expect(fake.time).toBe(90);
    fireEvent.pointerDown(slider(), { clientX: 0, pointerId: 1 });
    expect(fake.time).toBe(0);
  });

  it('steps 10 s back and forward, kept between 0 and the length', async () => {
    const { user, fake, loadMetadata, timeTo } = renderPlayer({ duration: 90 });
    await user.click(button('Play'));
    loadMetadata();
    timeTo(40);
    await user.click(button('Forward 10 seconds'));
    expect(fake.time).toBe(50);
    await user.click(button('Rewind 10 seconds'));
    expect(fake.time).toBe(40);
    timeTo(5);
    await user.click(button('Rewind 10 seconds'));
    expect(fake.time).toBe(0);
    timeTo(85);
    await user.click(button('Forward 10 seconds'));
    expect(fake.time).toBe(90);
    expect(slider()).toHaveAttribute('aria-valuetext', '1:30 of 1:30');
  });

  it('mutes and unmutes', async () => {
    const { user, video } = renderPlayer();
    await user.click(button('Mute'));
    expect(video.muted).toBe(true);
    expect(button('Unmute')).toBeInTheDocument();
    await user.click(button('Unmute'));
    expect(video.muted).toBe(false);
    expect(button('Mute')).toBeInTheDocument();
  });

  it('goes back to the start, paused, at the end', async () => {
    const { user, video, fake, pause, loadMetadata, timeTo } = renderPlayer({ duration: 90 });
    await user.click(button('Play'));
    loadMetadata();
    timeTo(90);
    fireEvent.ended(video);
    expect(pause).toHaveBeenCalled();
    expect(fake.paused).toBe(true);
    expect(fake.time).toBe(0);
    expect(button('Play')).toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 1:30');
  });

  it("says 'Error loading video' over the poster when the file cannot be loaded", async () => {
    const { user, video } = renderPlayer({ failureNote: MESSAGES.videoPageFailed });
    await user.click(button('Play'));
    fireEvent.error(video);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${MESSAGES.videoLoadError}${MESSAGES.videoPageFailed}`);
    expect(alert.querySelector('img')).toHaveAttribute('src', '/media/sample-poster.svg');
    expect(screen.queryByRole('group', { name: 'Video controls' })).not.toBeInTheDocument();
  });

  it("says 'Error playing video' when the browser refuses to play", async () => {
    const { user } = renderPlayer({
      playResult: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
    });
    await user.click(button('Play'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.videoPlayError);
    expect(screen.getByRole('alert')).not.toHaveTextContent(MESSAGES.videoLoadError);
  });

  it("says 'Error playing video' on a decode error while playing", async () => {
    const { user, video, fake, loadMetadata } = renderPlayer();
    await user.click(button('Play'));
    loadMetadata();
    fake.error = { code: 3 };
    fireEvent.error(video);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.videoPlayError);
  });

  it('is a keyboard slider: arrows step 10 s, Home and End go to the ends', async () => {
    const { user, fake, loadMetadata, timeTo } = renderPlayer({ duration: 90 });
    await user.click(button('Play'));
    loadMetadata();
    timeTo(12);
    expect(slider()).toHaveAttribute('aria-valuetext', '0:12 of 1:30');
    slider().focus();
    await user.keyboard('{ArrowRight}');
    expect(fake.time).toBe(22);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(fake.time).toBe(2);
    await user.keyboard('{End}');
    expect(fake.time).toBe(90);
    await user.keyboard('{Home}');
    expect(fake.time).toBe(0);
  });

  it('toggles play with Space and K only while the focus is inside the player', async () => {
    const { user, play, pause } = renderPlayer();
    button('Outside').focus();
    await user.keyboard(' k');
    expect(play).not.toHaveBeenCalled();
    slider().focus();
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    await user.keyboard('k');
    expect(pause).toHaveBeenCalledTimes(1);
    // On a button, Space presses that button.
    button('Mute').focus();
    await user.keyboard(' ');
    expect(button('Unmute')).toBeInTheDocument();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('puts the frame full screen where the browser can', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    const request = vi.fn(function (this: HTMLElement) {
      return Promise.resolve();
    });
    HTMLElement.prototype.requestFullscreen = request;
    try {
      const { user, video } = renderPlayer();
      await user.click(button('Full screen'));
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.contexts[0]).toContainElement(video);
      expect(request.mock.contexts[0]).toContainElement(button('Full screen'));
      await act(async () => {
        Object.defineProperty(document, 'fullscreenElement', {
          configurable: true,
          value: request.mock.contexts[0],
        });
        document.dispatchEvent(new Event('fullscreenchange'));
      });
      expect(button('Exit full screen')).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
      Reflect.deleteProperty(document, 'fullscreenElement');
    }
  });
});
