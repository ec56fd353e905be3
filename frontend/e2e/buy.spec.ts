import { expect, test, type Locator, type Page } from '@playwright/test';
import { COLLECTORS, devnetActor } from './support/devnet-signer';
import { api, injectUnisat, onSale, openDispensers, rpc, signIn, type Hit, type Paged } from './support/wallet';

/**
 * Buying, against the real stack: the cart, the buy dialog's quantity rules, and a purchase from an open dispenser
 * signed by a devnet actor's key through an injected wallet with Unisat's interface, broadcast, mined and indexed.
 *
 * E2E_RPC_URL: the devnet's JSON-RPC, e.g. http://127.0.0.1:18443 (credentials in the URL, or E2E_RPC_USER and
 * E2E_RPC_PASSWORD, when the devnet asks for them); the purchase mines its block there.
 * E2E_BUYER: the actor index of the buyer (default: a demo collector no other browser test uses).
 */

const BUYER = Number(process.env.E2E_BUYER ?? String(COLLECTORS.first + 7));
/** Another collector, for the dialog's rules (signs in, never buys). */
const BROWSER = COLLECTORS.first + 6;
/** The most a purchase may cost the buyer, in satoshis (the demo's collectors start with 0.5 BTC). */
const MAX_PRICE = 10_000_000;

/** The cart as the page keeps it. */
async function storedCart(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as string[]);
}

/** The card of `cpid` in the grid. */
function card(grid: Locator, cpid: string): Locator {
  return grid.getByRole('listitem').filter({ has: grid.page().locator(`a[href="/stamp/${cpid}"]`) });
}

