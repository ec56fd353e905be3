import { Link } from 'react-router';
import type { Promo } from '../promos';

/** The home page's promotional blocks, each linking to where its subject lives on the site. */
export function PromoBlocks({ promos }: { promos: readonly Promo[] }) {
  if (promos.length === 0) return null;
  return (
    <ul className="promo-blocks" aria-label="Highlights">
      {promos.map((promo) => (
        <li key={promo.id} className="promo-block">
          <h2 className="promo-block__title">{promo.title}</h2>
          <ul className="promo-block__points">
            {promo.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {promo.link.href.startsWith('#') ? (
            <a className="promo-block__link" href={promo.link.href}>
              {promo.link.label} ›
            </a>
          ) : (
            <Link className="promo-block__link" to={promo.link.href}>
              {promo.link.label} ›
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
