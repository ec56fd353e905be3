import { api } from '@/lib/api';
import type { WalletType } from '@/lib/session';
import { userApi } from '@/lib/user-api';

/** What the authentication POST carries. */
export type AuthSubmission = {
  address: string;
  message: string;
  signature: string;
  type: WalletType;
};

/** Sign-in (a new session) or link (another address for the signed-in account). */
export type AuthPurpose = 'connect' | 'link';

/** A user update: the displayed name or the X handle. */
export type UserUpdate = { username: string } | { twitter: string };

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/auth/message/{address}` (or `/auth/link/{address}`): a new message to sign, as plain text. A
     * mutation, not a query: each call must bring a new message, never a cached one.
     */
    authMessage: build.mutation<string, { address: string; purpose: AuthPurpose }>({
      query: ({ address, purpose }) => ({
        url: `auth/${purpose === 'link' ? 'link' : 'message'}/${encodeURIComponent(address)}`,
        responseHandler: 'content-type',
      }),
    }),
    /** `POST /api/auth` (or `/auth/link`): plain text 'success' or 'expired'; failures are JSON errors. */
    submitAuth: build.mutation<string, AuthSubmission & { purpose: AuthPurpose }>({
      query: ({ purpose, ...body }) => ({
        url: purpose === 'link' ? 'auth/link' : 'auth',
        method: 'POST',
        body,
        responseHandler: 'content-type',
      }),
    }),
    /** `GET /api/user/test/{address}`: 'OK' when the server takes the address. */
    testAddress: build.mutation<string, string>({
      query: (address) => ({ url: `user/test/${encodeURIComponent(address)}`, responseHandler: 'content-type' }),
    }),
    /** `POST /api/auth/logout`: ends the session and clears its cookie. */
    logout: build.mutation<unknown, undefined>({
      query: () => ({ url: 'auth/logout', method: 'POST', responseHandler: 'content-type' }),
    }),
    /** `POST /api/auth/unlink`: 201 with the addresses left. */
    unlinkAddress: build.mutation<{ addresses: string[] }, { address: string; epoch: number }>({
      query: ({ address }) => ({ url: 'auth/unlink', method: 'POST', body: { address } }),
      async onQueryStarted({ epoch }, { dispatch, queryFulfilled }) {
        try {
          const { data, meta } = await queryFulfilled;
          // The list changes only on the server's 201 (spec).
          if (meta?.response?.status !== 201 || !Array.isArray(data.addresses)) return;
          dispatch(
            userApi.util.updateQueryData('getUser', epoch, (user) => {
              user.addresses = data.addresses;
            }),
          );
        } catch {
          // The settings drawer shows the failure.
        }
      },
    }),
    /** `PUT /api/user`: 201 'Successfully updated'; the user and the profiles are read again. */
    updateUser: build.mutation<string, UserUpdate>({
      query: (body) => ({ url: 'user', method: 'PUT', body, responseHandler: 'content-type' }),
      invalidatesTags: (_result, error) => (error ? [] : ['User', 'Profile']),
    }),
  }),
});

export const {
  useAuthMessageMutation,
  useSubmitAuthMutation,
  useTestAddressMutation,
  useLogoutMutation,
  useUnlinkAddressMutation,
  useUpdateUserMutation,
} = authApi;
