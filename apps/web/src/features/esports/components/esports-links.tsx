import { CONTACT, DEFAULT_GROUP_CHAT_URL } from '@questfield/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import {
  ArrowRightIcon,
  BroadcastIcon,
  ChatIcon,
  ExternalIcon,
  MailIcon,
  TagIcon,
} from '@/components/ui/icons';
import { mailto } from '@/config/content';
import { esportsCopy } from '@/features/esports/copy';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

const cardClass =
  'group flex h-full items-start gap-4 rounded-3xl border border-white/10 bg-gradient-to-b from-ink-800/90 to-ink-900/80 p-6 transition-colors hover:border-accent-400/60 hover:from-ink-700/90 sm:p-7';

function CardBody({
  icon,
  title,
  body,
  trailing,
}: {
  icon: ReactNode;
  title: ReactNode;
  body: string;
  trailing: ReactNode;
}) {
  return (
    <>
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-400/10 text-accent-300 ring-1 ring-accent-400/30 [&>svg]:size-6">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-lg font-bold text-white">{title}</span>
        <span className="text-sm text-mist-300">{body}</span>
      </span>
      <span className="mt-1 text-mist-300 transition-transform group-hover:translate-x-0.5 group-hover:text-accent-300">
        {trailing}
      </span>
    </>
  );
}

/**
 * The four esports links (spec §2). The group chat address comes from the server's public
 * config; until it arrives, or if the API cannot be reached, the product default is used.
 */
export function EsportsLinks() {
  const { data: config } = usePublicConfig();
  const groupChatUrl = config?.groupChatUrl ?? DEFAULT_GROUP_CHAT_URL;

  return (
    <PageContainer className="py-12 sm:py-16">
      <ul className="grid gap-5 md:grid-cols-2">
        <li>
          <a href={groupChatUrl} target="_blank" rel="noopener noreferrer" className={cardClass}>
            <CardBody
              icon={<ChatIcon />}
              title={
                <>
                  {esportsCopy.groupChat.title}
                  <span className="sr-only"> {esportsCopy.groupChat.newTab}</span>
                </>
              }
              body={esportsCopy.groupChat.body}
              trailing={<ExternalIcon />}
            />
          </a>
        </li>
        <li>
          <Link to={paths.livestream.path} className={cardClass}>
            <CardBody
              icon={<BroadcastIcon />}
              title={esportsCopy.livestream.title}
              body={esportsCopy.livestream.body}
              trailing={<ArrowRightIcon />}
            />
          </Link>
        </li>
        <li>
          <Link to={paths.promo.path} className={cardClass}>
            <CardBody
              icon={<TagIcon />}
              title={esportsCopy.promotions.title}
              body={esportsCopy.promotions.body}
              trailing={<ArrowRightIcon />}
            />
          </Link>
        </li>
        <li>
          <a href={mailto(CONTACT.supportEmail)} className={cardClass}>
            <CardBody
              icon={<MailIcon />}
              title={esportsCopy.email.title}
              body={esportsCopy.email.body}
              trailing={<ArrowRightIcon />}
            />
          </a>
        </li>
      </ul>
    </PageContainer>
  );
}
