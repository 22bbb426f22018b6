import { Link } from 'react-router';
import { useChannelAnswers } from '../api/channel-answers';
import { livestreamCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { cn } from '@/utils/cn';

/**
 * The live channel (spec §2 /livestream) from LIVESTREAM_EMBED_URL in a 16:9 frame; while it is
 * asked for, a quiet placeholder of the same size; when it cannot be reached (or the settings
 * cannot be loaded), a clear fallback: try again, open the channel in a new tab, or watch the
 * promo instead.
 */
export function LiveChannel() {
  const config = usePublicConfig();
  const url = config.data?.livestreamUrl;
  const channel = useChannelAnswers(url);
  const unreachable = config.isError || channel.isError;

  return (
    // 16:9 for the player; on a phone the fallback's text needs more height than that.
    <div
      className={cn(
        'relative w-full overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/40',
        unreachable ? 'sm:aspect-video' : 'aspect-video',
      )}
    >
      {unreachable ? (
        <Fallback url={url} onRetry={config.isError ? undefined : () => void channel.refetch()} />
      ) : channel.isSuccess && url ? (
        <iframe
          src={url}
          title={livestreamCopy.playerTitle}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center p-6 text-center text-mist-300"
        >
          {livestreamCopy.connecting}
        </p>
      )}
    </div>
  );
}

function Fallback({
  url,
  onRetry,
}: {
  url: string | undefined;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <section
      role="alert"
      aria-labelledby="live-channel-offline"
      className="flex flex-col items-center justify-center gap-3 p-6 text-center sm:absolute sm:inset-0 sm:gap-4 sm:p-8"
    >
      <h2 id="live-channel-offline" className="text-lg font-bold text-white sm:text-2xl">
        {livestreamCopy.offlineHeading}
      </h2>
      <p className="max-w-md text-sm text-mist-300 sm:text-base">{livestreamCopy.offlineText}</p>
      <div className="flex flex-wrap items-center justify-center gap-2 sm:gap-3">
        {onRetry ? (
          <button type="button" className={buttonStyles()} onClick={onRetry}>
            {livestreamCopy.retry}
          </button>
        ) : null}
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles({ variant: 'secondary' })}
          >
            {livestreamCopy.openChannel}
          </a>
        ) : null}
        <Link to={paths.promo.path} className={buttonStyles({ variant: 'secondary' })}>
          {livestreamCopy.watchPromo}
        </Link>
      </div>
    </section>
  );
}
