import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

/** A route's error boundary: the 404 page for a router 404, the 500 page for anything else. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ServerErrorPage />;
}
