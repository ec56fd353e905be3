import { useParams } from 'react-router';
import { CollectionLayout } from '@/features/collections/components/collection-layout';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** A collection's page (/collection/{id}); its tabs are the child routes. */
export function Component() {
  const id = useParams().id ?? '';
  return <CollectionLayout key={id} id={id} />;
}
