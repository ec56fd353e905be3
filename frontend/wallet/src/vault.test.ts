import { base64 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { VAULT_STORAGE_KEY } from './config';
import type { Secret } from './keys';
import {
  decryptSecret,
  encryptSecret,
  forgetVault,
  hasStoredVault,
  loadVault,
  saveVault,
  WrongPasswordError,
  type Vault,
} from './vault';

const SECRET: Secret = {
  kind: 'mnemonic',
  phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
};
const PASSWORD = 'correct horse battery';
/** Fewer rounds than a real vault, to keep the tests quick (the format and the checks are the same). */
const TEST_ITERATIONS = 100_000;

/** The vault with one bit of a base64 field flipped. */
function flipped(vault: Vault, field: 'ciphertext' | 'iv' | 'salt', byte = 0): Vault {
  const bytes = base64.decode(vault[field]);
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return { ...vault, [field]: base64.encode(bytes) };
}

describe('vault', () => {
  it('encrypts a secret with PBKDF2-SHA256 and AES-GCM, and decrypts it with the password', async () => {
    const vault = await encryptSecret(SECRET, PASSWORD, TEST_ITERATIONS);
    expect(Object.keys(vault).sort()).toEqual(['ciphertext', 'iterations', 'iv', 'kdf', 'salt', 'v']);
    expect(vault).toMatchObject({ v: 1, kdf: 'PBKDF2-SHA256', iterations: TEST_ITERATIONS });
    expect(base64.decode(vault.salt)).toHaveLength(16);
    expect(base64.decode(vault.iv)).toHaveLength(12);
    expect(JSON.stringify(vault)).not.toContain('abandon');
    expect(await decryptSecret(vault, PASSWORD)).toEqual(SECRET);
  });

  it('draws a new salt and IV for every encryption', async () => {
    const [first, second] = await Promise.all([
      encryptSecret(SECRET, PASSWORD, TEST_ITERATIONS),
      encryptSecret(SECRET, PASSWORD, TEST_ITERATIONS),
    ]);
    expect(first.salt).not.toBe(second.salt);
    expect(first.iv).not.toBe(second.iv);
    expect(first.ciphertext).not.toBe(second.ciphertext);
  });

  it('refuses a wrong password', async () => {
    const vault = await encryptSecret(SECRET, PASSWORD, TEST_ITERATIONS);
    await expect(decryptSecret(vault, 'correct horse battery!')).rejects.toThrow(WrongPasswordError);
    await expect(decryptSecret(vault, '')).rejects.toThrow('Wrong password');
  });

  it('refuses a tampered ciphertext, IV, salt or round count', async () => {
    const vault = await encryptSecret(SECRET, PASSWORD, TEST_ITERATIONS);
    await expect(decryptSecret(flipped(vault, 'ciphertext'), PASSWORD)).rejects.toThrow(WrongPasswordError);
    const tagByte = base64.decode(vault.ciphertext).length - 1;
    await expect(decryptSecret(flipped(vault, 'ciphertext', tagByte), PASSWORD)).rejects.toThrow(WrongPasswordError);
    await expect(decryptSecret(flipped(vault, 'iv'), PASSWORD)).rejects.toThrow(WrongPasswordError);
    await expect(decryptSecret(flipped(vault, 'salt'), PASSWORD)).rejects.toThrow(WrongPasswordError);
    const truncated = { ...vault, ciphertext: base64.encode(base64.decode(vault.ciphertext).slice(0, -1)) };
    await expect(decryptSecret(truncated, PASSWORD)).rejects.toThrow(WrongPasswordError);
    // The rounds are bound to the ciphertext: a vault edited to fewer rounds does not open.
    await expect(decryptSecret({ ...vault, iterations: TEST_ITERATIONS + 1 }, PASSWORD)).rejects.toThrow(
      WrongPasswordError,
    );
  });

  it('is kept under one key of the storage, and forgotten', async () => {
    const vault = await encryptSecret(
      { kind: 'wif', wif: 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k' },
      PASSWORD,
    );
    expect(vault.iterations).toBe(600_000);
    expect(loadVault()).toBeNull();
    saveVault(vault);
    expect(Object.keys(localStorage)).toEqual([VAULT_STORAGE_KEY]);
    expect(localStorage.getItem(VAULT_STORAGE_KEY)).not.toContain('L3VFeE');
    expect(loadVault()).toEqual(vault);
    forgetVault();
    expect(loadVault()).toBeNull();
    expect(hasStoredVault()).toBe(false);
  });

  it('does not take a damaged or weakened stored vault for one', () => {
    localStorage.setItem(VAULT_STORAGE_KEY, '{not json');
    expect(loadVault()).toBeNull();
    expect(hasStoredVault()).toBe(true);
    const weak = { v: 1, kdf: 'PBKDF2-SHA256', iterations: 1, salt: 'AA==', iv: 'AA==', ciphertext: 'AA==' };
    localStorage.setItem(VAULT_STORAGE_KEY, JSON.stringify(weak));
    expect(loadVault()).toBeNull();
  });
});
