import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Centres of the perforation holes along each edge of the stamp mark. */
const HOLES = [8, 13.33, 18.67, 24];

/** The site logo: a perforated stamp mark and the name, linking home. */
export function Logo() {
  return (
    <Link className="logo" to={paths.home.getHref()} aria-label="Bitcoin Stamps, home">
      <svg className="logo__mark" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect x="2" y="2" width="28" height="28" fill="currentColor" />
        <g fill="var(--bg)">
          {HOLES.map((at) => (
            <g key={at}>
              <circle cx={at} cy="2" r="1.8" />
              <circle cx={at} cy="30" r="1.8" />
              <circle cx="2" cy={at} r="1.8" />
              <circle cx="30" cy={at} r="1.8" />
            </g>
          ))}
          <rect x="7" y="7" width="18" height="18" />
        </g>
        <path fill="currentColor" d="M12 11h6a3 3 0 0 1 1.8 5.4A3 3 0 0 1 18 21h-6v-2h1v-6h-1zm3 2v2h3v-2zm0 4v2h3v-2z" />
      </svg>
      <span className="logo__text">STAMPS</span>
    </Link>
  );
}
