import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ARTISTS, COLLECTORS, devnetActor, type Actor } from './support/devnet-signer';
import { api, injectUnisat, rpc, signIn, type PsbtRequest } from './support/wallet';

/**
 * Minting, against the real stack: a fairmint, an SRC-20 mint, a launchpad mint (with the whitelist check's three
 * outcomes) and the goose's, each built by the wallet API, signed by a devnet actor's key through an injected wallet
 * with Unisat's interface, broadcast and mined on the devnet (E2E_RPC_URL).
 */

/** The minters: demo collectors no other browser test signs with (every actor starts with XCP). */
const FAIRMINTER = COLLECTORS.first + 5;
const SRC20_MINTER = COLLECTORS.first + 8;
const LAUNCHPAD_MINTER = COLLECTORS.first + 9;
const GOOSE_MINTER = COLLECTORS.first;

type Paged<T> = { hits: T[]; estimatedTotalHits: number };
type Fairminter = {
  cpid: string;
  status: string;
  price: string;
  quantity_by_price: string;
  hard_cap: string;
  max_mint_per_tx: string;
};
type Deploy = { tick: string; limit: string | null; progress: string | null };
type Launchpad = {
  collection_id: string;
  name: string;
  type: string;
  fee?: number | null;
  public_mint?: [number, number] | null;
  free_mint?: [number, number] | null;
  white_list_config?: { groups: { type: string; id: string }[][] }[] | null;
};

/** The mint dialog's transaction link, once sent: its txid. */
async function sentTxid(dialog: ReturnType<Page['getByRole']>): Promise<string> {
  const link = dialog.getByRole('link', { name: /^[0-9a-f]{64}$/ });
  await expect(link, 'the broadcast transaction').toBeVisible({ timeout: 30_000 });
  const txid = (await link.textContent()) ?? '';
  await expect(link).toHaveAttribute('href', new RegExp(`${txid}$`));
  return txid;
}

/** The wallet signed only the minter's inputs, finalized. */
function expectSignedBy(psbts: PsbtRequest[], minter: Actor): void {
  expect(psbts.length).toBeGreaterThanOrEqual(1);
  for (const { options } of psbts) {
    expect(options.autoFinalized).toBe(true);
    expect(options.toSignInputs?.every((input) => input.address === minter.address)).toBe(true);
  }
}

/** The node holds `txid` in its mempool; a block mined to `minter` confirms it. */
async function mine(txid: string, minter: Actor): Promise<void> {
  expect((await rpc('getrawmempool', [])) as string[]).toContain(txid);
  await rpc('generatetoaddress', [1, minter.address]);
  expect((await rpc('getrawmempool', [])) as string[]).not.toContain(txid);
}

/** A create call the page made: what it asked, and what the server built (its first PSBT and the assets it names). */
type Created = { body: unknown; txHex: string; assets: string[] };

/** Every create call to `path` the page makes from now on: a dialog's quotes, each built again as its inputs change. */
function recordCreates(page: Page, path: string): Created[] {
  const made: Created[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith(path) || !response.ok()) return;
    void response.json().then((answer: { result?: { txHex?: string }; assets?: string[] }) => {
      made.push({
        body: request.postDataJSON() as unknown,
        txHex: answer.result?.txHex ?? '',
        assets: answer.assets ?? [],
      });
    });
  });
  return made;
}

/** The create call whose build the wallet signed: the dialog signs the quote it shows, never a build of its own. */
function signedCreate(made: Created[], psbts: PsbtRequest[]): Created {
  const signed = psbts.at(0)?.psbt;
  const created = made.find((call) => call.txHex === signed);
  expect(created, 'the signed PSBT is one the server built for the dialog').toBeDefined();
  return created ?? { body: null, txHex: '', assets: [] };
}

