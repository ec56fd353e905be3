import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ARTISTS, COLLECTORS, devnetActor, signBip322, signLegacy, type Actor } from './support/devnet-signer';
import {
  accountButton,
  BC1Q,
  choosePassword,
  confirmedSats,
  createWallet,
  fund,
  heldStamps,
  mine,
  panelOf,
  PASSWORD,
  sentTxid,
  shownAddress,
  signAndMine,
  signInWithNinja,
  unlockPanel,
  WALLET_ORIGIN,
  WALLET_URL,
} from './support/ninja';
import { api, onSale, openDispensers, rpc, type Listing } from './support/wallet';

/**
 * The Ninja wallet, on its own origin (the gateway's wallet listener): a wallet created, its words confirmed and
 * imported again elsewhere to the same address; the password, the idle lock; a devnet payment seen to the satoshi;
 * the site's pages kept out of its storage; its Content Security Policy; sending bitcoin and a stamp through its
 * review, signed in the page, broadcast, mined and indexed.
 *
 * E2E_WALLET_URL: where the gateway serves the wallet, e.g. http://127.0.0.1:28081 (another origin than
 * E2E_BASE_URL, the site, which is the tests' baseURL).
 * E2E_RPC_URL: the devnet's JSON-RPC, which pays the wallet and mines the payment's block.
 */

/** Where the wallet keeps its encrypted key (wallet/src/config.ts). */
const VAULT_KEY = 'ninja-wallet';
/** The wallet's idle timeout (wallet/src/config.ts): 5 minutes. */
const IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** BIP-84's published vector: the mnemonic and its first receiving address (m/84'/0'/0'/0/0). */
const BIP84 = {
  mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
};

/** Imports a recovery phrase or WIF key on the wallet's page; the wallet opens. */
async function importWallet(page: Page, secret: string): Promise<void> {
  await page.getByRole('button', { name: 'Import a wallet', exact: true }).click();
  await page.getByLabel('Recovery phrase or WIF key').fill(secret);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await choosePassword(page, 'Import wallet');
  await expect(shownAddress(page)).toHaveText(BC1Q);
}

/** The stored vault, as this page's origin sees it. */
function storedVault(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), VAULT_KEY);
}

test('a created wallet, its words confirmed, has the same address when its words are imported elsewhere', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WALLET_ORIGIN });
  await page.goto(WALLET_URL);
  const { words, address } = await createWallet(page);
  await expect(page.getByRole('img', { name: `QR code of bitcoin:${address}` })).toBeVisible();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied!', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 3000 });

  // The vault holds no word of the phrase in clear.
  const vault = (await storedVault(page)) ?? '';
  expect(Object.keys(JSON.parse(vault) as object).sort()).toEqual([
    'ciphertext',
    'iterations',
    'iv',
    'kdf',
    'salt',
    'v',
  ]);
  expect(vault).not.toContain(words.join(' '));

  // Another browser profile: nothing stored; the same words give the same address.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(WALLET_URL);
    await expect(other.getByRole('button', { name: 'Create a wallet', exact: true })).toBeVisible();
    await importWallet(other, words.join(' '));
    await expect(shownAddress(other)).toHaveText(address);
  } finally {
    await elsewhere.close();
  }
});

test('a wrong password is refused, and the wallet locks after 5 minutes without input', async ({ page }) => {
  await page.clock.install();
  await page.goto(WALLET_URL);
  await importWallet(page, BIP84.mnemonic);
  await expect(shownAddress(page)).toHaveText(BIP84.address);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Unlock your wallet' })).toBeVisible();
  await expect(shownAddress(page)).toHaveCount(0);
  const vault = await storedVault(page);

  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password');
  await expect(shownAddress(page)).toHaveCount(0);
  expect(await storedVault(page)).toBe(vault);

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(shownAddress(page)).toHaveText(BIP84.address);

  // No input for a minute less than the timeout: still open; past it: locked.
  await page.clock.fastForward(IDLE_TIMEOUT_MS - 60_000);
  await expect(shownAddress(page)).toHaveText(BIP84.address);
  await page.clock.fastForward(61_000);
  await expect(page.getByRole('heading', { name: 'Unlock your wallet' })).toBeVisible();
  await expect(shownAddress(page)).toHaveCount(0);
});

