import { api } from '@/lib/api';
import { errorStatus } from '@/lib/api-error';
import { logOut, signInOpened, useSession } from '@/lib/session';

/** `GET /api/user`: the signed-in user. `username` is the displayed name (null until chosen). */
export type User = {
  user_id: string;
  username: string | null;
  display_name?: string | null;
  twitter: string | null;
  addresses: string[];
  currentAddress: string;
  /** The cpids on the user's wishlist. */
  wishlist: string[];
  staff: boolean;
};

/** `PUT /api/user/wishlist`: the wishlist after the toggle, and whether the stamp was added. */
export type WishlistAnswer = { wishlist: string[]; added: boolean };

/** The wishlist with `cpid` toggled: removed when on it, added at the end otherwise. */
export function toggledWishlist(wishlist: readonly string[], cpid: string): string[] {
  return wishlist.includes(cpid) ? wishlist.filter((entry) => entry !== cpid) : [...wishlist, cpid];
}

/** The name a user's profile is reached by: the displayed name once chosen, else the user id. */
export function profileIdOf(user: Pick<User, 'username' | 'user_id'>): string {
  return user.username || user.user_id;
}

const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, read once per sign-in (the argument is the session's epoch). A 401 means the server no
     * longer knows the session: the 'logged' cookie is cleared.
     */
    getUser: build.query<User, number>({
      query: () => 'user',
      providesTags: ['User'],
      async onQueryStarted(_epoch, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const error = (failure as { error?: Parameters<typeof errorStatus>[0] }).error;
          if (errorStatus(error) === 401) dispatch(logOut());
        }
      },
    }),
    /**
     * Puts a stamp on the wishlist or takes it off. The heart follows at once (the cached user's wishlist is changed
     * before the answer) and goes back when the call fails; a 401 ends the session and opens the sign-in panel.
     */
    toggleWishlist: build.mutation<WishlistAnswer, { cpid: string; epoch: number }>({
      query: ({ cpid }) => ({ url: 'user/wishlist', method: 'PUT', body: { cpid } }),
      invalidatesTags: (result) => (result ? ['ProfileStamps'] : []),
      async onQueryStarted({ cpid, epoch }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          userApi.util.updateQueryData('getUser', epoch, (user) => {
            user.wishlist = toggledWishlist(user.wishlist, cpid);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            userApi.util.updateQueryData('getUser', epoch, (user) => {
              user.wishlist = data.wishlist;
            }),
          );
        } catch (failure) {
          patch.undo();
          const error = (failure as { error?: Parameters<typeof errorStatus>[0] }).error;
          if (errorStatus(error) === 401) {
            dispatch(logOut());
            dispatch(signInOpened('connect'));
          }
        }
      },
    }),
  }),
});

export const { useGetUserQuery, useToggleWishlistMutation } = userApi;
export { userApi };

/**
 * The signed-in user's data (undefined while signed out or loading), with the session's epoch; `failed` when the
 * user call failed otherwise than by a 401 (which signs out).
 */
export function useCurrentUser(): { user: User | undefined; epoch: number; logged: boolean; failed: boolean } {
  const { logged, epoch } = useSession();
  const { data, isError } = useGetUserQuery(epoch, { skip: !logged });
  return { user: logged ? data : undefined, epoch, logged: logged !== '', failed: Boolean(logged) && isError };
}