/** Polls until the stamp `cpid` is indexed: its page answers. */
async function indexed(request: APIRequestContext, cpid: string): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/stamp/${cpid}`)).status(), {
      timeout: 90_000,
      intervals: [1_000, 2_000, 3_000],
    })
    .toBe(200);
}

/** The launchpads, as the home page lists them. */
async function launchpads(request: APIRequestContext): Promise<Launchpad[]> {
  const page = await api<Paged<Launchpad>>(request, '/api/collections/?only=launchpad&sort=highest_stamp_number:desc');
  return page.hits;
}

function isOpen(range: [number, number] | null | undefined, now: number): boolean {
  return Boolean(range && now >= range[0] && now < range[1]);
}

test('a fairmint of a paid fairminter: a multiple of its lot, signed, broadcast, mined, then held', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const minter = devnetActor(FAIRMINTER);
  const open = await api<Paged<Fairminter>>(request, '/api/fairminter/search?only=in_progress&limit=100');
  // An open fairminter without a hard cap: the demo's paid, uncapped kind.
  const fairminter = open.hits.find((hit) => hit.status === 'open' && /^0*$/.test(hit.hard_cap));
  expect(fairminter, 'an open fairminter without a hard cap').toBeDefined();
  if (!fairminter) return;
  const lot = BigInt(fairminter.quantity_by_price);
  expect(BigInt(fairminter.price), 'a paid fairminter').toBeGreaterThan(0n);

  const psbts = await injectUnisat(page, minter);
  const made = recordCreates(page, '/api/wallet/create/fairmint');
  await page.goto(`/fairmint/${fairminter.cpid}?site=xcp`);
  await signIn(page);
  const grid = page.getByRole('list', { name: 'Fairminters' });
  await grid.getByRole('button', { name: `Mint ${fairminter.cpid}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Fairmint ${fairminter.cpid}` });
  await expect(dialog.getByLabel('Terms')).toContainText('XCP per');
  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue(lot.toString());
  // Rounded down to a multiple of the lot on blur.
  await quantity.fill((lot * 2n + (lot > 1n ? 1n : 0n)).toString());
  await quantity.blur();
  await expect(quantity).toHaveValue((lot * 2n).toString());

  const mint = dialog.getByRole('button', { name: 'Mint', exact: true });
  await expect(mint).toBeEnabled({ timeout: 40_000 });
  // The server's build, line by line: a bc1 minter's fairmint is about 170 vB.
  await expect(dialog.getByLabel('Estimate')).toContainText(/Network fee \(1[5-9]\d vB\)/);
  await mint.click();
  const txid = await sentTxid(dialog);
  expectSignedBy(psbts, minter);
  expect(signedCreate(made, psbts).body).toEqual({
    source: minter.address,
    asset: fairminter.cpid,
    quantity: (lot * 2n).toString(),
    desiredFeeRate: -1,
    isPsbt: true,
  });
  await mine(txid, minter);
  await expect
    .poll(
      async () => {
        const asset = await api<{ holders?: { address: string | null }[] }>(request, `/api/asset/${fairminter.cpid}`);
        return (asset.holders ?? []).map((holder) => holder.address);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toContain(minter.address);
});

test("an SRC-20 mint of a tick in progress: its limit by default, signed, mined, in the tick's activity", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const minter = devnetActor(SRC20_MINTER);
  const deploys = await api<Paged<Deploy>>(request, '/api/src20/search?types=deploy&only=in_progress&limit=100');
  const deploy = deploys.hits.find((hit) => hit.limit && Number(hit.progress ?? '0') < 100);
  expect(deploy, 'an SRC-20 tick still minting').toBeDefined();
  if (!deploy?.limit) return;
  const promo = await api<{ left: number; limit: number }>(request, '/api/wallet/promo');

  const psbts = await injectUnisat(page, minter);
  const made = recordCreates(page, '/api/wallet/create/src20-issuance');
  await page.goto(`/src20/tick/${encodeURIComponent(deploy.tick)}`);
  await signIn(page);
  await page.getByRole('region', { name: 'Supply' }).getByRole('button', { name: 'Mint Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Mint ${deploy.tick}` });
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(deploy.limit);
  // The warning past 20% minted.
  await expect(dialog.getByRole('note')).toHaveCount(Number(deploy.progress ?? '0') > 20 ? 1 : 0);
  if (promo.left > 0) {
    await expect(dialog.getByText(`Only ${String(promo.left)}/${String(promo.limit)} left`)).toBeVisible();
  } else {
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  }

  const mint = dialog.getByRole('button', { name: 'Mint', exact: true });
  await expect(mint).toBeEnabled({ timeout: 40_000 });
  // The server's build: the data outputs that carry the mint, its service fee, the network fee.
  await expect(dialog.getByLabel('Estimate')).toContainText('Data outputs');
  await expect(dialog.getByLabel('Estimate')).toContainText('Service fee');
  await mint.click();
  const txid = await sentTxid(dialog);
  expectSignedBy(psbts, minter);
  expect(signedCreate(made, psbts).body).toMatchObject({
    source: minter.address,
    type: 'mint',
    tick: deploy.tick,
    amount: deploy.limit,
    promo: false,
    isPsbt: true,
  });
  await mine(txid, minter);
  await expect
    .poll(
      async () => {
        const history = await api<Paged<{ txHash: string; op: string; creator: string }>>(
          request,
          `/api/src20/tick/${encodeURIComponent(deploy.tick)}/history?page=1&limit=20`,
        );
        return history.hits.find((hit) => hit.txHash === txid);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toMatchObject({ op: 'MINT', creator: minter.address });
});

