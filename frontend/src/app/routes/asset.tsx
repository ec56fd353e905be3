import { useParams } from 'react-router';
import { stampPageTitle } from '@/components/stamp-detail/detail-rules';
import { StampDetailView } from '@/features/stamps/components/stamp-detail';
import { useGetAssetQuery } from '@/features/xcp-assets/asset-api';
import { AssetDetail } from '@/features/xcp-assets/components/asset-detail';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStampDetailSlots } from '../stamp-detail-slots';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * An asset's page (/asset/{cpid}, the XCP site's detail page): any Counterparty asset, a stamp or not, from
 * `GET /api/asset/{cpid}`; a stamp's asset shows as the stamp page does. Titled 'Asset: {cpid}' on the XCP site,
 * plus its creator's name when the API gives one.
 */
export function Component() {
  const cpid = useParams().cpid ?? '';
  const site = useSite();
  const slots = useStampDetailSlots();
  const { currentData } = useGetAssetQuery(cpid);
  useDocumentTitle(stampPageTitle(site.stampWord, cpid, currentData?.creator_name));
  return (
    <AssetDetail
      cpid={cpid}
      renderCollections={slots.renderCollections}
      renderStamp={(stamp) => <StampDetailView stamp={stamp} {...slots} />}
    />
  );
}
