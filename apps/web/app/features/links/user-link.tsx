import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRootData } from '~/lib/root-data.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { EXTERNAL_LINK_REL, interstitialHref, isExternalUrl } from './interstitial.ts';

type UserLinkProps = {
  /** The address a person wrote or saved (absolute http(s)). */
  url: string;
  children: ReactNode;
  className?: string;
  /** 'desktop' (default): another site opens in a new tab on desktop; 'always': on phones too. */
  newTab?: 'desktop' | 'always';
  onClick?: () => void;
  onAuxClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  'data-testid'?: string;
};

/**
 * A link a person put in content (posts, comments, chat, bookmarks). Our own addresses
 * stay direct; another site's goes through the interstitial 即将离开车友圈 (/go), which
 * shows where it really leads, with rel="noopener noreferrer ugc" (SPEC.md §8).
 */
export function UserLink({ url, children, className, newTab = 'desktop', ...rest }: UserLinkProps) {
  const origin = useRootData()?.publicConfig.publicUrl ?? 'http://localhost';
  const isMobile = useIsMobile();
  if (!isExternalUrl(url, origin)) {
    const own = new URL(url, origin);
    return (
      <Link to={`${own.pathname}${own.search}${own.hash}`} className={className} {...rest}>
        {children}
      </Link>
    );
  }
  const inNewTab = newTab === 'always' || !isMobile;
  return (
    <a
      href={interstitialHref(url)}
      rel={EXTERNAL_LINK_REL}
      target={inNewTab ? '_blank' : undefined}
      data-external-url={url}
      className={className}
      {...rest}
    >
      {children}
    </a>
  );
}
