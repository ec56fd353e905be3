import { useParams } from 'react-router';
import { StampDetail } from '@/features/stamps/components/stamp-detail';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * A stamp's detail page (/stamp/{cpid}, and /asset/{cpid} for the XCP site). Title per spec: 'Stamp: {cpid}'
 * ('Asset: {cpid}' on the XCP site); the API has no creator names yet, so none is added.
 */
export function Component() {
  const cpid = useParams().cpid ?? '';
  const site = useSite();
  useDocumentTitle(`${site.stampWord}: ${cpid}`);
  return <StampDetail cpid={cpid} />;
}
