import { api } from '@/lib/api';
import type { BroadcastBody } from './transaction';

const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/wallet/broadcast`: a signed transaction sent to the network; its answer is read by the caller. */
    broadcast: build.mutation<unknown, BroadcastBody>({
      query: (body) => ({ url: 'wallet/broadcast', method: 'POST', body }),
    }),
  }),
});

export const { useBroadcastMutation } = walletApi;
