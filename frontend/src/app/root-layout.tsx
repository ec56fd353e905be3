import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { Loading } from '@/components/ui/status';

/** The shell around every page: header, the page, footer. */
export function RootLayout() {
  return (
    <div className="shell">
      <NavigationProgress />
      <Header />
      <main className="main container">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first page's code loads. */
export function RootFallback() {
  return (
    <div className="shell shell--booting">
      <Loading />
    </div>
  );
}
