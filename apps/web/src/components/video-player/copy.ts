import { VIDEO_SEEK_STEP_SECONDS } from '@questfield/contract';

/** The player's own copy; its error texts are the spec's, from the contract's MESSAGES. */
export const videoPlayerCopy = {
  play: 'Play',
  pause: 'Pause',
  rewind: `Rewind ${VIDEO_SEEK_STEP_SECONDS} seconds`,
  forward: `Forward ${VIDEO_SEEK_STEP_SECONDS} seconds`,
  mute: 'Mute',
  unmute: 'Unmute',
  enterFullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  seek: 'Seek',
  controls: 'Video controls',
  /** The slider's spoken value: '0:12 of 1:30'. */
  position: (current: string, length: string) => `${current} of ${length}`,
} as const;
