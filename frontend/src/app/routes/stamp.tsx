import { useParams } from 'react-router';
import { StampDetail } from '@/features/stamps/components/stamp-detail';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** A stamp's detail page (/stamp/{cpid}). Title per spec: 'Stamp: {cpid}' (no creator names yet). */
export function Component() {
  const cpid = useParams().cpid ?? '';
  useDocumentTitle(`Stamp: ${cpid}`);
  return <StampDetail cpid={cpid} />;
}
