import { MESSAGES } from '@questfield/contract';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon, CompassIcon } from '@/components/ui/icons';
import { notFoundCopy } from '@/config/content';
import { paths } from '@/config/paths';

/** The spec's not-found page body, also shown when a route answers 404. */
export function NotFoundContent() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-accent-400/10 text-accent-300 ring-1 ring-accent-400/30 [&>svg]:size-8">
          <CompassIcon />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-[0.25em] text-accent-300">404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl">
          {MESSAGES.notFoundHeading}
        </h1>
        <p className="mt-4 text-lg text-mist-300">{MESSAGES.notFoundText}</p>
        <Link to={paths.home.path} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
          {notFoundCopy.homeLink}
          <ArrowRightIcon />
        </Link>
      </div>
    </div>
  );
}
