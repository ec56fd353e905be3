import { useMemo, useState } from 'react';
import { mintQuantityOf, quantityPerMint, type Collection } from '@/lib/collection';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNow } from '@/lib/use-now';
import { desiredFeeRate, feeRateOf } from '@/lib/wallet/fees';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { formatBtc } from '@/utils/money';
import { useCreateLaunchpadMintMutation, useGetWhitelistQuery, WHITELIST_CACHE_SECONDS } from '../api';
import { launchpadEstimate } from '../estimates';
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
 * options and the estimate (22,230 + 990 satoshis, or 30 vB at the optimal rate for a whitelist fee of zero, plus the
 * owner's fee, plus 346 vB for bc1 or 427 at the rate), then 'Mint'.
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
  const { ownerFee, freeWhitelist } = ownerFeeOf(collection, now, listedFee);

  const key = JSON.stringify([choice, source, ownerFee, freeWhitelist]);
  const settledKey = useDebouncedValue(key, ESTIMATE_DEBOUNCE_MS);
  const estimate = useMemo(() => {
    if (!fees) return null;
    const [settledChoice, settledSource, settledFee, settledFree] = JSON.parse(settledKey) as [
      typeof choice,
      string,
      number,
      boolean,
    ];
    return launchpadEstimate({
      source: settledSource,
      ownerFee: settledFee,
      freeWhitelist: settledFree,
      times,
      feeRate: feeRateOf(settledChoice, fees),
      optimalFee: fees.optimalFee,
    });
  }, [fees, settledKey, times]);

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
        estimate={estimate}
        pending={settledKey !== key}
        sourceMissing={sourceMissing}
        error={mint.error}
        submitLabel="Mint"
        canSubmit
        source={source}
        onSubmit={async () => {
          if (!fees) return;
          await mint.submit(source, () =>
            create({
              source,
              name: collection.collection_id,
              times,
              freeCode: '',
              desiredFeeRate: desiredFeeRate(choice, fees),
              isPsbt: true,
            }),
          );
        }}
      >
        <WhitelistCheck address={address} onAddress={setTyped} status={status} />
      </MintForm>
    </MintDialog>
  );
}