test('the cart holds 5 listings: then Buy now is disabled, and a visitor is asked to sign in', async ({
  page,
  request,
}) => {
  const stamps = await onSale(request);
  expect(stamps.length, 'stamps on sale in the demo').toBeGreaterThanOrEqual(2);
  const [first, second] = stamps as [Hit, Hit];
  // Four listings already in the cart, as an earlier visit left them (no such dispensers: the cart does not care).
  const earlier = ['1', '2', '3', '4'].map((digit) => digit.repeat(64));
  await page.addInitScript((hashes: string[]) => {
    if (localStorage.getItem('cart') === null) localStorage.setItem('cart', JSON.stringify(hashes));
  }, earlier);
  await page.goto('/search?only=on_sale');
  const grid = page.getByRole('list', { name: 'Stamps' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart (4)' })).toBeVisible();

  await card(grid, first.cpid).getByRole('button', { name: 'Buy now' }).click();
  // A visitor: the listing is in the cart and the sign-in panel opens.
  const panel = page.getByRole('dialog', { name: 'Connect' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart (5)' })).toBeVisible();
  expect(await storedCart(page)).toEqual([...earlier, first.on_sale]);

  await expect(card(grid, second.cpid).getByRole('button', { name: 'Buy now' })).toBeDisabled();
  await expect(card(grid, first.cpid).getByRole('button', { name: 'Buy now' })).toBeEnabled();
  await page.reload();
  await expect(card(grid, second.cpid).getByRole('button', { name: 'Buy now' })).toBeDisabled();
  expect(await storedCart(page)).toHaveLength(5);
});

test("the buy dialog's quantity: a multiple of the lot, at most what remains, at least one lot; Max", async ({
  page,
  request,
}) => {
  const actor = devnetActor(BROWSER);
  const listings = await openDispensers(request, actor.address);
  const listing = listings.find(
    (candidate) => !candidate.divisible && BigInt(candidate.give_remaining) >= BigInt(candidate.give_quantity) * 2n,
  );
  expect(listing, 'an open dispenser of an indivisible stamp with two lots left').toBeDefined();
  if (!listing) return;
  const lot = BigInt(listing.give_quantity);
  const remaining = BigInt(listing.give_remaining);
  const max = remaining - (remaining % lot);

  await injectUnisat(page, actor);
  await page.goto('/');
  await signIn(page);
  await page.evaluate((hash: string) => {
    localStorage.setItem('cart', JSON.stringify([hash]));
  }, listing.tx_hash);
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  const input = dialog.getByRole('textbox', { name: /^Quantity of / });
  await expect(input).toHaveValue(lot.toString());
  await expect(input).toBeEnabled();

  for (const [typed, kept] of [
    [lot * 2n + (lot > 1n ? 1n : 0n), lot * 2n],
    [remaining + 1000n, max],
    [0n, lot],
  ] as const) {
    await input.fill(typed.toString());
    await input.blur();
    await expect(input).toHaveValue(kept.toString());
  }
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(input).toHaveValue(max.toString());
  await expect(dialog.getByText('Remaining:')).toContainText(listing.give_remaining);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a purchase from an open dispenser: signed by the wallet, broadcast, mined, then held by the buyer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = devnetActor(BUYER);
  const held = await api<Paged<{ cpid: string }>>(
    request,
    `/api/stamps/holders_addresses?addresses=${buyer.address}&limit=100`,
  );
  const owned = new Set(held.hits.map((hit) => hit.cpid));
  // The listing each stamp page's 'Buy now' buys: the stamp's on-sale dispenser; the cheapest such.
  const stamps = await onSale(request);
  const listings = (await openDispensers(request, buyer.address))
    .filter((listing) => !owned.has(listing.cpid) && listing.satoshi_price <= MAX_PRICE)
    .filter((listing) => stamps.some((stamp) => stamp.cpid === listing.cpid && stamp.on_sale === listing.tx_hash))
    .sort((a, b) => a.satoshi_price - b.satoshi_price);
  const listing = listings[0];
  expect(listing, `an open dispenser of a stamp actor ${String(BUYER)} does not hold`).toBeDefined();
  if (!listing) return;

  const psbts = await injectUnisat(page, buyer);
  await page.goto(`/stamp/${listing.cpid}`);
  await signIn(page);
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Buy now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog.getByRole('list', { name: 'Cart' })).toContainText(listing.cpid);
  // Enabled once the fee oracle's record and the user's address are there.
  const buy = dialog.getByRole('button', { name: 'Buy', exact: true });
  await expect(buy).toBeEnabled({ timeout: 40_000 });
  await expect(dialog.getByLabel('Estimate')).toContainText('Total');
  await buy.click();

  const link = dialog.getByRole('link', { name: /^[0-9a-f]{64}$/ });
  await expect(link, 'the broadcast transaction').toBeVisible({ timeout: 30_000 });
  const txid = (await link.textContent()) ?? '';
  await expect(link).toHaveAttribute('href', new RegExp(`${txid}$`));
  expect(psbts).toHaveLength(1);
  expect(psbts[0]?.options.autoFinalized).toBe(true);
  expect(psbts[0]?.options.toSignInputs?.every((input) => input.address === buyer.address)).toBe(true);
  expect(await storedCart(page)).not.toContain(listing.tx_hash);

  // The node holds it in its mempool; one block later the indexer credits the buyer.
  const mempool = (await rpc('getrawmempool', [])) as string[];
  expect(mempool).toContain(txid);
  await rpc('generatetoaddress', [1, buyer.address]);
  await expect
    .poll(
      async () => {
        const now = await api<Paged<{ cpid: string }>>(
          request,
          `/api/stamps/holders_addresses?addresses=${buyer.address}&limit=100`,
        );
        return now.hits.map((hit) => hit.cpid);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toContain(listing.cpid);
});

test("an atomic swap from a listing: the seller's signed input completed by the buyer's, sent and mined", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const utxo = process.env.E2E_LISTING ?? '';
  expect(utxo, 'E2E_LISTING: a UTXO listed for sale (scripts/demo-listings.sh)').not.toBe('');
  type Item = { source: string; cpid: string; price: number; error?: string };
  const item = await api<Item>(request, `/api/wallet/buy/${utxo}`);
  expect(item.error, `the listing of ${utxo}`).toBeUndefined();
  const buyerIndex = [COLLECTORS.first + 4, COLLECTORS.first + 3].find(
    (index) => devnetActor(index).address !== item.source,
  );
  expect(buyerIndex).toBeDefined();
  const buyer = devnetActor(buyerIndex ?? COLLECTORS.first);

  const psbts = await injectUnisat(page, buyer);
  // The dialog's quotes: what the server built for the cart each time it changed.
  type Quoted = { txHex: string; fee: number; vsize: number; total: number };
  const quotes: Quoted[] = [];
  page.on('response', (response) => {
    if (response.request().method() !== 'POST' || !response.url().endsWith('/api/wallet/create/buy')) return;
    void response.json().then((answer: { result?: Quoted }) => {
      if (answer.result) quotes.push(answer.result);
    });
  });
  await page.goto('/');
  await page.evaluate((hash) => {
    localStorage.setItem('cart', JSON.stringify([hash]));
  }, utxo);
  await page.reload();
  await signIn(page);
  await page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog.getByRole('list', { name: 'Cart' })).toContainText(item.cpid);
  const buy = dialog.getByRole('button', { name: 'Buy', exact: true });
  await expect(buy).toBeEnabled({ timeout: 40_000 });
  // The quote is the server's build, the seller's input and the swap's outputs counted.
  const quoted = quotes.at(-1);
  expect(quoted, 'a quote of the swap').toBeDefined();
  await expect(dialog.getByLabel('Estimate')).toContainText(`Network fee (${String(quoted?.vsize)} vB)`);
  await buy.click();

  const link = dialog.getByRole('link', { name: /^[0-9a-f]{64}$/ });
  await expect(link, 'the broadcast swap').toBeVisible({ timeout: 30_000 });
  // What was signed is the quote, and the network fee the node sees is the one quoted, to the satoshi.
  expect(psbts.map((signed) => signed.psbt)).toEqual([quoted?.txHex]);
  // The wallet signed the buyer's inputs only: the seller's (input 1) came signed with the listing.
  expect(psbts).toHaveLength(1);
  expect(psbts[0]?.options.toSignInputs?.some((input) => input.index === 1)).toBe(false);
  const txid = (await link.textContent()) ?? '';
  expect((await rpc('getrawmempool', [])) as string[]).toContain(txid);
  const entry = (await rpc('getmempoolentry', [txid])) as { fees: { base: number } };
  expect(Math.round(entry.fees.base * 1e8)).toBe(quoted?.fee);
  // Until the block, the listing is held up by the purchase waiting for it: in the cart it says 'Pending', and
  // nothing can be bought.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/wallet/buy/${utxo}`)).json()) as Item & { pending: boolean }).pending,
      {
        timeout: 30_000,
        intervals: [250, 500],
      },
    )
    .toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await page.evaluate((hash) => {
    localStorage.setItem('cart', JSON.stringify([hash]));
  }, utxo);
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
  const again = page.getByRole('dialog', { name: 'Buy' });
  await expect(again.getByRole('list', { name: 'Cart' })).toContainText('Pending');
  await expect(again.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
  await rpc('generatetoaddress', [1, buyer.address]);
  // Once the UTXO is spent, the listing is over.
  await expect
    .poll(async () => ((await (await request.get(`/api/wallet/buy/${utxo}`)).json()) as Item).error, {
      timeout: 60_000,
      intervals: [1_000, 2_000],
    })
    .toBe('Listing not found');
});
