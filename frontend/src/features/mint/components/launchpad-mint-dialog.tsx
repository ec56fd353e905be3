import { useMemo, useState } from 'react';
import { mintQuantityOf, quantityPerMint, type Collection } from '@/lib/collection';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNow } from '@/lib/use-now';
import { desiredFeeRate } from '@/lib/wallet/fees';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { settledAnswer, useQuote } from '@/lib/wallet/quote';
import { formatBtc } from '@/utils/money';
import { useCreateLaunchpadMintMutation, useGetWhitelistQuery, WHITELIST_CACHE_SECONDS } from '../api';
import { ownerFeeOf, shouldCheckWhitelist, whitelistFee, whitelistStatus } from '../launchpad-rules';
import { useMint } from '../use-mint';
import { ESTIMATE_DEBOUNCE_MS, MintDialog, MintForm, useMintInputs } from './mint-form';
import { WhitelistCheck } from './whitelist-check';

/** The whitelist check of an address typed (debounced 500 ms; the answer cached 5 s), and its state. */
function useWhitelist(collectionId: string, address: string) {
  const typed = address.trim();
  const settled = useDebouncedValue(typed, ESTIMATE_DEBOUNCE_MS);
  const asked = shouldCheckWhitelist(collectionId, settled);
  const answer = useGetWhitelistQuery(
    { collection: collectionId, address: settled },
    { skip: !asked, refetchOnMountOrArgChange: WHITELIST_CACHE_SECONDS },
  );
  // While the address typed has not settled, there is no result for it yet.
  const current =
    settled === typed
      ? { data: answer.currentData, isError: answer.isError, isFetching: answer.isFetching }
      : { data: undefined, isError: false, isFetching: true };
  return { status: whitelistStatus(shouldCheckWhitelist(collectionId, typed), current), checked: settled };
}

type LaunchpadMintDialogProps = {
  collection: Collection;
  wallet: SigningWallet;
  page: PsbtWindow;
  onClose: () => void;
};

/**
 * The launchpad mint dialog (spec §4, §9): the price in force (the minter's whitelist round's while it runs, free
 * inside the free-mint window, else the launchpad's fee), the locked quantity (n/n), the whitelist check, the fee
 * options and what the server builds for them, line by line (its service fee, the owner's fee of the phase it finds,
 * the data outputs, the network fee), then 'Mint': the wallet signs that build.
 */
export function LaunchpadMintDialog({ collection, wallet, page, onClose }: LaunchpadMintDialogProps) {
  const request = useMemo(() => ({ action: 'mint-launchpad' as const, collection }), [collection]);
  const mint = useMint(request, wallet, page);
  const [create] = useCreateLaunchpadMintMutation();
  const { fees, source, sourceMissing, choice, setChoice } = useMintInputs();
  const now = useNow(1000);
  // The address checked: the minter's own until another is typed.
  const [typed, setTyped] = useState<string | null>(null);
  const address = typed ?? source;
  const whitelist = useWhitelist(collection.collection_id, address);
  const times = mintQuantityOf(collection.quantity_per_mint);

  // The whitelist's fee applies to the minter's own address, while one of its rounds runs.
  const status = whitelist.status;
  const listedFee =
    status.state === 'eligible' && source !== '' && whitelist.checked === source
      ? whitelistFee(collection.white_list_config, status.rounds, now)
      : null;
  const { ownerFee } = ownerFeeOf(collection, now, listedFee);

  // The phase (and its fee) is the server's to find when it builds: the quote follows the price shown too.
  const rate = fees ? desiredFeeRate(choice, fees) : 0;
  const key = fees && source ? JSON.stringify([source, times, rate, ownerFee]) : null;
  const build = () =>
    create({
      source,
      name: collection.collection_id,
      times,
      freeCode: '',
      desiredFeeRate: rate,
      isPsbt: true,
    });
  const quote = useQuote(key, build, ESTIMATE_DEBOUNCE_MS);

  const terms = (
    <dl className="info-list mint-terms" aria-label="Terms">
      <div className="info-list__row">
        <dt>Price</dt>
        <dd>{ownerFee === 0 ? 'Free' : formatBtc(ownerFee)}</dd>
      </div>
      <div className="info-list__row">
        <dt>Quantity</dt>
        <dd>{quantityPerMint(collection.quantity_per_mint)}</dd>
      </div>
    </dl>
  );

  return (
    <MintDialog
      title={`Mint ${collection.name || collection.collection_id}`}
      onClose={onClose}
      txids={mint.txids}
      error={mint.error}
    >
      <MintForm
        wallet={wallet}
        page={page}
        terms={terms}
        fees={fees}
        choice={choice}
        onChoose={setChoice}
        quote={quote}
        royaltiesLabel="Launchpad fee"
        sourceMissing={sourceMissing}
        error={mint.error}
        submitLabel="Mint"
        canSubmit
        source={source}
        onSubmit={async () => {
          const answer = settledAnswer(quote);
          if (answer) await mint.submit(source, answer);
        }}
      >
        <WhitelistCheck address={address} onAddress={setTyped} status={status} />
      </MintForm>
    </MintDialog>
  );
}
