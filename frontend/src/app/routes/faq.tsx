import { FaqPage } from '@/features/faq/components/faq-page';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The Faq (/faq). */
export function Component() {
  return <FaqPage />;
}
