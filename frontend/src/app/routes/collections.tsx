import { useParams } from 'react-router';
import { CollectionsList } from '@/features/collections/components/collections-list';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The collections list (/collections and /collections/{q}). */
export function Component() {
  const q = useParams().q ?? '';
  const site = useSite();
  useDocumentTitle(q ? `Collections: ${q}` : 'Collections');
  return <CollectionsList key={q} q={q} stampsWord={site.stampsWord} />;
}
