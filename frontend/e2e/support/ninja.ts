import { expect, type APIRequestContext, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { devnetActor } from './devnet-signer';
import { api, rpc, type Paged } from './wallet';

/**
 * What the browser tests of the Ninja wallet share: where it is served, its creation on its own page, the devnet's
 * funding and mining, the stamps an address holds, and the wallet panel the site frames (unlocked, signed in with).
 *
 * E2E_WALLET_URL: where the gateway serves the wallet, e.g. http://127.0.0.1:28081 (another origin than
 * E2E_BASE_URL, the site, which is the tests' baseURL).
 */

export const walletUrl = process.env.E2E_WALLET_URL;
if (!walletUrl) {
  throw new Error('E2E_WALLET_URL is not set: export E2E_WALLET_URL=http://127.0.0.1:28081 (the wallet listener)');
}
export const WALLET_URL = walletUrl;
export const WALLET_ORIGIN = new URL(WALLET_URL).origin;

/** The password of the wallets the tests create. */
export const PASSWORD = 'ninja e2e password';

/** A mainnet-format P2WPKH address. */
export const BC1Q = /^bc1q[02-9ac-hj-np-z]{38}$/;

/** The address the unlocked wallet shows. */
export function shownAddress(page: Page | Frame) {
  return page.getByTestId('address');
}

/** Chooses the wallet's password (typed twice) and submits. */
export async function choosePassword(page: Page, submit: 'Create wallet' | 'Import wallet'): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/**
 * Creates a wallet on the wallet's page: reads its 12 words, types a wrong word first (refused, the step stays),
 * then the 3 words asked. Returns the words and the address shown.
 */
export async function createWallet(page: Page): Promise<{ words: string[]; address: string }> {
  await page.getByRole('button', { name: 'Create a wallet', exact: true }).click();
  const words = await page.getByRole('list', { name: 'Recovery phrase' }).getByRole('listitem').allTextContents();
  expect(words).toHaveLength(12);
  await page.getByLabel('I have written these words down').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  const labels = await page
    .locator('label')
    .filter({ hasText: /^Word #\d+$/ })
    .allTextContents();
  const positions = labels.map((label) => Number(label.replace('Word #', '')));
  expect(positions).toHaveLength(3);
  const word = (position: number) => page.getByLabel(`Word #${String(position)}`, { exact: true });
  const [first] = positions as [number, ...number[]];
  await word(first).fill(words[first - 1] === 'zoo' ? 'abandon' : 'zoo');
  for (const position of positions.slice(1)) await word(position).fill(words[position - 1] ?? '');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Those words do not match your recovery phrase\./);
  await expect(page.getByRole('heading', { name: 'Confirm your recovery phrase' })).toBeVisible();
  await word(first).fill(words[first - 1] ?? '');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await choosePassword(page, 'Create wallet');
  await expect(shownAddress(page)).toHaveText(BC1Q);
  return { words, address: (await shownAddress(page).textContent()) ?? '' };
}

/** Where the blocks of the sending tests are mined: a key no wallet here holds and no test pays. */
export const MINER = 900;

/** An address's confirmed balance, in satoshis (`GET /api/wallet/balance/{address}`). */
export async function confirmedSats(request: APIRequestContext, address: string): Promise<bigint> {
  const balance = await api<{ confirmed: number | string }>(request, `/api/wallet/balance/${address}`);
  return BigInt(balance.confirmed);
}

/** Mines one block (to MINER) over `txid`, which the node must hold in its mempool. */
export async function mine(txid: string): Promise<void> {
  expect((await rpc('getrawmempool', [])) as string[]).toContain(txid);
  await rpc('generatetoaddress', [1, devnetActor(MINER).address]);
  expect((await rpc('getrawmempool', [])) as string[]).not.toContain(txid);
}

/** Pays the wallet `sats` (0.01 BTC by default) from the devnet's bank, mined, and waits until the API sees it. */
export async function fund(request: APIRequestContext, address: string, sats = 1_000_000n): Promise<void> {
  const txid = (await rpc('sendtoaddress', [address, Number(sats) / 1e8])) as string;
  await mine(txid);
  await expect.poll(() => confirmedSats(request, address), { timeout: 60_000, intervals: [1_000, 2_000] }).toBe(sats);
}

/** The stamps an address holds, as the wallet lists them. */
export async function heldStamps(request: APIRequestContext, address: string): Promise<string[]> {
  const held = await api<Paged<{ cpid: string }>>(
    request,
    `/api/stamps/holders_addresses?addresses=${address}&sort=stamp:asc&limit=100`,
  );
  return held.hits.map((hit) => hit.cpid);
}

/** The wallet panel the site frames. */
export function panelOf(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Ninja wallet"]');
}

/** Unlocks the wallet in the panel. */
export async function unlockPanel(panel: FrameLocator): Promise<void> {
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Unlock', exact: true }).click();
}

/** The header's account button. */
export function accountButton(page: Page, name: 'Connect' | 'Settings') {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/**
 * Signs in on the site page shown with the one-click Ninja: the panel opens, the wallet unlocks in it and signs the
 * challenge once approved; the header then says Settings.
 */
export async function signInWithNinja(page: Page): Promise<void> {
  await accountButton(page, 'Connect').click();
  await page.getByRole('dialog', { name: 'Connect' }).getByRole('button', { name: 'Ninja', exact: true }).click();
  const panel = panelOf(page);
  await unlockPanel(panel);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible({ timeout: 20_000 });
}

/** The transaction id the panel shows once it has sent, waited for. */
export async function sentTxid(panel: FrameLocator): Promise<string> {
  const link = panel.getByRole('link', { name: /^[0-9a-f]{64}$/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  return (await link.textContent()) ?? '';
}

/** Reviews what the panel is asked to do, signs and sends it with the wallet's key, and mines its block. */
export async function signAndMine(panel: FrameLocator): Promise<void> {
  await panel.getByRole('button', { name: 'Review', exact: true }).click();
  await panel.getByRole('button', { name: 'Sign and send', exact: true }).click({ timeout: 20_000 });
  await mine(await sentTxid(panel));
}
