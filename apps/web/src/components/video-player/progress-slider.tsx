import { VIDEO_SEEK_STEP_SECONDS } from '@questfield/contract';
import type { KeyboardEvent, PointerEvent } from 'react';
import { videoPlayerCopy } from './copy';
import { formatTime } from './format-time';

/**
 * The progress bar: a click or tap seeks to that point, a drag follows the pointer, and it is a
 * keyboard slider (arrows step 10 s, Home and End go to the start and the end) that reads its
 * value as '0:12 of 1:30'.
 */
export function ProgressSlider({
  currentTime,
  duration,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  const ready = duration > 0;
  const fraction = ready ? Math.min(Math.max(currentTime / duration, 0), 1) : 0;

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const at = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    onSeek(at * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!ready) return;
    const targets: Record<string, number> = {
      ArrowLeft: currentTime - VIDEO_SEEK_STEP_SECONDS,
      ArrowDown: currentTime - VIDEO_SEEK_STEP_SECONDS,
      ArrowRight: currentTime + VIDEO_SEEK_STEP_SECONDS,
      ArrowUp: currentTime + VIDEO_SEEK_STEP_SECONDS,
      Home: 0,
      End: duration,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(target);
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={videoPlayerCopy.seek}
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(Math.min(currentTime, duration))}
      aria-valuetext={videoPlayerCopy.position(formatTime(currentTime), formatTime(duration))}
      aria-disabled={ready ? undefined : true}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (!ready) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekToPointer(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture?.(event.pointerId)) seekToPointer(event);
      }}
      className="group/slider relative flex h-6 min-w-0 flex-1 cursor-pointer touch-none items-center rounded-full"
    >
      <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-white/25">
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-accent-400"
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      <div
        aria-hidden="true"
        className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow"
        style={{ left: `${fraction * 100}%` }}
      />
    </div>
  );
}
