import { useParams } from 'react-router';
import { TickDetail } from '@/features/src20/components/tick-detail';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** An SRC-20 tick's page (/src20/tick/{tick}); its activity is paginated with ?page=N. */
export function Component() {
  const tick = useParams().tick ?? '';
  useDocumentTitle(`SRC-20: ${tick}`);
  return <TickDetail tick={tick} />;
}
