import { useId } from 'react';
import { formatInteger } from '@/utils/format';
import { WHITELIST_TEXTS, type WhitelistStatus } from '../launchpad-rules';

type WhitelistCheckProps = {
  address: string;
  onAddress: (address: string) => void;
  status: WhitelistStatus;
};

/** The status line of the check: nothing while idle, else the spec's text for its state. */
function StatusLine({ status }: { status: WhitelistStatus }) {
  switch (status.state) {
    case 'idle':
      return null;
    case 'checking':
      return <p className="mint-whitelist__status">{WHITELIST_TEXTS.checking}</p>;
    case 'error':
      return <p className="mint-whitelist__status mint-whitelist__status--error">{WHITELIST_TEXTS.error}</p>;
    case 'notEligible':
      return <p className="mint-whitelist__status">{WHITELIST_TEXTS.notEligible}</p>;
    case 'eligible':
      return (
        <p className="mint-whitelist__status mint-whitelist__status--eligible">
          {WHITELIST_TEXTS.eligible}
          {status.max > 0 && ` Minted ${formatInteger(status.minted)}/${formatInteger(status.max)}.`}
        </p>
      );
  }
}

/**
 * The whitelist check (spec §4): an address (the minter's own by default) checked once it is longer than 26
 * characters: 'Checking...', then eligible, not eligible, or a failure to check.
 */
export function WhitelistCheck({ address, onAddress, status }: WhitelistCheckProps) {
  const id = useId();
  return (
    <div className="mint-field mint-whitelist" aria-live="polite">
      <label className="field__label" htmlFor={id}>
        Whitelist check
      </label>
      <input
        id={id}
        className="field__input mono"
        autoComplete="off"
        spellCheck={false}
        placeholder="Address"
        value={address}
        onChange={(event) => {
          onAddress(event.target.value);
        }}
      />
      <StatusLine status={status} />
    </div>
  );
}
