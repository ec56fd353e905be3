import { useCallback } from 'react';
import { api } from '@/lib/api';
import {
  logIn,
  settingsOpened,
  signInClosed,
  signInOpened,
  useSession,
  useSessionDispatch,
  type WalletType,
} from '@/lib/session';
import { useCurrentUser } from '@/lib/user-api';
import { SettingsDrawer } from './settings-drawer';
import { SignInPanel } from './sign-in-panel';

/**
 * The header's account button, 'Connect' when signed out and 'Settings' when signed in, and the sign-in panel and
 * settings drawer it opens. Other parts of the page open the panel through the session's state.
 */
export function AuthControls() {
  const dispatch = useSessionDispatch();
  const { logged, signIn, settingsOpen } = useSession();
  const purpose = signIn === 'link' && logged ? 'link' : 'connect';
  // Read on every page load while signed in: a 401 means the session is over and clears 'logged'.
  useCurrentUser();

  const onSuccess = useCallback(
    (type: WalletType) => {
      if (purpose === 'link') {
        // The linked address shows in the drawer, read again from the server.
        dispatch(api.util.invalidateTags(['User']));
        dispatch(settingsOpened());
      } else {
        dispatch(logIn(type));
      }
    },
    [dispatch, purpose],
  );

  return (
    <>
      <button
        type="button"
        className="button header__account"
        aria-haspopup="dialog"
        onClick={() => {
          dispatch(logged ? settingsOpened() : signInOpened('connect'));
        }}
      >
        {logged ? 'Settings' : 'Connect'}
      </button>
      {signIn && (
        <SignInPanel
          key={purpose}
          purpose={purpose}
          onSuccess={onSuccess}
          onClose={() => {
            dispatch(signInClosed());
          }}
        />
      )}
      {settingsOpen && logged && <SettingsDrawer />}
    </>
  );
}
