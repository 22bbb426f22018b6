import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';

/** Why the player stopped: the file could not be loaded, or it could not be played. */
type MediaFailure = 'load' | 'play';

export type MediaState = {
  /** True once play was first asked for: the poster gives way to the video. */
  started: boolean;
  playing: boolean;
  /** Seconds played. */
  currentTime: number;
  /** The length in seconds, 0 until the file's metadata has loaded. */
  duration: number;
  muted: boolean;
  failure: MediaFailure | null;
};

const initialState: MediaState = {
  started: false,
  playing: false,
  currentTime: 0,
  duration: 0,
  muted: false,
  failure: null,
};

type MediaHandlers = {
  onPlay: () => void;
  onPause: () => void;
  onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onDurationChange: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onVolumeChange: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onSeeked: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onEnded: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onError: (event: SyntheticEvent<HTMLVideoElement>) => void;
};

export type MediaControls = {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  state: MediaState;
  /** Spread on the <video>: they keep `state` in step with the element. */
  handlers: MediaHandlers;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
  /** Moves to `seconds`, kept between 0 and the length. */
  seek: (seconds: number) => void;
  /** Moves by `delta` seconds (negative: back), kept between 0 and the length. */
  skip: (delta: number) => void;
  toggleMute: () => void;
};

const finite = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * The state of one <video> (playing, time, length, muted, failure) and the actions on it. The
 * element is the truth: every change is read back from its events, so the controls never show
 * what the browser did not do. A file that cannot be fetched or read before it has loaded is a
 * 'load' failure; play() refused, or a decode error once it has loaded, is a 'play' failure.
 */
export function useMediaState(): MediaControls {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<MediaState>(initialState);
  const loadedRef = useRef(false);

  const update = useCallback((patch: Partial<MediaState>) => {
    setState((previous) => ({ ...previous, ...patch }));
  }, []);

  const fail = useCallback((failure: MediaFailure) => {
    // The first failure is the one to show: a refused play() follows a failed load.
    setState((previous) =>
      previous.failure ? previous : { ...previous, failure, playing: false },
    );
  }, []);

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    update({ started: true });
    let attempt: Promise<void> | undefined;
    try {
      attempt = video.play();
    } catch {
      fail('play');
      return;
    }
    attempt?.catch((error: unknown) => {
      const name = error instanceof Error ? error.name : '';
      // A pause() or a new load before playback started: nothing failed.
      if (name === 'AbortError') return;
      // No source the browser can use: the element's error event says why, as a load failure.
      if (name === 'NotSupportedError' || video.error) {
        fail(loadedRef.current ? 'play' : 'load');
        return;
      }
      fail('play');
    });
  }, [fail, update]);

  const pause = useCallback(() => {
    videoRef.current?.pause();
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) play();
    else video.pause();
  }, [play]);

  const seek = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (!video) return;
      const length = finite(video.duration);
      if (length === 0) return;
      const target = Math.min(Math.max(seconds, 0), length);
      video.currentTime = target;
      update({ currentTime: target });
    },
    [update],
  );

  const skip = useCallback(
    (delta: number) => {
      const video = videoRef.current;
      if (video) seek(video.currentTime + delta);
    },
    [seek],
  );

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  }, []);

  const handlers = useMemo<MediaHandlers>(
    () => ({
      onPlay: () => update({ started: true, playing: true }),
      onPause: () => update({ playing: false }),
      onTimeUpdate: (event) => update({ currentTime: event.currentTarget.currentTime }),
      onDurationChange: (event) => update({ duration: finite(event.currentTarget.duration) }),
      onLoadedMetadata: (event) => {
        loadedRef.current = true;
        update({ duration: finite(event.currentTarget.duration) });
      },
      onVolumeChange: (event) => update({ muted: event.currentTarget.muted }),
      onSeeked: (event) => update({ currentTime: event.currentTarget.currentTime }),
      onEnded: (event) => {
        // The end goes back to the start, paused, ready to play again.
        const video = event.currentTarget;
        video.pause();
        video.currentTime = 0;
        update({ playing: false, currentTime: 0 });
      },
      onError: (event) => {
        const code = event.currentTarget.error?.code;
        const decode = code === 3; // MediaError.MEDIA_ERR_DECODE
        fail(decode && loadedRef.current ? 'play' : 'load');
      },
    }),
    [fail, update],
  );

  return { videoRef, state, handlers, play, pause, togglePlay, seek, skip, toggleMute };
}
