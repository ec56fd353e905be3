import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { availableNavigation } from '@/config/navigation';
import { useSite } from '@/lib/site-variant';
import { Logo } from './logo';

/** Draws a navigation entry with a menu (the entry's link is the menu's to draw). */
export type NavMenus = Partial<Record<string, (entry: { label: string; href: string }) => ReactNode>>;

type HeaderProps = {
  search: ReactNode;
  menus?: NavMenus;
  /** The account button ('Connect', or 'Settings' when signed in) and what it opens. */
  account?: ReactNode;
};

/**
 * The site header: logo, search box, the variant's navigation (only entries whose page exists) and the account
 * button. The search box, the entries with a menu and the account button come from the app (they are features,
 * which shared layout code must not import).
 */
export function Header({ search, menus = {}, account }: HeaderProps) {
  const site = useSite();
  return (
    <header className="header">
      <div className="header__inner container">
        <Logo />
        {search}
        <nav className="nav" aria-label="Main">
          {availableNavigation(site.variant).map((entry) => {
            const menu = menus[entry.label];
            return menu ? (
              <div key={entry.label} className="nav__entry">
                {menu(entry)}
              </div>
            ) : entry.href.includes('?') ? (
              // A link to the other site's page (`?site=`) is never the page shown, whatever its path.
              <Link key={entry.label} className="nav__link" to={entry.href}>
                {entry.label}
              </Link>
            ) : (
              <NavLink key={entry.label} className="nav__link" to={entry.href}>
                {entry.label}
              </NavLink>
            );
          })}
        </nav>
        {account}
      </div>
    </header>
  );
}
