import { MESSAGES } from '@questfield/contract';
import { Link } from 'react-router';
import mazeArt from '@/assets/art/maze.svg';
import { StatementPage } from '@/components/layout/statement-page';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { notFoundCopy } from '@/config/content';
import { paths } from '@/config/paths';

/** The spec's not-found page body, also shown when a route answers 404. */
export function NotFoundContent() {
  return (
    <StatementPage
      eyebrow="404"
      title={MESSAGES.notFoundHeading}
      text={MESSAGES.notFoundText}
      art={mazeArt}
      action={
        <Link to={paths.home.path} className={buttonStyles({ size: 'lg' })}>
          {notFoundCopy.homeLink}
          <ArrowRightIcon />
        </Link>
      }
    />
  );
}
