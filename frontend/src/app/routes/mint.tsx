import { matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { availableMintTabs } from '../mint-tabs';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

function tabClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'tab tab--active' : 'tab';
}

/** The mint page: its heading, the tabs of the tools that exist (each at its own URL) and the tab shown. */
function MintPage() {
  const { pathname } = useLocation();
  const tabs = availableMintTabs();
  const current = tabs.find((tab) => matchPath(tab.path.getHref(), pathname));
  useDocumentTitle(current ? `Mint: ${current.label}` : 'Mint');
  return (
    <>
      <h1 className="page-title">Mint</h1>
      <nav className="tabs" aria-label="Mint tools">
        {tabs.map((tab) => (
          <NavLink key={tab.label} className={tabClass} to={tab.path.getHref()} end>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

/** The mint tools (/mint and its tabs), on the Stamps site only: the XCP site shows its 404 page there. */
export function Component() {
  const site = useSite();
  return site.variant === 'stamps' ? <MintPage /> : <NotFoundPage />;
}
