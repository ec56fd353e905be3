import { hex } from '@scure/base';
import { WIF } from '@scure/btc-signer/payment.js';
import { TEST_NETWORK } from '@scure/btc-signer/utils.js';
import { describe, expect, it } from 'vitest';
import { accountOf, mnemonicError, newMnemonic, parseImport, phraseWords } from './keys';

/** BIP-84's published test vector (mnemonic, first receiving key and address of account 0). */
const BIP84 = {
  mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
  wif: 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d',
  address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
};

/** BIP-322's test key (WALLET-AUTH.md §1.6): a compressed WIF and its P2WPKH address. */
const BIP322_KEY = {
  wif: 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k',
  address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
};

/** BIP-39's 24-word vector for 32 zero bytes of entropy. */
const TWENTY_FOUR = `${'abandon '.repeat(23)}art`;

describe('accountOf', () => {
  it("derives BIP-84's first receiving address (m/84'/0'/0'/0/0) from its published mnemonic", async () => {
    const account = await accountOf({ kind: 'mnemonic', phrase: BIP84.mnemonic });
    expect(account.address).toBe(BIP84.address);
    expect(hex.encode(account.publicKey)).toBe(BIP84.publicKey);
    expect(WIF().encode(account.privateKey)).toBe(BIP84.wif);
  });

  it("gives a WIF key's own P2WPKH address", async () => {
    expect((await accountOf({ kind: 'wif', wif: BIP322_KEY.wif })).address).toBe(BIP322_KEY.address);
    expect((await accountOf({ kind: 'wif', wif: BIP84.wif })).address).toBe(BIP84.address);
  });

  it('derives a bc1q address from a new 12-word phrase', async () => {
    const phrase = newMnemonic();
    expect(phraseWords(phrase)).toHaveLength(12);
    expect(mnemonicError(phrase)).toBeNull();
    expect((await accountOf({ kind: 'mnemonic', phrase })).address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
  });
});

describe('parseImport', () => {
  it('takes 12 or 24 valid words, in any case and spacing, as a phrase', () => {
    expect(parseImport(`  ${BIP84.mnemonic.toUpperCase().replaceAll(' ', ' \n ')}  `)).toEqual({
      secret: { kind: 'mnemonic', phrase: BIP84.mnemonic },
    });
    expect(parseImport(TWENTY_FOUR)).toEqual({ secret: { kind: 'mnemonic', phrase: TWENTY_FOUR } });
  });

  it('refuses a phrase of another length, an unknown word or a failed checksum, saying which', () => {
    const eleven = BIP84.mnemonic.split(' ').slice(1).join(' ');
    expect(parseImport(eleven)).toEqual({ error: 'A recovery phrase has 12 or 24 words; this one has 11.' });
    expect(parseImport(BIP84.mnemonic.replace('about', 'aboot'))).toEqual({
      error: '"aboot" is not a word of the recovery phrase list.',
    });
    expect(parseImport('abandon '.repeat(12))).toEqual({
      error: 'These words fail the phrase checksum: check each word and their order.',
    });
  });

  it('takes one compressed mainnet WIF key', () => {
    expect(parseImport(` ${BIP322_KEY.wif} `)).toEqual({ secret: { kind: 'wif', wif: BIP322_KEY.wif } });
  });

  it('refuses an uncompressed, a testnet or a mistyped WIF key', () => {
    // The classic uncompressed WIF example (key 0x0C28FCA3...).
    expect(parseImport('5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ')).toEqual({
      error: 'Uncompressed keys are not supported: use a compressed WIF key (it starts with K or L).',
    });
    const testnet = WIF(TEST_NETWORK).encode(new Uint8Array(32).fill(1));
    expect(parseImport(testnet)).toEqual({ error: 'This key is not for Bitcoin mainnet.' });
    const mistyped = `${BIP322_KEY.wif.slice(0, -1)}${BIP322_KEY.wif.endsWith('k') ? 'j' : 'k'}`;
    expect(parseImport(mistyped)).toEqual({ error: 'Not a valid WIF key: check every character.' });
  });

  it('asks for something when the field is empty', () => {
    expect(parseImport('  ')).toEqual({ error: 'Enter a recovery phrase of 12 or 24 words, or a WIF key.' });
  });
});
