import { execFileSync } from 'node:child_process';
import { createCipheriv, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PaymentVerifyError } from './types.ts';
import {
  buildRequestMessage,
  buildResponseMessage,
  decryptResource,
  readPlatformKey,
  SIGNATURE_WINDOW_SECONDS,
  signRequest,
  verifySignature,
} from './wechat-crypto.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const NOW = new Date('2026-05-01T04:00:00Z');
const NOW_S = NOW.getTime() / 1000;

/** WeChat's side of an answer, written out here rather than taken from the module under test. */
function platformSigns(timestamp: number, nonce: string, body: string, key = platform.privateKey): string {
  return createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
}

/** WeChat's sealing of a resource: base64(AES-256-GCM ciphertext ‖ tag). */
function seal(plaintext: string, key: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

describe('wechat pay request signing', () => {
  it('builds the messages WeChat signs, one field a line, each line ending in \\n', () => {
    expect(
      buildRequestMessage({
        method: 'get',
        url: '/v3/pay/transactions/out-trade-no/VIP20260501A?mchid=1900009191',
        timestamp: '1554208460',
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
        body: '',
      }),
    ).toBe(
      'GET\n/v3/pay/transactions/out-trade-no/VIP20260501A?mchid=1900009191\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    expect(
      buildResponseMessage({ timestamp: '1554209980', nonce: 'c5ac7061fccab6bf3e254dcf98995b8c', body: '{}' }),
    ).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{}\n');
  });

  it('writes an Authorization header whose signature holds against the merchant public key', () => {
    const body = JSON.stringify({ mchid: '1900009191', description: '车友圈 VIP 月度会员' });
    const header = signRequest({
      mchid: '1900009191',
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      privateKey: merchant.privateKey,
      request: { method: 'POST', url: '/v3/pay/transactions/native', timestamp: '1777608000', nonce: 'N0NCE', body },
    });
    const match =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="N0NCE",signature="([^"]+)",timestamp="1777608000",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"$/.exec(
        header,
      );
    expect(match).not.toBeNull();
    const signature = match?.[1] as string;
    const message = `POST\n/v3/pay/transactions/native\n1777608000\nN0NCE\n${body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, signature, 'base64')).toBe(true);
    // The signature covers the body: another body does not verify.
    expect(
      createVerify('RSA-SHA256')
        .update(message.replace('月度', '年度'))
        .verify(merchant.publicKey, signature, 'base64'),
    ).toBe(false);
  });
});

describe('wechat pay answer and notification signatures', () => {
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
  const parts = { timestamp: String(NOW_S), nonce: 'nonce-1', body };
  const signature = platformSigns(NOW_S, 'nonce-1', body);

  it('accepts what the platform key signed', () => {
    expect(verifySignature(parts, signature, platform.publicKey, NOW)).toBe('ok');
  });

  it('refuses a tampered body, nonce or timestamp', () => {
    expect(verifySignature({ ...parts, body: body.replace('abc', 'abd') }, signature, platform.publicKey, NOW)).toBe(
      'mismatch',
    );
    expect(verifySignature({ ...parts, nonce: 'nonce-2' }, signature, platform.publicKey, NOW)).toBe('mismatch');
    expect(verifySignature({ ...parts, timestamp: String(NOW_S - 1) }, signature, platform.publicKey, NOW)).toBe(
      'mismatch',
    );
  });

  it('refuses a signature made by another key', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(
      verifySignature(parts, platformSigns(NOW_S, 'nonce-1', body, other.privateKey), platform.publicKey, NOW),
    ).toBe('mismatch');
  });

  it('refuses a WECHATPAY/SIGNTEST/ probe, even one carrying a valid signature after the prefix', () => {
    expect(verifySignature(parts, `WECHATPAY/SIGNTEST/${signature}`, platform.publicKey, NOW)).toBe('probe');
  });

  it('refuses a timestamp more than five minutes away, either side', () => {
    const at = (seconds: number) => {
      const signed = platformSigns(seconds, 'n', body);
      return verifySignature({ timestamp: String(seconds), nonce: 'n', body }, signed, platform.publicKey, NOW);
    };
    expect(at(NOW_S - SIGNATURE_WINDOW_SECONDS)).toBe('ok');
    expect(at(NOW_S - SIGNATURE_WINDOW_SECONDS - 1)).toBe('stale');
    expect(at(NOW_S + SIGNATURE_WINDOW_SECONDS + 1)).toBe('stale');
  });

  it('refuses missing headers', () => {
    expect(verifySignature({ ...parts, timestamp: '' }, signature, platform.publicKey, NOW)).toBe('malformed');
    expect(verifySignature({ ...parts, nonce: '' }, signature, platform.publicKey, NOW)).toBe('malformed');
    expect(verifySignature(parts, '', platform.publicKey, NOW)).toBe('malformed');
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasOpenssl)('verifies with a platform certificate as well as with a public key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wechatpay-cert-'));
    try {
      writeFileSync(join(dir, 'key.pem'), platform.privateKey.export({ type: 'pkcs8', format: 'pem' }));
      execFileSync('openssl', [
        'req',
        '-x509',
        '-new',
        '-key',
        join(dir, 'key.pem'),
        '-subj',
        '/CN=Tenpay.com Root CA test',
        '-days',
        '1',
        '-out',
        join(dir, 'cert.pem'),
      ]);
      const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
      expect(certificate).toContain('BEGIN CERTIFICATE');
      expect(verifySignature(parts, signature, readPlatformKey(certificate), NOW)).toBe('ok');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const spki = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(verifySignature(parts, signature, readPlatformKey(spki), NOW)).toBe('ok');
  });
});

describe('wechat pay resource decryption', () => {
  const transaction = JSON.stringify({ out_trade_no: 'VIP20260501A', trade_state: 'SUCCESS', attach: '车友圈' });
  const resource = {
    algorithm: 'AEAD_AES_256_GCM',
    original_type: 'transaction',
    associated_data: 'transaction',
    nonce: 'fdasflkja484',
    ciphertext: seal(transaction, API_V3_KEY, 'fdasflkja484', 'transaction'),
  };

  it('opens NIST’s AES-256-GCM test case 14 (zero key, zero IV, one zero block)', () => {
    const sealed = Buffer.from('cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919', 'hex');
    const opened = decryptResource(
      { algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), nonce: '\0'.repeat(12) },
      '\0'.repeat(32),
    );
    expect(opened).toBe('\0'.repeat(16));
  });

  it('opens what was sealed with the APIv3 key, nonce and associated data', () => {
    expect(decryptResource(resource, API_V3_KEY)).toBe(transaction);
  });

  it('refuses the wrong APIv3 key', () => {
    expect(() => decryptResource(resource, 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb')).toThrow(PaymentVerifyError);
  });

  it('refuses other associated data', () => {
    expect(() => decryptResource({ ...resource, associated_data: 'refund' }, API_V3_KEY)).toThrow(PaymentVerifyError);
  });

  it('refuses a cut or altered tag, and an altered ciphertext', () => {
    const sealed = Buffer.from(resource.ciphertext, 'base64');
    const cut = sealed.subarray(0, sealed.length - 1).toString('base64');
    expect(() => decryptResource({ ...resource, ciphertext: cut }, API_V3_KEY)).toThrow(PaymentVerifyError);
    const noTag = sealed.subarray(0, sealed.length - 16).toString('base64');
    expect(() => decryptResource({ ...resource, ciphertext: noTag }, API_V3_KEY)).toThrow(PaymentVerifyError);
    const flipped = Buffer.from(sealed);
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => decryptResource({ ...resource, ciphertext: flipped.toString('base64') }, API_V3_KEY)).toThrow(
      PaymentVerifyError,
    );
  });

  it('refuses another algorithm and a key that is not 32 bytes', () => {
    expect(() => decryptResource({ ...resource, algorithm: 'AEAD_SM4_GCM' }, API_V3_KEY)).toThrow(PaymentVerifyError);
    expect(() => decryptResource(resource, API_V3_KEY.slice(1))).toThrow(PaymentVerifyError);
  });
});
