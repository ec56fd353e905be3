import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { STAMP_PAGE_SIZE, useSearchStampsQuery } from '../api';
import { StampGrid } from '@/components/stamp/stamp-grid';

/** The newest stamps: the finder's first page (same request, so the two share the cache). */
export function LatestStamps() {
  const { data, isLoading, isError } = useSearchStampsQuery({ q: '', offset: 0, limit: STAMP_PAGE_SIZE });

  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
  return <StampGrid hits={data.hits} />;
}
