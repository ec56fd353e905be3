import { base64 } from '@scure/base';
import { PBKDF2_ITERATIONS, VAULT_STORAGE_KEY } from './config';
import type { Secret } from './keys';

/**
 * The wallet at rest: its secret encrypted with AES-256-GCM under a key stretched from the password by
 * PBKDF2-SHA256 (WebCrypto). Binary fields are base64. The version, the KDF's name and its rounds are bound to the
 * ciphertext as GCM's associated data, so editing them makes the unlock fail like a wrong password.
 */
export type Vault = {
  v: 1;
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  /** 16 random bytes. */
  salt: string;
  /** 12 random bytes, GCM's nonce. */
  iv: string;
  /** The secret as JSON, encrypted, with GCM's 16-byte tag at the end. */
  ciphertext: string;
};

/** The unlock failed: the password is not this vault's, or the vault was altered. */
export class WrongPasswordError extends Error {
  constructor() {
    super('Wrong password');
    this.name = 'WrongPasswordError';
  }
}

const SALT_BYTES = 16;
const IV_BYTES = 12;
/** Enough rounds to mean something; fewer is a damaged or forged vault. */
const MIN_ITERATIONS = 100_000;
/** More would stall the page for minutes: a damaged or forged vault. */
const MAX_ITERATIONS = 10_000_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function associatedData(vault: Pick<Vault, 'v' | 'kdf' | 'iterations'>): Uint8Array<ArrayBuffer> {
  return encoder.encode(`ninja-wallet/v${String(vault.v)}/${vault.kdf}/${String(vault.iterations)}`);
}

/** An AES-256-GCM key from the password, by PBKDF2-SHA256. */
async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts a secret under a password (fresh salt and IV each time). */
export async function encryptSecret(
  secret: Secret,
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<Vault> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const header = { v: 1, kdf: 'PBKDF2-SHA256', iterations } as const;
  const key = await passwordKey(password, salt, iterations);
  const plaintext = encoder.encode(JSON.stringify(secret));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(header) }, key, plaintext),
  );
  plaintext.fill(0);
  return {
    ...header,
    salt: base64.encode(salt),
    iv: base64.encode(iv),
    ciphertext: base64.encode(ciphertext),
  };
}

function isSecret(value: unknown): value is Secret {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    (record.kind === 'mnemonic' && typeof record.phrase === 'string') ||
    (record.kind === 'wif' && typeof record.wif === 'string')
  );
}

/** Decrypts a vault; a wrong password, or any change to the vault, throws WrongPasswordError. */
export async function decryptSecret(vault: Vault, password: string): Promise<Secret> {
  let plaintext: Uint8Array;
  try {
    const salt = Uint8Array.from(base64.decode(vault.salt));
    const iv = Uint8Array.from(base64.decode(vault.iv));
    const ciphertext = Uint8Array.from(base64.decode(vault.ciphertext));
    if (salt.length !== SALT_BYTES || iv.length !== IV_BYTES) throw new WrongPasswordError();
    const key = await passwordKey(password, salt, vault.iterations);
    plaintext = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: associatedData(vault) }, key, ciphertext),
    );
  } catch {
    throw new WrongPasswordError();
  }
  let secret: unknown;
  try {
    secret = JSON.parse(decoder.decode(plaintext));
  } catch {
    secret = null;
  }
  plaintext.fill(0);
  if (!isSecret(secret)) throw new WrongPasswordError();
  return secret;
}

/** Whether a parsed value has a vault's shape (values checked, not only names). */
export function isVault(value: unknown): value is Vault {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.v === 1 &&
    record.kdf === 'PBKDF2-SHA256' &&
    typeof record.iterations === 'number' &&
    Number.isSafeInteger(record.iterations) &&
    record.iterations >= MIN_ITERATIONS &&
    record.iterations <= MAX_ITERATIONS &&
    typeof record.salt === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.ciphertext === 'string'
  );
}

/** The stored vault, or null when there is none (or what is stored is not one). */
export function loadVault(storage: Storage = localStorage): Vault | null {
  const text = storage.getItem(VAULT_STORAGE_KEY);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isVault(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a vault, replacing any earlier one. */
export function saveVault(vault: Vault, storage: Storage = localStorage): void {
  storage.setItem(VAULT_STORAGE_KEY, JSON.stringify(vault));
}

/** Removes the stored vault. */
export function forgetVault(storage: Storage = localStorage): void {
  storage.removeItem(VAULT_STORAGE_KEY);
}

/** Whether something is stored under the vault's key, valid or not (so it is never silently overwritten). */
export function hasStoredVault(storage: Storage = localStorage): boolean {
  return storage.getItem(VAULT_STORAGE_KEY) !== null;
}
