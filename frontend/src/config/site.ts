import { paths } from './paths';

/** The two site variants: the Stamps site, and the XCP site ('XCP mode' or 'alt mode') for Counterparty assets. */
export type SiteVariant = 'stamps' | 'xcp';

/** The query parameter that picks the variant on a local run: `?site=xcp` or `?site=stamps`. */
export const SITE_PARAM = 'site';

/** What differs between the variants: brand, wording and where a stamp's page lives. */
export type SiteConfig = {
  variant: SiteVariant;
  /** The brand name: home page heading and title, the logo's accessible name. */
  brand: string;
  /** The word beside the logo mark. */
  logoText: string;
  tagline: string;
  /** The spec's 'Stamps', which the XCP site calls 'Assets'. */
  stampsWord: string;
  /** The singular of `stampsWord`. */
  stampWord: string;
  searchPlaceholder: string;
  /** The detail page of a stamp: /stamp/{cpid}, or /asset/{cpid} on the XCP site. */
  stampHref: (cpid: string) => string;
};

/** Each variant's configuration. */
export const SITES: Record<SiteVariant, SiteConfig> = {
  stamps: {
    variant: 'stamps',
    brand: 'Bitcoin Stamps',
    logoText: 'STAMPS',
    tagline: 'On-chain art, stored forever in Bitcoin transactions.',
    stampsWord: 'Stamps',
    stampWord: 'Stamp',
    searchPlaceholder: 'Search for a stamp...',
    stampHref: paths.stamp.getHref,
  },
  xcp: {
    variant: 'xcp',
    brand: 'Counterparty Assets',
    logoText: 'XCP',
    tagline: 'Counterparty assets, issued and traded on Bitcoin.',
    stampsWord: 'Assets',
    stampWord: 'Asset',
    searchPlaceholder: 'Search for an XCP asset...',
    stampHref: paths.asset.getHref,
  },
};

/** Reads a `?site=` value: a known variant, or null for anything else. */
export function parseSiteVariant(value: string | null): SiteVariant | null {
  return value === 'stamps' || value === 'xcp' ? value : null;
}

/** The variant a query string (`location.search`) asks for, if any. */
export function siteFromSearch(search: string): SiteVariant | null {
  return parseSiteVariant(new URLSearchParams(search).get(SITE_PARAM));
}