test('a payment from the devnet shows after Refresh, to the satoshi', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  const confirmed = page.getByTestId('confirmed-balance');
  await expect(confirmed).toHaveText('0.00000000 BTC');
  await expect(page.getByRole('region', { name: 'Stamps' })).toContainText('This address holds no stamps.');
  await expect(page.getByRole('region', { name: 'SRC-20 tokens' })).toContainText(
    'This address holds no SRC-20 tokens.',
  );

  // 12,345,678 sat from the devnet's bank, mined into a block whose reward goes to a key the wallet does not hold.
  await rpc('sendtoaddress', [address, 0.12345678]);
  await rpc('generatetoaddress', [1, devnetActor(900).address]);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(confirmed).toHaveText('0.12345678 BTC', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('unconfirmed-balance')).toHaveCount(0);
});

test("the site's pages cannot read the wallet's storage", async ({ page, baseURL }) => {
  await page.goto(WALLET_URL);
  await importWallet(page, BIP84.mnemonic);
  expect(await storedVault(page)).not.toBeNull();

  // The site's own storage has no wallet entry.
  await page.goto('/');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  expect(await storedVault(page)).toBeNull();
  const siteValues = await page.evaluate(() =>
    Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key) ?? ''}`),
  );
  expect(siteValues.join('\n')).not.toContain('ciphertext');

  // The wallet framed by a site page runs in its own origin: the site's script cannot reach its storage.
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'Ninja wallet';
    document.body.append(frame);
  }, WALLET_URL);
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith(WALLET_ORIGIN)), {
      message: "the wallet loads in a site page's frame (the site's frame-src and the wallet's frame-ancestors)",
    })
    .toBe(true);
  const wallet = page.frames().find((frame) => frame.url().startsWith(WALLET_ORIGIN));
  if (!wallet) throw new Error('no wallet frame');
  await expect(wallet.getByRole('heading', { name: 'Ninja wallet', level: 1 })).toBeVisible();
  const reach = await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Ninja wallet"]');
    try {
      return `read ${JSON.stringify(frame?.contentWindow?.localStorage.getItem('ninja-wallet') ?? null)}`;
    } catch (error) {
      return `threw ${error instanceof Error ? error.name : String(error)}`;
    }
  });
  expect(reach).toBe('threw SecurityError');
});

test("the wallet's responses carry its Content Security Policy, and it renders without a violation", async ({
  page,
  request,
  baseURL,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(message.text());
  });

  const response = await page.goto(WALLET_URL);
  expect(response?.status()).toBe(200);
  const directives = parsePolicy(response?.headers()['content-security-policy'] ?? '');
  expect(directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'none'"]);
  // Only the site may frame the wallet.
  const ancestors = directives.get('frame-ancestors') ?? [];
  expect(ancestors).toContain(new URL(baseURL ?? '').origin);
  expect(ancestors).not.toContain('*');

  // Its script files come from its own origin only, as scripts.
  await expect(page.getByRole('heading', { name: 'Ninja wallet', level: 1 })).toBeVisible();
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    expect(new URL(src).origin).toBe(WALLET_ORIGIN);
    const script = await request.get(src);
    expect(script.status(), src).toBe(200);
    expect(script.headers()['content-type'] ?? '', src).toMatch(/javascript/);
    expect(script.headers()['x-content-type-options'], src).toBe('nosniff');
  }

  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

/** A Content Security Policy header as a map of directive to its values. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Who the BTC send pays: an address nothing else pays, so its balance moves by the send alone. */
const RECIPIENT = 901;

/** An amount the wallet shows ('0.00100141 BTC') as satoshis. */
function shownSats(text: string | null): bigint {
  const match = /^(\d[\d,]*)\.(\d{8}) BTC$/.exec((text ?? '').trim());
  if (!match) throw new Error(`not an amount in BTC: ${text ?? ''}`);
  return BigInt((match[1] ?? '').replaceAll(',', '') + (match[2] ?? ''));
}

/** The Send form of the unlocked wallet. */
function sendForm(page: Page) {
  return page.getByRole('region', { name: 'Send', exact: true });
}

/** Reviews what the Send form holds; returns the review's fee and total, in satoshis, once they show. */
async function review(page: Page): Promise<{ fee: bigint; total: bigint }> {
  const form = sendForm(page);
  await form.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(form.getByRole('list', { name: 'Outputs' })).toBeVisible({ timeout: 20_000 });
  return {
    fee: shownSats(await form.getByTestId('network-fee').textContent()),
    total: shownSats(await form.getByTestId('total').textContent()),
  };
}

/** Signs and sends the reviewed transaction; returns its txid once shown. */
async function signAndSend(page: Page): Promise<string> {
  const form = sendForm(page);
  await form.getByRole('button', { name: 'Sign and send', exact: true }).click();
  const txid = form.getByTestId('txid');
  await expect(txid).toHaveText(/^[0-9a-f]{64}$/, { timeout: 20_000 });
  return (await txid.textContent()) ?? '';
}

test('0.001 BTC sent through the review reaches a devnet address, to the satoshi', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);
  const destination = devnetActor(RECIPIENT).address;
  const before = await confirmedSats(request, destination);

  const form = sendForm(page);
  await expect(form.getByLabel('What to send')).toHaveValue('BTC');
  await form.getByLabel('To', { exact: true }).fill(destination);
  await form.getByLabel('Amount (BTC)').fill('0.001');
  const { fee, total } = await review(page);
  // Every output: the payment, then the change back to the wallet.
  const outputs = form.getByRole('list', { name: 'Outputs' }).getByRole('listitem');
  await expect(outputs.filter({ hasText: destination })).toContainText('0.00100000 BTC');
  const change = outputs.filter({ hasText: address });
  await expect(change).toContainText('your address: change');
  expect(fee).toBeGreaterThan(0n);
  expect(total).toBe(100_000n + fee);
  const changeText = (await change.textContent()) ?? '';
  expect(shownSats(/[\d,]+\.\d{8} BTC$/.exec(changeText)?.[0] ?? changeText)).toBe(1_000_000n - total);

  const txid = await signAndSend(page);
  await mine(txid);
  await expect
    .poll(() => confirmedSats(request, destination), { timeout: 60_000, intervals: [1_000, 2_000] })
    .toBe(before + 100_000n);
  await expect
    .poll(() => confirmedSats(request, address), { timeout: 60_000, intervals: [1_000, 2_000] })
    .toBe(1_000_000n - total);
});

type Holder = { address: string | null; utxo_address?: string | null; quantity: string };
type Built = { result: { txHex: string } };

/** The holders of an asset as its page lists them: address-held balances only (not those attached to UTXOs). */
async function addressHolders(request: APIRequestContext, cpid: string): Promise<Map<string, string>> {
  const asset = await api<{ holders?: Holder[] }>(request, `/api/asset/${cpid}`);
  const held = new Map<string, string>();
  for (const holder of asset.holders ?? []) {
    if (holder.address && !holder.utxo_address) held.set(holder.address, holder.quantity);
  }
  return held;
}

/** `POST` to the API from the wallet's origin, as the wallet app itself would. */
function postFromWallet(request: APIRequestContext, path: string, data: unknown) {
  return request.post(`${WALLET_ORIGIN}${path}`, { data, headers: { origin: WALLET_ORIGIN } });
}

/** Signs `actor` in from the wallet's origin with its own key, as the wallet app does before it broadcasts. */
async function signInFromWallet(request: APIRequestContext, actor: Actor): Promise<void> {
  const message = await (await request.get(`${WALLET_ORIGIN}/api/auth/message/${actor.address}`)).text();
  const answer = await postFromWallet(request, '/api/auth', {
    address: actor.address,
    message,
    signature: signBip322(actor, message),
    type: 'ninja',
  });
  expect(await answer.text()).toBe('success');
}

test('a stamp received from a devnet actor is sent back through the review, and the ledger says so', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);

  // A devnet actor's stamp held at its address (not attached to a UTXO): the first the API agrees to send.
  let found: { index: number; cpid: string; psbtHex: string } | null = null;
  const indexes = [...Array(COLLECTORS.end - ARTISTS.first).keys()].map((offset) => ARTISTS.first + offset);
  for (const index of indexes) {
    const actor = devnetActor(index);
    for (const cpid of (await heldStamps(request, actor.address)).slice(0, 5)) {
      const response = await postFromWallet(request, '/api/wallet/create/send', {
        source: actor.address,
        destination: address,
        asset: cpid,
        quantity: '1',
        desiredFeeRate: -1,
      });
      if (response.ok()) {
        found = { index, cpid, psbtHex: ((await response.json()) as Built).result.txHex };
        break;
      }
    }
    if (found) break;
  }
  expect(found, "a devnet actor's stamp it can send").not.toBeNull();
  if (!found) return;
  const actor = devnetActor(found.index);
  const { cpid } = found;
  const actorHeld = (await addressHolders(request, cpid)).get(actor.address);
  expect(actorHeld, `${actor.address} holds ${cpid}`).toBeDefined();

  // The actor's send, signed by the devnet's wallet, broadcast as a PSBT, mined.
  const signed = (await rpc('walletprocesspsbt', [Buffer.from(found.psbtHex, 'hex').toString('base64')])) as {
    psbt: string;
    complete: boolean;
  };
  expect(signed.complete).toBe(true);
  await signInFromWallet(request, actor);
  const sent = await postFromWallet(request, '/api/wallet/broadcast', { txHex: signed.psbt, isPsbt: true });
  expect(sent.status(), await sent.text()).toBe(200);
  const [received] = ((await sent.json()) as { result: string[] }).result;
  await mine(received ?? '');
  await expect.poll(() => heldStamps(request, address), { timeout: 90_000, intervals: [1_000, 2_000] }).toContain(cpid);

  // The wallet lists it (after Refresh), and sends it back.
  const form = sendForm(page);
  const choice = form.getByLabel('What to send');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(choice.locator(`option[value="${cpid}"]`)).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Stamps held' })).toContainText(cpid);
  await choice.selectOption(cpid);
  await expect(form.getByLabel('Quantity (units)')).toHaveValue('1');
  await form.getByLabel('To', { exact: true }).fill(actor.address);
  const { fee, total } = await review(page);
  const outputs = form.getByRole('list', { name: 'Outputs' }).getByRole('listitem');
  await expect(outputs.first()).toContainText('Counterparty data');
  await expect(outputs.first()).toContainText('0.00000000 BTC');
  // Nothing but the fee leaves the wallet: the stamp's destination is in the data.
  await expect(outputs.filter({ hasText: actor.address })).toHaveCount(0);
  expect(total).toBe(fee);

  const back = await signAndSend(page);
  await mine(back);
  await expect
    .poll(
      async () => {
        const holders = await addressHolders(request, cpid);
        return { actor: holders.get(actor.address), wallet: holders.get(address) };
      },
      { timeout: 90_000, intervals: [1_000, 2_000] },
    )
    .toEqual({ actor: actorHeld, wallet: undefined });
  expect(await heldStamps(request, address)).not.toContain(cpid);

  // The wallet's recent activity (after Refresh) lists the stamp received, and sent back.
  const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(activity.filter({ hasText: new RegExp(`^Received \\S+ ${cpid}`) })).toHaveCount(1, { timeout: 2_000 });
    await expect(activity.filter({ hasText: new RegExp(`^Sent \\S+ ${cpid}`) })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
});

// The wallet panel: the wallet app framed by the site (spec §2), for a sign-in, a purchase, a mint.

/** The most the panel's purchases may cost, in satoshis: the buyers are funded with 0.2 BTC. */
const MAX_PRICE = 10_000_000;
/** What the panel's buyers are funded with. */
const BUYER_FUNDS = 20_000_000n;

/** The cheapest open dispenser of a stamp on sale that `buyer` does not hold, whose 'Buy now' buys it. */
async function cheapestListing(request: APIRequestContext, buyer: string): Promise<Listing> {
  const held = new Set(await heldStamps(request, buyer));
  const stamps = await onSale(request);
  const listings = (await openDispensers(request, buyer))
    .filter((listing) => !held.has(listing.cpid) && listing.satoshi_price <= MAX_PRICE)
    .filter((listing) => stamps.some((stamp) => stamp.cpid === listing.cpid && stamp.on_sale === listing.tx_hash))
    .sort((a, b) => a.satoshi_price - b.satoshi_price);
  const listing = listings[0];
  if (!listing) throw new Error(`no open dispenser of a stamp ${buyer} does not hold`);
  return listing;
}

/** The cart as the site keeps it. */
function siteCart(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as string[]);
}

test('sign in with Ninja, buy from a dispenser through the panel, and hold the stamp after the next block', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address, BUYER_FUNDS);
  const listing = await cheapestListing(request, address);

  // The site's one-click Ninja: the panel opens, names the site, and signs the challenge once approved.
  await page.goto(`/stamp/${listing.cpid}`);
  await accountButton(page, 'Connect').click();
  await page.getByRole('dialog', { name: 'Connect' }).getByRole('button', { name: 'Ninja', exact: true }).click();
  const panel = panelOf(page);
  await unlockPanel(panel);
  await expect(panel.getByTestId('asking-site')).toHaveText(new URL(page.url()).origin);
  await expect(panel.getByTestId('sign-in-address')).toHaveText(address);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('iframe[title="Ninja wallet"]')).toHaveCount(0);
  const logged = (await context.cookies()).find((cookie) => cookie.name === 'logged');
  expect(logged?.value).toBe('ninja');

  // Buy now, signed in with Ninja: the panel opens with the cart (spec §2's wallet opening logic).
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Buy now' }).click();
  expect(await siteCart(page)).toContain(listing.tx_hash);
  const opened = Date.now();
  await unlockPanel(panel);
  const unlocked = Date.now();
  await expect(panel.getByRole('list', { name: 'Bought' })).toContainText(listing.cpid);
  await panel.getByRole('button', { name: 'Review', exact: true }).click();
  const outputs = panel.getByRole('list', { name: 'Outputs' }).getByRole('listitem');
  await expect(outputs.filter({ hasText: listing.source })).toContainText(
    `${(listing.satoshi_price / 1e8).toFixed(8)} BTC`,
    { timeout: 20_000 },
  );
  const reviewed = Date.now();
  await panel.getByRole('button', { name: 'Sign and send', exact: true }).click();
  const txid = await sentTxid(panel);
  const sent = Date.now();
  // The panel dropped the bought listing from the site's cart ('remove:{hashes}'), and 'Done' closes it.
  await expect.poll(() => siteCart(page)).not.toContain(listing.tx_hash);
  await panel.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.locator('iframe[title="Ninja wallet"]')).toHaveCount(0);
  console.log(
    `panel buy: open to unlocked ${String(unlocked - opened)} ms, ` +
      `build and review ${String(reviewed - unlocked)} ms, sign and broadcast ${String(sent - reviewed)} ms`,
  );

  await mine(txid);
  await expect
    .poll(() => heldStamps(request, address), { timeout: 90_000, intervals: [1_000, 2_000] })
    .toContain(listing.cpid);
  // The profile shows it.
  await page.goto(`/profile/${address}`);
  await expect(page.locator(`a[href="/stamp/${listing.cpid}"]`).first()).toBeVisible({ timeout: 30_000 });
});

test("a stamp minted through the panel from the site's message; another origin's message is ignored", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(WALLET_URL);
  const { address } = await createWallet(page);
  await fund(request, address);
  await page.goto('/');
  await signInWithNinja(page);
  const panel = panelOf(page);

  // The panel opened by the site page with a mint action: it waits for the stamp.
  await page.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = `${url}/?action=mint&timestamp=${String(Date.now())}`;
    frame.title = 'Ninja wallet';
    frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;z-index:10000;background:#fff';
    document.body.append(frame);
  }, WALLET_ORIGIN);
  await unlockPanel(panel);
  await expect(panel.getByText('Waiting for the stamp from the site...')).toBeVisible();
  // A 24x24 PNG, unique to this run.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 24;
    canvas.height = 24;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = `rgb(${String(Date.now() % 256)}, ${String((Date.now() >> 8) % 256)}, 77)`;
    context.fillRect(0, 0, 24, 24);
    context.fillStyle = '#fff';
    context.fillRect(Math.floor(Math.random() * 20), Math.floor(Math.random() * 20), 4, 4);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  // From the wallet's own origin (not the site's): ignored.
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${WALLET_ORIGIN}/?action=mint`));
  if (!frame) throw new Error('no panel frame');
  await frame.evaluate((file) => {
    window.postMessage({ type: 'ninja:mint', file }, '*');
  }, png);
  await page.waitForTimeout(500);
  await expect(panel.getByText('Waiting for the stamp from the site...')).toBeVisible();
  // From the site page that framed it: taken.
  await page.evaluate(
    ({ file, origin }) => {
      const target = document.querySelector<HTMLIFrameElement>('iframe[title="Ninja wallet"]')?.contentWindow;
      target?.postMessage({ type: 'ninja:mint', file }, origin);
    },
    { file: png, origin: WALLET_ORIGIN },
  );
  await expect(panel.getByText(/^A new stamp of [\d,]+ bytes \(image\/png\), 1 unit, locked\.$/)).toBeVisible();
  await signAndMine(panel);

  // The new stamp, held by the wallet, is the PNG itself.
  await expect.poll(async () => (await heldStamps(request, address)).length, { timeout: 90_000 }).toBe(1);
  const [cpid] = await heldStamps(request, address);
  const file = await request.get(`/s/${cpid ?? ''}`);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(Buffer.from(png, 'base64'))).toBe(true);
});

