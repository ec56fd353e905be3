import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { formatInteger } from '@/utils/format';
import { pageCount, resultRange } from '@/utils/pagination';
import { ADDRESS_STAMPS_PAGE_SIZE, useGetAddressStampsQuery, type AddressStampList } from '../address-lists-api';
import { StampGrid } from './stamp-grid';

type AddressStampsProps = { list: AddressStampList; addresses: string[]; page: number; label: string };

/** The stamps a profile's addresses hold, created or own, paginated with ?page=N; 'NO RESULTS' when none. */
export function AddressStamps({ list, addresses, page, label }: AddressStampsProps) {
  const { data, isLoading, isError, isFetching } = useGetAddressStampsQuery(
    { list, addresses, page, limit: ADDRESS_STAMPS_PAGE_SIZE },
    { skip: addresses.length === 0 },
  );

  if (addresses.length === 0) return <p className="empty">NO RESULTS</p>;
  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;

  const range = resultRange(data.offset, data.hits.length, data.estimatedTotalHits);
  const pages = pageCount(data.estimatedTotalHits, ADDRESS_STAMPS_PAGE_SIZE);
  return (
    <div className="results">
      <p className="results__count" aria-live="polite">
        {range.from === 0
          ? `${formatInteger(range.total)} results`
          : `${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
      </p>
      <Pagination page={page} count={pages} label="Pages (top)" />
      <StampGrid hits={data.hits} busy={isFetching} label={label} />
      <Pagination page={page} count={pages} label="Pages (bottom)" />
    </div>
  );
}
