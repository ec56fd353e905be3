import { useCopyFlash } from '@/lib/use-copy-flash';
import { formatInteger, shortenAddress } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { isCreatorId } from '../profile-params';
import type { Profile } from '../types';

/** Where an address links: its page on a public block explorer. */
export function explorerAddressUrl(address: string): string {
  return `https://mempool.space/address/${encodeURIComponent(address)}`;
}

/**
 * The name a profile shows: its display name, else its user id, whole when it is a creator's (shorter than an
 * address), shortened to 5 characters at both ends otherwise.
 */
export function profileName(profile: Profile): string {
  const id = profile.user_id ?? '';
  return profile.display_name ?? (isCreatorId(id) ? id : shortenAddress(id, 5));
}

function CopyAddress({ address }: { address: string }) {
  const { copied, copy } = useCopyFlash();
  return (
    <button
      type="button"
      className="sort-button profile__copy"
      aria-label={copied ? 'Copied!' : `Copy ${address}`}
      onClick={() => {
        void copy(address);
      }}
    >
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}

/** The profile's header: name, social handle, addresses (explorer link and copy) and the stats. */
export function ProfileHeader({ profile, titleId }: { profile: Profile; titleId: string }) {
  const addresses = profile.addresses ?? [];
  const twitter = profile.twitter?.replace(/^@/, '');
  return (
    <header className="profile__head">
      <h1 id={titleId} className="profile__name break" title={profile.user_id}>
        {profileName(profile)}
      </h1>
      {profile.user_id && isCreatorId(profile.user_id) && (
        <p className="profile__creator">
          <span className="badge">Creator</span> <span className="break">{profile.user_id}</span>
        </p>
      )}
      {twitter && (
        <a
          className="text-link profile__twitter"
          href={`https://x.com/${encodeURIComponent(twitter)}`}
          rel="noopener noreferrer"
          target="_blank"
        >
          @{twitter}
        </a>
      )}
      {addresses.length > 0 && (
        <ul className="profile__addresses" aria-label="Addresses">
          {addresses.map((address) => (
            <li key={address} className="profile__address">
              <a
                className="mono text-link"
                href={explorerAddressUrl(address)}
                title={address}
                rel="noopener noreferrer"
                target="_blank"
              >
                {shortenAddress(address, 5)}
              </a>
              <CopyAddress address={address} />
            </li>
          ))}
        </ul>
      )}
      <dl className="profile__stats">
        <div>
          <dt>Total unique</dt>
          <dd>{formatInteger(profile.stamp_count ?? 0)}</dd>
        </div>
        <div>
          <dt>Total minted</dt>
          <dd>{formatInteger(profile.stamp_created_count ?? 0)}</dd>
        </div>
        <div>
          <dt>Floor valuation</dt>
          <dd>{formatBtc(profile.floor_valuation)}</dd>
        </div>
        <div>
          <dt>Last sale valuation</dt>
          <dd>{formatBtc(profile.last_sale_valuation)}</dd>
        </div>
      </dl>
    </header>
  );
}
