import { lazy, Suspense } from 'react';
import { CONTROLS_BAR_CLASS, FRAME_CLASS, PICTURE_CLASS } from './frame-styles';
import type { VideoPlayerProps } from './video-player';
import { cn } from '@/utils/cn';

/** The player's code; a prerendered page showing the player needs it before React attaches. */
export const loadVideoPlayer = () => import('./video-player');

const VideoPlayer = lazy(() =>
  loadVideoPlayer().then((module) => ({ default: module.VideoPlayer })),
);

/** The poster in the player's frame while the player's code loads: the same size as the player. */
function VideoPlaceholder({ poster, className }: { poster: string; className?: string }) {
  return (
    <div className={cn(FRAME_CLASS, className)}>
      <div className={PICTURE_CLASS}>
        <img src={poster} alt="" className="absolute inset-0 size-full object-contain" />
      </div>
      <div className={CONTROLS_BAR_CLASS} />
    </div>
  );
}

/** The video player, its code loaded only when a page shows one (e.g. below the landing's fold). */
export function LazyVideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense fallback={<VideoPlaceholder poster={props.poster} className={props.className} />}>
      <VideoPlayer {...props} />
    </Suspense>
  );
}
