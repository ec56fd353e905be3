import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site-variant';

/** Centres of the perforation holes along each edge of the stamp mark. */
const HOLES = [8, 13.33, 18.67, 24];

/** The Stamps site's mark: a perforated stamp with a B. */
function StampMark() {
  return (
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
  );
}

/** The XCP site's mark: a hexagonal token with an X. */
function XcpMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
      <path fill="currentColor" d="M16 1.5 28.6 8.75v14.5L16 30.5 3.4 23.25V8.75z" />
      <path stroke="var(--bg)" strokeWidth="3.4" strokeLinecap="round" d="m11 11 10 10m0-10L11 21" />
    </svg>
  );
}

/** The site logo of the current variant: its mark and name, linking home. */
export function Logo() {
  const site = useSite();
  return (
    <Link className="logo" to={paths.home.getHref()} aria-label={`${site.brand}, home`}>
      {site.variant === 'xcp' ? <XcpMark /> : <StampMark />}
      <span className="logo__text">{site.logoText}</span>
    </Link>
  );
}
