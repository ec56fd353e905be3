import { useEffect } from 'react';
import { api } from './api';
import {
  feesRefreshDue,
  newestRecord,
  parseFeeRecord,
  parsePriceRecord,
  type FeeRecord,
  type PriceRecord,
} from './market-records';
import { useLiveFees, useLivePrices } from './realtime';
import { useNow } from './use-now';

/** How often the held fee record's age is looked at. */
const FEES_CHECK_MS = 5_000;

const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/fees`: the fee oracle's newest record (503 before its first one); null when malformed. */
    getFees: build.query<FeeRecord | null, undefined>({
      query: () => 'fees',
      transformResponse: (raw: unknown) => parseFeeRecord(raw),
      keepUnusedDataFor: 30,
    }),
    /** `GET /api/prices`: the price of one bitcoin in each currency; null when malformed. */
    getPrices: build.query<PriceRecord | null, undefined>({
      query: () => 'prices',
      transformResponse: (raw: unknown) => parsePriceRecord(raw),
    }),
  }),
});

export { feesApi };

/**
 * The fee data to use: the newest of the realtime stream's `mempoolFees` and the last `GET /api/fees` answer.
 * When the record held is older than 30 seconds (or there is none yet) the API is asked again (spec), at most once
 * every 30 seconds. Undefined until a record has arrived.
 */
export function useFees(): FeeRecord | undefined {
  const live = useLiveFees();
  const now = useNow(FEES_CHECK_MS);
  const [fetchFees, fetched] = feesApi.useLazyGetFeesQuery();
  const held = newestRecord(live, fetched.data);
  const due = feesRefreshDue(held, fetched.startedTimeStamp, now);
  useEffect(() => {
    if (due) void fetchFees(undefined, false);
  }, [due, fetchFees]);
  return held;
}

/**
 * The bitcoin prices to show amounts in a currency: the realtime stream's `prices`, or `GET /api/prices` until the
 * stream has sent them. Undefined until either has.
 */
export function usePrices(): PriceRecord | undefined {
  const live = useLivePrices();
  const fetched = feesApi.useGetPricesQuery(undefined, { skip: live !== undefined }).data;
  return newestRecord(live, fetched);
}
