import { format, parseISO } from 'date-fns';
import { experiencesCopy } from '../copy';
import { findExperience } from '../data';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog';
import { VideoPlayer } from '@/components/video-player/video-player';

/**
 * Spec "Experience detail": title, year, the experience's video, 'Join Experience', the duration
 * in minutes, 'Published on' with the date, and the summary with its line breaks. An id that is
 * no experience says so with the spec's text. Loaded with the first detail opened.
 */
export default function ExperienceDetailDialog({
  id,
  open,
  onOpenChange,
  onJoin,
  onClosed,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Join Experience': the carousel closes the dialog and takes the player to the booking. */
  onJoin: () => void;
  onClosed: () => void;
}) {
  const experience = findExperience(id);

  if (!experience) {
    return (
      <DialogShell
        open={open}
        onOpenChange={onOpenChange}
        title={experiencesCopy.notFoundTitle}
        closeLabel={experiencesCopy.close}
        onClosed={onClosed}
      >
        <p role="alert" className="mt-4 break-words text-mist-100">
          {experiencesCopy.noVideoPath(id)}
        </p>
      </DialogShell>
    );
  }

  const { title, year, duration, publishedDate, summary, videoUrl, captionsUrl, imageUrl } =
    experience;
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={experiencesCopy.close}
      onClosed={onClosed}
      width="lg"
    >
      <p className="mt-1 text-mist-300 tabular-nums">
        <span className="sr-only">{experiencesCopy.yearLabel}: </span>
        {year}
      </p>
      <VideoPlayer
        className="mt-4"
        src={videoUrl}
        poster={imageUrl}
        captions={captionsUrl}
        label={experiencesCopy.videoLabel(title)}
      />
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
        <button type="button" className={buttonStyles()} onClick={onJoin}>
          {experiencesCopy.join}
        </button>
        <p className="text-sm font-semibold text-mist-100 tabular-nums">
          <span className="sr-only">{experiencesCopy.durationLabel}: </span>
          {experiencesCopy.duration(duration)}
        </p>
      </div>
      <p className="mt-4 text-sm text-mist-300">
        {experiencesCopy.publishedOn}{' '}
        <time dateTime={publishedDate}>{format(parseISO(publishedDate), 'MMM d, yyyy')}</time>
      </p>
      <p className="mt-3 whitespace-pre-line text-mist-100">{summary}</p>
    </DialogShell>
  );
}
