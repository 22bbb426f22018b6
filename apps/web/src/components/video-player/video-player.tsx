import { MESSAGES } from '@questfield/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FRAME_CLASS, PICTURE_CLASS } from './frame-styles';
import { useMediaState } from './use-media-state';
import { VideoControls } from './video-controls';
import { PlayIcon } from './player-icons';
import { cn } from '@/utils/cn';
import { useBrowserValue } from '@/hooks/use-browser-value';

export type VideoPlayerProps = {
  src: string;
  poster: string;
  /** A WebVTT captions file. */
  captions: string;
  /** The accessible name of the video ('Game Pack promo video'). */
  label: string;
  /** Said under the error text when the video fails (the landing page's own fallback text). */
  failureNote?: string;
  className?: string;
};

const fullscreenSupported = () =>
  typeof document !== 'undefined' &&
  document.fullscreenEnabled === true &&
  typeof HTMLElement.prototype.requestFullscreen === 'function';

/**
 * The one video player (spec "Video player"): the poster in a 16:9 frame until played (the file
 * is fetched only then), our own controls under the picture, captions, full screen on the frame.
 * Space or K toggles play while the focus is inside the player. The end goes back to the start,
 * paused. A file that cannot be loaded shows 'Error loading video'; a refused play or a decode
 * error while playing, 'Error playing video'.
 */
export function VideoPlayer({
  src,
  poster,
  captions,
  label,
  failureNote,
  className,
}: VideoPlayerProps) {
  const { videoRef, state, handlers, togglePlay, skip, seek, toggleMute } = useMediaState();
  const frameRef = useRef<HTMLDivElement>(null);
  const canFullscreen = useBrowserValue(fullscreenSupported, false);
  const [fullscreenActive, setFullscreenActive] = useState(false);

  useEffect(() => {
    if (!canFullscreen) return;
    const onChange = () => setFullscreenActive(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [canFullscreen]);

  const toggleFullscreen = () => {
    const frame = frameRef.current;
    if (!frame) return;
    const request =
      document.fullscreenElement === frame ? document.exitFullscreen() : frame.requestFullscreen();
    // A refusal (no user gesture, a frame without permission) leaves the player as it was.
    request?.catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = event.target instanceof HTMLButtonElement;
    const toggles = event.key === 'k' || event.key === 'K' || (event.key === ' ' && !onButton);
    if (!toggles || state.failure) return;
    event.preventDefault();
    togglePlay();
  };

  const failureText =
    state.failure === 'load'
      ? MESSAGES.videoLoadError
      : state.failure === 'play'
        ? MESSAGES.videoPlayError
        : null;

  return (
    // The keys only act while the focus is on the player's own controls.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={frameRef}
      onKeyDown={onKeyDown}
      className={cn(FRAME_CLASS, fullscreenActive && 'h-full rounded-none border-0', className)}
    >
      <div className={cn(PICTURE_CLASS, fullscreenActive && 'aspect-auto min-h-0 flex-1')}>
        {/* A click on the picture plays or pauses, as in every player; the keyboard has the
            controls' Play button, Space and K. */}
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-contain"
          src={src}
          poster={poster}
          aria-label={label}
          playsInline
          preload="none"
          onClick={state.failure ? undefined : togglePlay}
          {...handlers}
        >
          <track kind="captions" src={captions} srcLang="en" label="English" />
        </video>
        {!state.started && !state.failure ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 inline-flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-accent-300 bg-ink-950/60 text-accent-300 sm:size-20"
          >
            <PlayIcon width={32} height={32} />
          </span>
        ) : null}
        {failureText ? (
          <div role="alert" className="absolute inset-0 flex items-center justify-center p-4">
            <img
              src={poster}
              alt=""
              className="absolute inset-0 size-full object-cover opacity-40"
            />
            <div className="relative max-w-sm rounded-xl bg-ink-950/85 px-4 py-3 text-center">
              <p className="text-base font-semibold text-mist-50">{failureText}</p>
              {failureNote ? <p className="mt-1 text-sm text-mist-300">{failureNote}</p> : null}
            </div>
          </div>
        ) : null}
      </div>
      {failureText ? null : (
        <VideoControls
          state={state}
          actions={{ togglePlay, skip, seek, toggleMute }}
          fullscreen={canFullscreen ? { active: fullscreenActive, toggle: toggleFullscreen } : null}
        />
      )}
    </div>
  );
}
