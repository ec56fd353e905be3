import { useParams } from 'react-router';
import { CollectionsList } from '@/features/collections/components/collections-list';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The staff directories (/directories and /directories/{q}): collections owned by the network default. */
export function Component() {
  const q = useParams().q ?? '';
  const site = useSite();
  useDocumentTitle(q ? `Directories: ${q}` : 'Directories');
  return <CollectionsList key={q} q={q} stampsWord={site.stampsWord} directories />;
}