/** An actor of the devnet's own wallet (its key signs `walletprocesspsbt`) that no other browser test uses. */
const HAND_SIGNER = 22;

test('the hand-signed path: a PSBT signed by the devnet wallet, pasted back, buys from a dispenser', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const actor = devnetActor(HAND_SIGNER);
  const before = await confirmedSats(request, actor.address);
  await mine((await rpc('sendtoaddress', [actor.address, Number(BUYER_FUNDS) / 1e8])) as string);
  await expect
    .poll(() => confirmedSats(request, actor.address), { timeout: 60_000, intervals: [1_000, 2_000] })
    .toBe(before + BUYER_FUNDS);
  const listing = await cheapestListing(request, actor.address);

  // Signed in by hand (a legacy signature pasted): buying opens the panel, which holds no key for this address.
  await page.goto(`/stamp/${listing.cpid}`);
  await accountButton(page, 'Connect').click();
  const dialog = page.getByRole('dialog', { name: 'Connect' });
  await dialog.getByLabel('Bitcoin address').fill(actor.address);
  await dialog.getByRole('button', { name: 'Get message' }).click();
  const shown = dialog.getByRole('button', { name: 'Message to sign (click to copy)' }).locator('pre');
  await expect(shown).toContainText(actor.address);
  await dialog.getByLabel('Signature').fill(signLegacy(actor, (await shown.textContent()) ?? ''));
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible();

  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Buy now' }).click();
  const panel = panelOf(page);
  await expect(panel.getByRole('list', { name: 'Bought' })).toContainText(listing.cpid);
  await panel.getByRole('button', { name: 'Review', exact: true }).click();
  const psbt = panel.getByTestId('psbt');
  await expect(psbt).toHaveText(/^cHNidP8/, { timeout: 20_000 });
  const unsigned = (await psbt.textContent()) ?? '';
  await expect(panel.getByRole('img', { name: 'QR code of the PSBT' })).toBeVisible();

  // Another transaction, signed: refused.
  const other = (await rpc('walletprocesspsbt', [unsigned])) as { psbt: string; hex?: string };
  const tampered = Buffer.from(other.hex ?? '', 'hex');
  // Its lock time changed: another transaction.
  const at = tampered.length - 1;
  tampered[at] = (tampered[at] ?? 0) ^ 1;
  await panel.getByLabel('Signed PSBT or transaction').fill(tampered.toString('hex'));
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText(/refused/);

  // The devnet wallet's signature of this PSBT: sent, mined, and the stamp held.
  await panel.getByLabel('Signed PSBT or transaction').fill(other.psbt);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await mine(await sentTxid(panel));
  await expect
    .poll(() => heldStamps(request, actor.address), { timeout: 90_000, intervals: [1_000, 2_000] })
    .toContain(listing.cpid);
});