test("the launchpad's whitelist check: eligible, not eligible, could not check; then a mint, signed and mined", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const now = Date.now();
  // The demo's open launchpad with a whitelist round for the holders of another collection.
  const pad = (await launchpads(request)).find(
    (candidate) => isOpen(candidate.public_mint, now) && (candidate.white_list_config ?? []).length > 0,
  );
  expect(pad, 'an open launchpad with a whitelist').toBeDefined();
  if (!pad) return;
  const held = pad.white_list_config?.[0]?.groups[0]?.[0];
  expect(held?.type, "the whitelist round's group: holders of a collection").toBe('collection');
  const collectors = await api<Paged<{ address: string }>>(
    request,
    `/api/collection/${encodeURIComponent(held?.id ?? '')}/collectors?limit=100`,
  );
  const holders = new Set(collectors.hits.map((hit) => hit.address));
  const eligible = collectors.hits[0]?.address;
  expect(eligible, `a holder of ${held?.id ?? ''}`).toBeDefined();
  const outsider = [ARTISTS.first, ARTISTS.first + 7, COLLECTORS.end, COLLECTORS.end + 1]
    .map((index) => devnetActor(index).address)
    .find((address) => !holders.has(address));
  expect(outsider, `an actor holding nothing of ${held?.id ?? ''}`).toBeDefined();

  const minter = devnetActor(LAUNCHPAD_MINTER);
  const psbts = await injectUnisat(page, minter);
  const made = recordCreates(page, '/api/wallet/create/launchpad-issuance');
  await page.goto(`/collection/${encodeURIComponent(pad.collection_id)}`);
  await signIn(page);
  const free = !pad.fee || isOpen(pad.free_mint, Date.now());
  const button = page
    .getByRole('region', { name: 'Mint', exact: true })
    .getByRole('button', { name: free ? 'Free Mint' : 'Mint Now', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Mint ${pad.name || pad.collection_id}` });
  await expect(dialog.getByLabel('Terms')).toContainText('Quantity1/1');

  const address = dialog.getByRole('textbox', { name: 'Whitelist check' });
  await expect(address).toHaveValue(minter.address);
  await address.fill(eligible ?? '');
  await expect(dialog.getByText('You are eligible for whitelist mint.', { exact: false })).toBeVisible();
  await address.fill(outsider ?? '');
  await expect(dialog.getByText('You are not eligible for any discount.')).toBeVisible();
  // An address the server cannot read: it says it could not check.
  await address.fill(`bc1q${'x'.repeat(36)}`);
  await expect(dialog.getByText("Couldn't check, try again later...")).toBeVisible();
  // 26 characters or fewer: no check.
  await address.fill('bc1qshort');
  await expect(dialog.getByText(/Checking\.\.\.|eligible|Couldn't check/)).toHaveCount(0);

  const mint = dialog.getByRole('button', { name: 'Mint', exact: true });
  await expect(mint).toBeEnabled({ timeout: 40_000 });
  await mint.click();
  const txid = await sentTxid(dialog);
  expectSignedBy(psbts, minter);
  const signed = signedCreate(made, psbts);
  expect(signed.body).toEqual({
    source: minter.address,
    name: pad.collection_id,
    times: 1,
    freeCode: '',
    desiredFeeRate: -1,
    isPsbt: true,
  });
  const [minted] = signed.assets;
  await mine(txid, minter);
  // The new stamp is the collection's.
  await indexed(request, minted ?? '');
  const collection = await api<{ stamp_ids?: string[] }>(
    request,
    `/api/collection/${encodeURIComponent(pad.collection_id)}?with_stamp_ids=true`,
  );
  expect(collection.stamp_ids ?? []).toContain(minted);
});

test('the goose tool mints from the launchpad of collection goose', async ({ page, request }) => {
  test.setTimeout(180_000);
  // The goose's directory is no collection card: its launchpad's own answer carries its terms.
  const goose = await api<Launchpad>(request, '/api/launchpad/goose');
  expect(isOpen(goose.public_mint, Date.now()), "the goose's public mint is open").toBe(true);

  const minter = devnetActor(GOOSE_MINTER);
  const psbts = await injectUnisat(page, minter);
  const made = recordCreates(page, '/api/wallet/create/launchpad-issuance');
  await page.goto('/collection/goose');
  await signIn(page);
  const tool = page.getByRole('region', { name: 'Random goose' });
  // Enabled once the goose data has loaded.
  await expect(tool.getByRole('img')).toBeVisible({ timeout: 120_000 });
  const button = tool.getByRole('button', { name: /^(Mint Now|Free Mint)$/ });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog', { name: /^Mint / });
  const mint = dialog.getByRole('button', { name: 'Mint', exact: true });
  await expect(mint).toBeEnabled({ timeout: 40_000 });
  await mint.click();
  const txid = await sentTxid(dialog);
  expectSignedBy(psbts, minter);
  const signed = signedCreate(made, psbts);
  expect(signed.body).toMatchObject({ source: minter.address, name: 'goose', times: 1, isPsbt: true });
  const [drawn] = signed.assets;
  // A goose: the prefix, then six digits.
  expect(drawn).toMatch(/^A1000000000000\d{6}$/);
  await mine(txid, minter);
  await indexed(request, drawn ?? '');
});
