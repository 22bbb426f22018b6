import { MESSAGES } from '@questfield/contract';
import { useState } from 'react';
import { cn } from '@/utils/cn';

/**
 * A video with the browser's own controls and a poster, in a 16:9 frame that keeps its size
 * while it loads. The file is asked for only when played; when it cannot be loaded or played,
 * the frame shows the spec's fallback text instead.
 */
export function PlainVideo({
  src,
  poster,
  captions,
  label,
  className,
}: {
  src: string;
  poster: string;
  /** A WebVTT captions file. */
  captions: string;
  /** The accessible name of the player ('Game Pack promo video'). */
  label: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);

  return (
    <div
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/40',
        className,
      )}
    >
      {failed ? (
        <div role="alert" className="absolute inset-0 flex items-center justify-center p-6">
          <img src={poster} alt="" className="absolute inset-0 size-full object-cover opacity-40" />
          <p className="relative max-w-sm rounded-xl bg-ink-950/85 px-4 py-3 text-center text-base font-semibold text-mist-100">
            {MESSAGES.videoPageFailed}
          </p>
        </div>
      ) : (
        <video
          className="absolute inset-0 size-full object-cover"
          src={src}
          poster={poster}
          aria-label={label}
          controls
          playsInline
          preload="none"
          onError={() => setFailed(true)}
        >
          <track kind="captions" src={captions} srcLang="en" label="English" />
          {MESSAGES.videoPageFailed}
        </video>
      )}
    </div>
  );
}
