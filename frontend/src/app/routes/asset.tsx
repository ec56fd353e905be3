import { useParams } from 'react-router';
import { CollectionsByIds } from '@/features/collections/components/collections-by-ids';
import { useGetAssetQuery } from '@/features/stamps/asset-api';
import { AssetDetail } from '@/features/stamps/components/asset-detail';
import { stampPageTitle } from '@/features/stamps/detail-rules';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * An asset's page (/asset/{cpid}, the XCP site's detail page): any Counterparty asset, a stamp or not, from
 * `GET /api/asset/{cpid}`. Titled 'Asset: {cpid}' on the XCP site, plus its creator's name when the API gives one.
 */
export function Component() {
  const cpid = useParams().cpid ?? '';
  const site = useSite();
  const { currentData } = useGetAssetQuery(cpid);
  useDocumentTitle(stampPageTitle(site.stampWord, cpid, currentData?.creator_name));
  return (
    <AssetDetail
      cpid={cpid}
      renderCollections={(ids) => <CollectionsByIds ids={ids} stampsWord={site.stampsWord} label="From Collection" />}
    />
  );
}
