import { paths } from './paths';
import { SITE_PARAM, type SiteVariant } from './site';

/** The home page of the other site variant: this app serves both, the variant chosen by `?site=`. */
function siteHome(variant: SiteVariant): string {
  return `${paths.home.getHref()}?${SITE_PARAM}=${variant}`;
}

/**
 * An entry of the header navigation. Entries whose page this app does not have yet are listed (to keep the
 * spec's order in one place) but not available: they are never rendered, as a link that cannot work must not exist.
 */
export type NavEntry = { label: string; available: true; href: string } | { label: string; available: false };

/** The header navigation of each variant, in the spec's order. */
export const NAVIGATION: Record<SiteVariant, readonly NavEntry[]> = {
  stamps: [
    { label: 'Mint', available: true, href: paths.mint.getHref() },
    { label: 'Src20', available: true, href: paths.src20Search.getHref() },
    { label: 'Finder', available: true, href: paths.search.getHref() },
    { label: 'Collections', available: true, href: paths.collections.getHref() },
    { label: 'Leaderboard', available: true, href: paths.leaderboard.getHref() },
    { label: 'Faq', available: true, href: paths.faq.getHref() },
  ],
  xcp: [
    // The Stamps site.
    { label: 'Stamps', available: true, href: siteHome('stamps') },
    { label: 'FairMint', available: true, href: paths.fairmint.getHref() },
    { label: 'Finder', available: true, href: paths.search.getHref() },
    { label: 'Collections', available: true, href: paths.collections.getHref() },
    { label: 'Directories', available: true, href: paths.directories.getHref() },
    { label: 'Leaderboard', available: true, href: paths.leaderboard.getHref() },
    { label: 'Faq', available: true, href: paths.faq.getHref() },
  ],
};

/** The entries a variant's header shows: the available ones, in order. */
export function availableNavigation(variant: SiteVariant): { label: string; href: string }[] {
  return NAVIGATION[variant].flatMap((entry) => (entry.available ? [{ label: entry.label, href: entry.href }] : []));
}
