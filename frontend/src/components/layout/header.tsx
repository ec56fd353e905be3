import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { availableNavigation } from '@/config/navigation';
import { useSite } from '@/lib/site-variant';
import { Logo } from './logo';

/**
 * The site header: logo, search box and the variant's navigation (only entries whose page exists).
 * The search box comes from the app (it is a feature, which shared layout code must not import).
 */
export function Header({ search }: { search: ReactNode }) {
  const site = useSite();
  return (
    <header className="header">
      <div className="header__inner container">
        <Logo />
        {search}
        <nav className="nav" aria-label="Main">
          {availableNavigation(site.variant).map((entry) => (
            <NavLink key={entry.label} className="nav__link" to={entry.href}>
              {entry.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
