import { VIDEO_SEEK_STEP_SECONDS } from '@questfield/contract';
import type { ReactNode } from 'react';
import { videoPlayerCopy } from './copy';
import { formatTime } from './format-time';
import { CONTROLS_BAR_CLASS } from './frame-styles';
import { ProgressSlider } from './progress-slider';
import type { MediaControls, MediaState } from './use-media-state';
import { FullscreenIcon, PauseIcon, PlayIcon, SkipIcon, VolumeIcon } from './player-icons';
import { cn } from '@/utils/cn';

function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-offset-0"
    >
      {children}
    </button>
  );
}

/**
 * The bar under the picture: play/pause, 10 s back and forward, the progress bar with the time
 * played and the length, mute, and full screen (only where the browser has the Fullscreen API).
 */
export function VideoControls({
  state,
  actions,
  fullscreen,
}: {
  state: MediaState;
  actions: Pick<MediaControls, 'togglePlay' | 'skip' | 'seek' | 'toggleMute'>;
  /** Absent when the browser cannot put the player full screen. */
  fullscreen: { active: boolean; toggle: () => void } | null;
}) {
  return (
    <div
      role="group"
      aria-label={videoPlayerCopy.controls}
      className={cn(
        CONTROLS_BAR_CLASS,
        'flex flex-wrap content-center items-center gap-x-0.5 px-1.5 py-1 sm:flex-nowrap sm:gap-x-1 sm:px-3 sm:py-1.5',
      )}
    >
      <ControlButton
        label={state.playing ? videoPlayerCopy.pause : videoPlayerCopy.play}
        onClick={actions.togglePlay}
      >
        {state.playing ? <PauseIcon /> : <PlayIcon />}
      </ControlButton>
      <ControlButton
        label={videoPlayerCopy.rewind}
        onClick={() => actions.skip(-VIDEO_SEEK_STEP_SECONDS)}
      >
        <SkipIcon />
      </ControlButton>
      <ControlButton
        label={videoPlayerCopy.forward}
        onClick={() => actions.skip(VIDEO_SEEK_STEP_SECONDS)}
      >
        <SkipIcon forward />
      </ControlButton>
      {/* On a phone the progress bar has a row of its own, above the buttons. */}
      <div className="order-first flex min-w-0 basis-full items-center gap-3 px-2 pt-1 sm:order-none sm:mx-2 sm:basis-0 sm:px-0 sm:pt-0 sm:flex-1">
        <ProgressSlider
          currentTime={state.currentTime}
          duration={state.duration}
          onSeek={actions.seek}
        />
        <p className="shrink-0 text-xs font-medium text-mist-100 tabular-nums sm:text-sm">
          <span>{formatTime(state.currentTime)}</span>
          <span aria-hidden="true"> / </span>
          <span className="sr-only"> of </span>
          <span>{formatTime(state.duration)}</span>
        </p>
      </div>
      <span aria-hidden="true" className="flex-1 sm:hidden" />
      <ControlButton
        label={state.muted ? videoPlayerCopy.unmute : videoPlayerCopy.mute}
        onClick={actions.toggleMute}
      >
        <VolumeIcon muted={state.muted} />
      </ControlButton>
      {fullscreen ? (
        <ControlButton
          label={
            fullscreen.active ? videoPlayerCopy.exitFullscreen : videoPlayerCopy.enterFullscreen
          }
          onClick={fullscreen.toggle}
        >
          <FullscreenIcon exit={fullscreen.active} />
        </ControlButton>
      ) : null}
    </div>
  );
}
