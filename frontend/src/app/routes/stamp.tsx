import { useParams } from 'react-router';
import { stampPageTitle } from '@/components/stamp-detail/detail-rules';
import { StampDetail } from '@/features/stamps/components/stamp-detail';
import { useGetStampDetailQuery } from '@/features/stamps/detail-api';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStampDetailSlots } from '../stamp-detail-slots';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * A stamp's detail page (/stamp/{cpid}, and /asset/{cpid} for the XCP site). Title per spec: 'Stamp: {cpid}'
 * ('Asset: {cpid}' on the XCP site) plus the creator's name when the API gives one.
 */
export function Component() {
  const cpid = useParams().cpid ?? '';
  const site = useSite();
  const slots = useStampDetailSlots();
  const { currentData } = useGetStampDetailQuery(cpid);
  useDocumentTitle(stampPageTitle(site.stampWord, cpid, currentData?.creator_name));
  return <StampDetail cpid={cpid} {...slots} />;
}
