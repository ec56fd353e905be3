import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ARTISTS, COLLECTORS, devnetActor, signBip322, signLegacy, type Actor } from './support/devnet-signer';

/**
 * Sign-in and the account, against the real stack: the devnet actors' keys sign the server's messages, through an
 * injected wallet with Unisat's interface (BIP-322 signatures) or pasted by hand (legacy signatures). Each test signs
 * in as its own actor, so that none depends on another's account.
 */

type User = { user_id: string; username: string; addresses: string[]; currentAddress: string; wishlist: string[] };

/** The stack's challenge lifetime in the browser tests (scripts/e2e.sh sets STAMPS_AUTH__CHALLENGE_TTL_SECS). */
const CHALLENGE_TTL_MS = 15_000;

/** A name no earlier run on the same stack has taken (3 to 20 letters and digits). */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}`;
}

/** The account button of the header. */
function accountButton(page: Page, name: 'Connect' | 'Settings'): Locator {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

async function loggedCookie(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((cookie) => cookie.name === 'logged')?.value ?? '';
}

/** The signed-in user as the API answers it to this page's session. */
async function currentUser(request: APIRequestContext): Promise<User> {
  const response = await request.get('/api/user');
  expect(response.status(), 'GET /api/user').toBe(200);
  return (await response.json()) as User;
}

/**
 * Injects a wallet with Unisat's interface whose key is `actor`'s: `requestAccounts` and `getAccounts` give its
 * address, `signMessage(message, type)` signs in Node (BIP-322 simple for 'bip322-simple', legacy otherwise).
 * Returns the signature types the page asked for.
 */
async function injectUnisat(page: Page, actor: Actor): Promise<string[]> {
  const types: string[] = [];
  await page.exposeFunction('e2eUnisatSign', (message: string, type: string) => {
    types.push(type);
    return type === 'bip322-simple' ? signBip322(actor, message) : signLegacy(actor, message);
  });
  await page.addInitScript((address: string) => {
    const page = window as unknown as {
      e2eUnisatSign: (message: string, type: string) => Promise<string>;
      unisat?: unknown;
    };
    page.unisat = {
      requestAccounts: () => Promise.resolve([address]),
      getAccounts: () => Promise.resolve([address]),
      signMessage: (message: string, type?: string) => page.e2eUnisatSign(message, type ?? 'ecdsa'),
    };
  }, actor.address);
  return types;
}

/** Opens the sign-in panel from the header. */
async function openSignIn(page: Page): Promise<Locator> {
  await accountButton(page, 'Connect').click();
  const panel = page.getByRole('dialog', { name: 'Connect' });
  await expect(panel).toBeVisible();
  return panel;
}

/** Signs in as `actor` with the injected Unisat wallet, on `path`. */
async function signInWithUnisat(page: Page, actor: Actor, path = '/'): Promise<void> {
  await injectUnisat(page, actor);
  await page.goto(path);
  const panel = await openSignIn(page);
  await panel.getByRole('button', { name: 'Unisat', exact: true }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible();
}

/**
 * The manual flow's first step in `panel`: the address entered, the message the server issued for it (a new one
 * when `previous`, the message shown before, is given).
 */
async function requestMessage(panel: Locator, address: string, previous?: string): Promise<string> {
  await panel.getByLabel('Bitcoin address').fill(address);
  await panel.getByRole('button', { name: 'Get message' }).click();
  const shown = panel.getByRole('button', { name: 'Message to sign (click to copy)' }).locator('pre');
  if (previous !== undefined) {
    await expect(shown).not.toHaveText(previous);
  }
  await expect(shown).toContainText(address);
  return (await shown.textContent()) ?? '';
}

/** Opens the settings drawer from the header. */
async function openSettings(page: Page): Promise<Locator> {
  await accountButton(page, 'Settings').click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer.getByRole('link', { name: 'My profile' })).toBeVisible();
  return drawer;
}

/** Answers the open confirmation with its confirming button. */
async function confirm(page: Page, question: string | RegExp, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('one click with Unisat: the wallet signs the message (BIP-322) and the session holds', async ({
  page,
  context,
}) => {
  const actor = devnetActor(ARTISTS.first + 1);
  const types = await injectUnisat(page, actor);
  await page.goto('/');
  const panel = await openSignIn(page);
  await expect(panel.getByRole('group', { name: 'Wallets' }).getByRole('button')).toHaveText([
    'Ninja',
    'Leather',
    'Unisat',
    'OKX',
  ]);
  await panel.getByRole('button', { name: 'Unisat', exact: true }).click();

  await expect(accountButton(page, 'Settings')).toBeVisible();
  await expect(panel).toHaveCount(0);
  expect(types).toEqual(['bip322-simple']);
  expect(await loggedCookie(context)).toBe('unisat');
  const session = (await context.cookies()).find((cookie) => cookie.name === 'stamps_session');
  expect(session?.httpOnly).toBe(true);
  expect((await currentUser(page.request)).currentAddress).toBe(actor.address);

  await page.reload();
  await expect(accountButton(page, 'Settings')).toBeVisible();
});

test('a signature pasted by hand (legacy format) signs in; a wrong one does not', async ({ page, context }) => {
  const actor = devnetActor(ARTISTS.first + 2);
  await page.goto('/');
  const panel = await openSignIn(page);

  // Signed with another key: refused.
  const first = await requestMessage(panel, actor.address);
  await panel.getByLabel('Signature').fill(signLegacy(devnetActor(ARTISTS.first + 3), first));
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('An error occurred');
  await expect(accountButton(page, 'Connect')).toBeVisible();

  const message = await requestMessage(panel, actor.address, first);
  expect(message).not.toBe(first);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Please sign the message');
  await panel.getByLabel('Signature').fill(signLegacy(actor, message));
  await panel.getByRole('button', { name: 'Log in' }).click();

  await expect(accountButton(page, 'Settings')).toBeVisible();
  expect(await loggedCookie(context)).toBe('default');
  const user = await currentUser(page.request);
  expect(user.currentAddress).toBe(actor.address);
  expect(user.addresses).toContain(actor.address);
});

test("an expired message says 'Token expired', then a new one is generated and signs in", async ({ page }) => {
  test.setTimeout(CHALLENGE_TTL_MS + 60_000);
  const actor = devnetActor(ARTISTS.first + 3);
  await page.goto('/');
  const panel = await openSignIn(page);
  const message = await requestMessage(panel, actor.address);
  const signature = signLegacy(actor, message);

  // Past the challenge's lifetime, the right signature of the old message is answered 'expired'.
  await page.waitForTimeout(CHALLENGE_TTL_MS + 1_500);
  await panel.getByLabel('Signature').fill(signature);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Token expired');
  await expect(accountButton(page, 'Connect')).toBeVisible();

  await expect(panel.getByRole('status')).toHaveText('New message to sign generated');
  const shown = panel.getByRole('button', { name: 'Message to sign (click to copy)' }).locator('pre');
  await expect(shown).not.toHaveText(message);
  const fresh = (await shown.textContent()) ?? '';
  expect(fresh).toContain(actor.address);
  await expect(panel.getByLabel('Signature')).toHaveValue('');

  await panel.getByLabel('Signature').fill(signLegacy(actor, fresh));
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible();
});

test('a new displayed name, after confirmation, is the name of the profile', async ({ page }) => {
  const actor = devnetActor(ARTISTS.first + 4);
  const name = uniqueName('e2e-');
  await signInWithUnisat(page, actor);
  const drawer = await openSettings(page);

  await drawer.getByLabel('Displayed name').fill(name);
  await drawer.getByRole('button', { name: 'Save', exact: true }).first().click();
  await confirm(page, `Change your displayed name to ${name}?`, 'Save');
  await expect(drawer.getByText('Successfully updated')).toBeVisible();
  expect((await currentUser(page.request)).username).toBe(name);

  const profile = drawer.getByRole('link', { name: 'My profile' });
  await expect(profile).toHaveAttribute('href', `/profile/${name}`);
  await profile.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a second actor’s address is linked by signing its message, then unlinked', async ({ page }) => {
  const owner = devnetActor(ARTISTS.first + 5);
  const second = devnetActor(COLLECTORS.first + 1);
  await signInWithUnisat(page, owner);
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Link another address' }).click();

  const panel = page.getByRole('dialog', { name: 'Link' });
  await expect(panel).toBeVisible();
  const message = await requestMessage(panel, second.address);
  await panel.getByLabel('Signature').fill(signLegacy(second, message));
  await panel.getByRole('button', { name: 'Link address' }).click();

  // The drawer opens again with the new address.
  const unlink = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: `Unlink ${second.address}` });
  await expect(unlink).toBeVisible();
  const user = await currentUser(page.request);
  expect(user.addresses).toEqual(expect.arrayContaining([owner.address, second.address]));
  expect(user.currentAddress).toBe(owner.address);

  await unlink.click();
  await confirm(page, `Unlink ${second.address} from your account?`, 'Unlink');
  await expect(unlink).toHaveCount(0);
  expect((await currentUser(page.request)).addresses).not.toContain(second.address);
});

test("the wishlist heart asks a visitor to sign in, then lists the stamp on the profile's wishlist", async ({
  page,
  request,
}) => {
  const actor = devnetActor(COLLECTORS.first + 2);
  const search = await request.get('/api/search?limit=1');
  expect(search.ok()).toBe(true);
  const cpid = ((await search.json()) as { hits: { cpid: string }[] }).hits[0]?.cpid;
  if (!cpid) throw new Error('the API listed no stamp');

  await injectUnisat(page, actor);
  await page.goto(`/stamp/${cpid}`);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  const panel = page.getByRole('dialog', { name: 'Connect' });
  await panel.getByRole('button', { name: 'Unisat', exact: true }).click();
  await expect(accountButton(page, 'Settings')).toBeVisible();

  const heart = page.getByRole('button', { name: 'Add to wishlist' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const put = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/wishlist') && response.request().method() === 'PUT',
  );
  await heart.click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  expect((await put).status()).toBe(201);
  const user = await currentUser(page.request);
  expect(user.wishlist).toContain(cpid);

  const drawer = await openSettings(page);
  await drawer.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('list', { name: /Wishlist/ }).locator(`a[href="/stamp/${cpid}"]`)).toBeVisible();
});

test('an artist creates a collection of their stamps, and its page lists them', async ({ page, request }) => {
  const artist = devnetActor(ARTISTS.first + 6);
  // The artist's own stamps that are in no collection yet (the devnet's key derivation gives them stamps).
  const created = await request.get(`/api/stamps/creator?addresses=${artist.address}&limit=100`);
  expect(created.ok()).toBe(true);
  const cpids = ((await created.json()) as { hits: { cpid: string }[] }).hits.map((hit) => hit.cpid);
  expect(cpids.length, `stamps created by actor ${String(artist.index)}`).toBeGreaterThan(0);
  const free: string[] = [];
  for (const cpid of cpids) {
    const detail = await request.get(`/api/stamp/${cpid}`);
    const ids = ((await detail.json()) as { collection_id?: string[] | string | null }).collection_id;
    if (!ids || ids.length === 0) free.push(cpid);
    if (free.length === 2) break;
  }
  expect(free.length, 'stamps of the artist in no collection').toBeGreaterThan(0);

  await signInWithUnisat(page, artist, '/collections');
  await page.getByRole('button', { name: '+ Create a collection' }).click();
  const form = page.getByRole('dialog', { name: 'Create a collection' });
  await expect(form).toContainText('Only add stamps you created or have permission to add.');
  const name = uniqueName('e2e');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/ids, comma-separated/).fill(free.join(', '));
  await form.getByLabel('Description').fill('Made by the browser test');
  for (const cpid of free) await expect(form.getByRole('img', { name: `Preview of ${cpid}` })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  await page.getByRole('link', { name: 'open its page' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Made by the browser test')).toBeVisible();
  await expect(page.locator(`a[href="/stamp/${free[0] ?? ''}"]`).first()).toBeVisible();
});

test('logout, after confirmation, ends the session', async ({ page, context }) => {
  await signInWithUnisat(page, devnetActor(COLLECTORS.first + 3));
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await confirm(page, 'Log out?', 'Logout');

  await expect(accountButton(page, 'Connect')).toBeVisible();
  await expect(drawer).toHaveCount(0);
  expect(await loggedCookie(context)).toBe('');
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.reload();
  await expect(accountButton(page, 'Connect')).toBeVisible();
});
