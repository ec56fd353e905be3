import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from './logo';
import { SearchBox } from './search-box';

/** The site header: logo, search box and navigation (only pages that exist). */
export function Header() {
  return (
    <header className="header">
      <div className="header__inner container">
        <Logo />
        <SearchBox />
        <nav className="nav" aria-label="Main">
          <NavLink className="nav__link" to={paths.search.getHref()}>
            Finder
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
