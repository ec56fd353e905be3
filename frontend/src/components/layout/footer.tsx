import { Link } from 'react-router';
import { COMMUNITIES, COMMUNITY, SOCIAL } from '@/config/community';
import { useCatalogueVersion, useCpVersion } from '@/lib/realtime';
import { useSite } from '@/lib/site-variant';
import { formatInteger } from '@/utils/format';

/**
 * The site footer: the brand, the community links (and the social account, when configured) and, once the
 * realtime stream has sent them, the Counterparty
 * version and the last block the catalogue has projected.
 */
export function Footer() {
  const site = useSite();
  const cpVersion = useCpVersion();
  const catalogue = useCatalogueVersion();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <span className="footer__brand">{site.brand}</span>
        <nav aria-label="Community">
          <ul className="footer__links">
            {COMMUNITIES.map((community) => (
              <li key={community}>
                <Link className="footer__link" to={COMMUNITY[community].path}>
                  {COMMUNITY[community].name}
                </Link>
              </li>
            ))}
            {SOCIAL && (
              <li>
                <a className="footer__link" href={SOCIAL.url} target="_blank" rel="noopener noreferrer">
                  {SOCIAL.name}
                </a>
              </li>
            )}
          </ul>
        </nav>
        {cpVersion && <span className="footer__version">Counterparty v{cpVersion}</span>}
        {catalogue && <span className="footer__version">Block {formatInteger(catalogue.height)}</span>}
      </div>
    </footer>
  );
}
