import { paths } from '@/config/paths';

/** A promotional block of the home page: its title, what it advertises, and where that lives on the site. */
export type Promo = { id: string; title: string; points: readonly string[]; link: { label: string; href: string } };

/** The anchor of the home page's Launchpads section. */
export const LAUNCHPADS_ANCHOR = 'launchpads-title';

/**
 * The home page's promotional blocks (spec: 'Promotional blocks advertise: the launchpad (bulk SRC-721 traits mint,
 * up to 30% lower mint fees, 3% creator royalties on secondary sales), an external wallet integration, and the
 * SRC-20 wallet features (royalties for the tick deployer on mint, stamp airdrop on mint).'). The launchpad block
 * shows only when the home page lists launchpads (its link leads to them); the wallet integration has no page on
 * this site to lead to, so it has no block.
 */
export function homePromos(hasLaunchpads: boolean): Promo[] {
  const promos: Promo[] = [];
  if (hasLaunchpads) {
    promos.push({
      id: 'launchpad',
      title: 'Launchpad',
      points: ['Bulk SRC-721 traits mint', 'Up to 30% lower mint fees', '3% creator royalties on secondary sales'],
      link: { label: 'See the launchpads', href: `#${LAUNCHPADS_ANCHOR}` },
    });
  }
  promos.push({
    id: 'src20',
    title: 'SRC-20',
    points: ['Royalties for the tick deployer on mint', 'Stamp airdrop on mint'],
    link: { label: 'Explore SRC-20 tokens', href: paths.src20Search.getHref() },
  });
  return promos;
}
