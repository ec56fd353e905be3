import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { CURRENCIES, isCurrency, setCurrency, useCurrency } from '@/lib/currency';
import { logOut, settingsClosed, signInOpened, useSessionDispatch } from '@/lib/session';
import { profileIdOf, useCurrentUser, type User } from '@/lib/user-api';
import { useLogoutMutation, useUnlinkAddressMutation, useUpdateUserMutation } from '../api';
import { MESSAGES } from '../messages';
import { normalizeTwitter, shortAddress, twitterProblem, usernameProblem } from '../rules';
import type { Notice } from '../use-sign-in';

function NoticeText({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.tone === 'error' ? (
    <p className="settings__notice settings__notice--error" role="alert">
      {notice.text}
    </p>
  ) : (
    <p className="settings__notice" role="status">
      {notice.text}
    </p>
  );
}

type FieldFormProps = {
  label: string;
  initial: string;
  /** The value to send (typed text normalized), and the rule's message when it breaks it. */
  normalize: (typed: string) => string;
  problem: (value: string) => string | null;
  question: (value: string) => string;
  save: (value: string) => Promise<Notice>;
  confirm: (message: string, confirmLabel?: string) => Promise<boolean>;
};

/** One setting: a field, its rule checked before anything is sent, a confirmation, then the server's answer. */
function FieldForm({ label, initial, normalize, problem, question, save, confirm }: FieldFormProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const submit = async () => {
    const normalized = normalize(value);
    const broken = problem(normalized);
    if (broken) {
      setNotice({ text: broken, tone: 'error' });
      return;
    }
    setNotice(null);
    if (!(await confirm(question(normalized), 'Save'))) return;
    setNotice(await save(normalized));
  };
  return (
    <form
      className="settings__form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input"
          value={value}
          autoComplete="off"
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
        <AsyncButton type="submit" className="button button--ghost" onClick={submit}>
          Save
        </AsyncButton>
      </div>
      <NoticeText notice={notice} />
    </form>
  );
}

/** The display currency of amounts beside BTC, kept in the 'currency' cookie. */
function CurrencySelect() {
  const id = useId();
  const currency = useCurrency();
  return (
    <div className="settings__form">
      <label className="field__label" htmlFor={id}>
        Currency
      </label>
      <select
        id={id}
        className="field__input"
        value={currency}
        onChange={(event) => {
          if (isCurrency(event.target.value)) setCurrency(event.target.value);
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The text of a failed username update (spec): 409 taken, 400 the server's rule text, else generic. */
function usernameFailure(error: Parameters<typeof errorStatus>[0]): string {
  const status = errorStatus(error);
  if (status === 409) return MESSAGES.usernameTaken;
  if (status === 400) return errorMessage(error) ?? GENERIC_ERROR;
  return GENERIC_ERROR;
}

function SettingsBody({ user, epoch }: { user: User; epoch: number }) {
  const dispatch = useSessionDispatch();
  const { confirm, dialog } = useConfirm();
  const [updateUser] = useUpdateUserMutation();
  const [unlink] = useUnlinkAddressMutation();
  const [logout] = useLogoutMutation();
  const [notice, setNotice] = useState<Notice | null>(null);

  const unlinkAddress = async (address: string) => {
    if (!(await confirm(`Unlink ${address} from your account?`, 'Unlink'))) return;
    const result = await unlink({ address, epoch });
    if ('error' in result) {
      // The server says why it refused: the current address, or one that is not the user's.
      const refused = [400, 404, 409].includes(errorStatus(result.error) ?? 0);
      setNotice({ text: (refused && errorMessage(result.error)) || GENERIC_ERROR, tone: 'error' });
    } else {
      setNotice(null);
    }
  };

  const logoutNow = async () => {
    if (!(await confirm('Log out?', 'Logout'))) return;
    const result = await logout(undefined);
    if ('error' in result && errorStatus(result.error) !== 401) {
      setNotice({ text: GENERIC_ERROR, tone: 'error' });
      return;
    }
    dispatch(logOut());
  };

  const others = user.addresses.filter((address) => address !== user.currentAddress);
  return (
    <div className="settings">
      <Link
        className="button button--ghost settings__profile"
        to={paths.profile.getHref(profileIdOf(user))}
        onClick={() => dispatch(settingsClosed())}
      >
        My profile
      </Link>
      <CurrencySelect />
      <FieldForm
        label="Displayed name"
        initial={user.username ?? ''}
        normalize={(typed) => typed.trim()}
        problem={usernameProblem}
        question={(name) => `Change your displayed name to ${name}?`}
        confirm={confirm}
        save={async (username) => {
          const result = await updateUser({ username });
          return 'error' in result
            ? { text: usernameFailure(result.error), tone: 'error' }
            : { text: MESSAGES.updated, tone: 'info' };
        }}
      />
      <FieldForm
        label="X (Twitter) handle"
        initial={user.twitter ?? ''}
        normalize={normalizeTwitter}
        problem={twitterProblem}
        question={(handle) => `Change your X handle to @${handle}?`}
        confirm={confirm}
        save={async (twitter) => {
          const result = await updateUser({ twitter });
          return 'error' in result
            ? {
                text: (errorStatus(result.error) === 400 && errorMessage(result.error)) || GENERIC_ERROR,
                tone: 'error',
              }
            : { text: MESSAGES.updated, tone: 'info' };
        }}
      />
      <section className="settings__addresses" aria-labelledby="settings-addresses">
        <h3 id="settings-addresses" className="settings__subtitle">
          Addresses
        </h3>
        <ul className="settings__address-list" aria-label="Your addresses">
          <li className="settings__address settings__address--current">
            <span className="mono" title={user.currentAddress}>
              {shortAddress(user.currentAddress)}
            </span>
            <span className="badge badge--done">Current</span>
          </li>
          {others.map((address) => (
            <li key={address} className="settings__address">
              <span className="mono" title={address}>
                {shortAddress(address)}
              </span>
              <AsyncButton
                className="button button--ghost settings__unlink"
                aria-label={`Unlink ${address}`}
                onClick={() => unlinkAddress(address)}
              >
                Unlink
              </AsyncButton>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button--ghost settings__link"
          aria-label="Link another address"
          onClick={() => {
            dispatch(signInOpened('link'));
          }}
        >
          +
        </button>
      </section>
      <NoticeText notice={notice} />
      <AsyncButton className="button settings__logout" onClick={logoutNow}>
        Logout
      </AsyncButton>
      {dialog}
    </div>
  );
}

/** The settings drawer of the signed-in user: profile link, currency, displayed name, X handle, addresses, logout. */
export function SettingsDrawer() {
  const dispatch = useDispatch();
  const { user, epoch, failed } = useCurrentUser();
  return (
    <Modal title="Settings" variant="drawer" onClose={() => dispatch(settingsClosed())}>
      {user ? (
        <SettingsBody key={user.user_id} user={user} epoch={epoch} />
      ) : failed ? (
        <ErrorNotice message={GENERIC_ERROR} />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}
