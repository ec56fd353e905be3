import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { publicKeyHex, signBip322, signLegacy, signPsbt, type Actor, type SignPsbtOptions } from './devnet-signer';

/**
 * What the browser tests of the wallet dialogs (buy, mints) share: the public API read as JSON, a devnet actor's
 * key behind an injected wallet with Unisat's interface, the sign-in with it, and the devnet's JSON-RPC.
 */

/** A GET of the public API, which must answer 2xx, as JSON. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${String(response.status())}`).toBe(true);
  return (await response.json()) as T;
}

/** A PSBT the injected wallet was asked to sign, and the options it was asked with. */
export type PsbtRequest = { psbt: string; options: SignPsbtOptions };

/**
 * Injects a wallet with Unisat's interface whose key is `actor`'s: accounts, public key, message signatures
 * (BIP-322 simple or legacy) and PSBT signatures, all made in Node with the actor's key. Returns the PSBT requests.
 */
export async function injectUnisat(page: Page, actor: Actor): Promise<PsbtRequest[]> {
  const psbts: PsbtRequest[] = [];
  await page.exposeFunction('e2eWalletSignMessage', (message: string, type: string) =>
    type === 'bip322-simple' ? signBip322(actor, message) : signLegacy(actor, message),
  );
  await page.exposeFunction('e2eWalletSignPsbt', (psbt: string, options: SignPsbtOptions) => {
    psbts.push({ psbt, options });
    return signPsbt(actor, psbt, options);
  });
  await page.addInitScript(
    ({ address, publicKey }: { address: string; publicKey: string }) => {
      const page = window as unknown as {
        e2eWalletSignMessage: (message: string, type: string) => Promise<string>;
        e2eWalletSignPsbt: (psbt: string, options: unknown) => Promise<string>;
        unisat?: unknown;
      };
      page.unisat = {
        requestAccounts: () => Promise.resolve([address]),
        getAccounts: () => Promise.resolve([address]),
        getPublicKey: () => Promise.resolve(publicKey),
        signMessage: (message: string, type?: string) => page.e2eWalletSignMessage(message, type ?? 'ecdsa'),
        signPsbt: (psbt: string, options?: unknown) => page.e2eWalletSignPsbt(psbt, options ?? {}),
      };
    },
    { address: actor.address, publicKey: publicKeyHex(actor) },
  );
  return psbts;
}

/** Signs in with the injected Unisat wallet from the header, on the page shown. */
export async function signIn(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('dialog', { name: 'Connect' }).getByRole('button', { name: 'Unisat', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
}

/**
 * A call to the devnet's JSON-RPC (E2E_RPC_URL, e.g. http://127.0.0.1:18443; credentials in the URL, or
 * E2E_RPC_USER and E2E_RPC_PASSWORD, when the devnet asks for them).
 */
export async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const base = process.env.E2E_RPC_URL;
  if (!base) throw new Error('E2E_RPC_URL is not set: the devnet JSON-RPC the tests mine their blocks with');
  const url = new URL(base);
  const user = decodeURIComponent(url.username) || process.env.E2E_RPC_USER || '';
  const password = decodeURIComponent(url.password) || process.env.E2E_RPC_PASSWORD || '';
  url.username = '';
  url.password = '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '1.0', id: 'e2e', method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } | null };
  if (!response.ok || body.error) {
    throw new Error(`${method}: ${body.error?.message ?? String(response.status)}`);
  }
  return body.result;
}

/** A page of a list the API answers. */
export type Paged<T> = { hits: T[]; estimatedTotalHits: number };
/** A stamp of the finder, with the listing its 'Buy now' buys. */
export type Hit = { cpid: string; on_sale?: string | null };
type Dispenser = {
  tx_hash: string;
  source: string;
  give_quantity: string;
  give_remaining: string;
  satoshi_price: number;
  status: number;
  closed: boolean;
};
type Detail = { cpid: string; divisible: boolean; dispensers?: Dispenser[] };
/** An open dispenser of a stamp, as the public API lists it. */
export type Listing = Dispenser & { cpid: string; divisible: boolean };

/** The stamps on sale (a buyable listing each), oldest first as the finder lists them. */
export async function onSale(request: APIRequestContext): Promise<Hit[]> {
  const page = await api<Paged<Hit>>(request, '/api/search?only=on_sale&sort=stamp:asc&limit=100');
  return page.hits.filter((hit) => Boolean(hit.on_sale));
}

/** The open dispensers (not atomic swaps) of the stamps on sale, with a lot left, that `seller` does not run. */
export async function openDispensers(request: APIRequestContext, notSeller: string): Promise<Listing[]> {
  const listings: Listing[] = [];
  for (const hit of (await onSale(request)).slice(0, 40)) {
    const detail = await api<Detail>(request, `/api/stamp/${hit.cpid}`);
    for (const dispenser of detail.dispensers ?? []) {
      if (dispenser.closed || [10, 11].includes(dispenser.status) || dispenser.tx_hash.includes(':')) continue;
      if (dispenser.source === notSeller) continue;
      if (BigInt(dispenser.give_remaining) < BigInt(dispenser.give_quantity)) continue;
      listings.push({ ...dispenser, cpid: detail.cpid, divisible: detail.divisible });
    }
  }
  return listings;
}
