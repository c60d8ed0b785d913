// A local stand-in for Alipay's OpenAPI 2.0 gateway (POST/GET /gateway.do), for the Alipay
// adapter's tests and the payments module's: it checks what the gateway checks (app id, the
// common parameters, our RSA2 signature against the app's public key, the business fields),
// answers like Alipay with answers signed by its own Alipay key pair, keeps trades in memory,
// and posts real signed asynchronous notifications to a trade's notify_url.
//
// The signing rules are written out here from Alipay's documentation with node:crypto, apart
// from the SDK the adapter uses, so a mistake on either side cannot hide behind the same one.
import { createSign, createVerify, generateKeyPairSync, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An RSA key pair as PEM text (PKCS#8 private, SPKI public), as a test hands keys around. */
export type RsaKeys = { privateKey: string; publicKey: string };

/** A fresh 2048-bit RSA key pair (an app's, or Alipay's). */
export function newRsaKeys(): RsaKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

/**
 * The text Alipay signs: `name=value` pairs sorted by name (ASCII order) and joined with `&`,
 * values as they are (decoded, not URL-encoded), leaving out the names in `without`.
 * Requests also leave out empty values.
 */
export function alipaySignContent(
  fields: Record<string, string>,
  without: readonly string[],
  { skipEmpty }: { skipEmpty: boolean },
): string {
  return Object.keys(fields)
    .filter((name) => !without.includes(name) && !(skipEmpty && fields[name] === ''))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

/** RSA2: SHA256withRSA over the UTF-8 text, base64. */
export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * A notification's fields with sign_type and sign added: everything but sign and sign_type is
 * signed. RSA2 is SHA256withRSA; the legacy RSA (SHA1withRSA) is there for a test that an
 * adapter holding to RSA2 refuses it.
 */
export function signNotification(
  fields: Record<string, string>,
  privateKey: string,
  signType: 'RSA2' | 'RSA' = 'RSA2',
): Record<string, string> {
  const signed = { ...fields, sign_type: signType };
  const content = alipaySignContent(signed, ['sign', 'sign_type'], { skipEmpty: false });
  return {
    ...signed,
    sign:
      signType === 'RSA2'
        ? rsa2Sign(content, privateKey)
        : createSign('RSA-SHA1').update(content, 'utf8').sign(privateKey, 'base64'),
  };
}

let gbkTable: Map<string, number[]> | null = null;

/** The GBK bytes of `text`, by reading every two-byte GBK code once (node:crypto has no GBK encoder). */
function gbkBytes(text: string): number[] {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
    }
  }
  const table = gbkTable;
  return [...text].flatMap((ch) => {
    if (ch.charCodeAt(0) < 0x80) return [ch.charCodeAt(0)];
    const bytes = table.get(ch);
    if (!bytes) throw new Error(`no GBK code for ${ch}`);
    return bytes;
  });
}

/** Percent-encodes bytes the way Java's URLEncoder does (a space as `+`), which is how Alipay posts. */
function formEncode(bytes: Iterable<number>): string {
  let out = '';
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9.\-*_]/.test(ch)) out += ch;
    else if (ch === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A form body (application/x-www-form-urlencoded) in `charset`, as Alipay posts a notification. */
export function formBody(fields: Record<string, string>, charset: 'utf-8' | 'gbk' = 'utf-8'): string {
  const encode = (text: string) => formEncode(charset === 'gbk' ? gbkBytes(text) : Buffer.from(text, 'utf8'));
  return Object.entries(fields)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
}

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Beijing wall-clock text, written apart from the adapter's. */
function beijing(date: Date): string {
  const d = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
function fromBeijing(text: string): number {
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)
    ? Date.parse(`${text.replace(' ', 'T')}Z`) - SHANGHAI_OFFSET_MS
    : Number.NaN;
}

/** Yuan text with at most two decimals to fen; NaN otherwise. */
function fen(yuan: unknown): number {
  const match = typeof yuan === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}
const yuan = (f: number) => (f / 100).toFixed(2);

export type FakeAlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export type FakeAlipayTrade = {
  outTradeNo: string;
  tradeNo: string;
  /** Yuan text as the request gave it. */
  totalAmount: string;
  subject: string;
  method: 'alipay.trade.precreate' | 'alipay.trade.wap.pay';
  qrCode: string | null;
  notifyUrl: string | null;
  returnUrl: string | null;
  timeExpire: string;
  /**
   * Alipay holds a precreated or wap trade only once the buyer has scanned the code or
   * signed in on the page; before that, query and close answer ACQ.TRADE_NOT_EXIST.
   */
  isHeld: boolean;
  status: FakeAlipayTradeStatus;
  gmtCreate: string;
  gmtPayment: string | null;
  /** out_request_no → refunded fen. */
  refunds: Map<string, number>;
};

export type FakeAlipayMode = 'ok' | 'system-error' | 'http-500' | 'hang';

/** What one call brought, whatever the answer: the method and every parameter, biz_content parsed. */
export type FakeAlipayCall = { method: string; params: Record<string, string>; biz: Record<string, unknown> };

type Answer = Record<string, unknown> & { code: string; msg: string };
const ok = (fields: Record<string, unknown> = {}): Answer => ({ code: '10000', msg: 'Success', ...fields });
const invalid = (sub_code: string, sub_msg: string): Answer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code,
  sub_msg,
});
const business = (sub_code: string, sub_msg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code,
  sub_msg,
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Starts the fake on a free local port. It knows one app: `appId`, whose requests must be
 * signed by the private key matching `appPublicKey`. It signs its answers and notifications
 * with a key pair of its own; hand `alipayPublicKey` to the adapter.
 */
export async function startFakeAlipay(options: { appId: string; appPublicKey: string; sellerId?: string }) {
  const alipayKeys = newRsaKeys();
  const sellerId = options.sellerId ?? '2088101122136241';
  const trades = new Map<string, FakeAlipayTrade>();
  const calls: FakeAlipayCall[] = [];
  const state = { mode: 'ok' as FakeAlipayMode };
  let serial = 0;

  const newTradeNo = () => {
    serial += 1;
    const day = beijing(new Date()).slice(0, 10).replaceAll('-', '');
    return `${day}22001${String(randomInt(1e9)).padStart(9, '0')}${String(serial).padStart(6, '0')}`;
  };

  /** Checks the business fields of a new trade; null when they are acceptable. */
  const checkOrder = (biz: Record<string, unknown>): Answer | null => {
    const amount = fen(biz.total_amount);
    if (typeof biz.out_trade_no !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(biz.out_trade_no)) {
      return business('ACQ.INVALID_PARAMETER', '参数无效');
    }
    if (!(amount >= 1 && amount <= 10_000_000_000)) return business('ACQ.INVALID_PARAMETER', '订单金额不合法');
    if (typeof biz.subject !== 'string' || !biz.subject) return invalid('isv.missing-subject', '缺少订单标题');
    if (biz.time_expire !== undefined) {
      const expires = fromBeijing(String(biz.time_expire));
      if (Number.isNaN(expires)) return business('ACQ.INVALID_PARAMETER', 'time_expire格式不正确');
      if (expires <= Date.now()) return business('ACQ.TRADE_HAS_CLOSE', '订单已超时');
    }
    return null;
  };

  /** A new trade, or the one already under that out_trade_no when it is the same order. */
  const openTrade = (
    method: FakeAlipayTrade['method'],
    biz: Record<string, unknown>,
    params: Record<string, string>,
  ): FakeAlipayTrade | Answer => {
    const existing = trades.get(String(biz.out_trade_no));
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED') {
        return business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      }
      if (existing.status === 'TRADE_CLOSED') return business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (fen(existing.totalAmount) !== fen(biz.total_amount)) {
        return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      }
      return existing;
    }
    const trade: FakeAlipayTrade = {
      outTradeNo: String(biz.out_trade_no),
      tradeNo: newTradeNo(),
      totalAmount: String(biz.total_amount),
      subject: String(biz.subject),
      method,
      qrCode: method === 'alipay.trade.precreate' ? `https://qr.alipay.com/bax0${serial}${randomInt(1e9)}` : null,
      notifyUrl: params.notify_url || null,
      returnUrl: params.return_url || null,
      timeExpire: String(biz.time_expire ?? ''),
      isHeld: false,
      status: 'WAIT_BUYER_PAY',
      gmtCreate: beijing(new Date()),
      gmtPayment: null,
      refunds: new Map(),
    };
    trades.set(trade.outTradeNo, trade);
    return trade;
  };

  const heldTrade = (biz: Record<string, unknown>) => {
    const trade = trades.get(String(biz.out_trade_no));
    return trade?.isHeld ? trade : null;
  };

  const api: Record<string, (biz: Record<string, unknown>, params: Record<string, string>) => Answer> = {
    'alipay.trade.precreate'(biz, params) {
      const refusal = checkOrder(biz);
      if (refusal) return refusal;
      const trade = openTrade('alipay.trade.precreate', biz, params);
      if (!('tradeNo' in trade)) return trade;
      return ok({ out_trade_no: trade.outTradeNo, qr_code: trade.qrCode });
    },
    'alipay.trade.query'(biz) {
      const trade = heldTrade(biz);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      return ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_logon_id: '159****5620',
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        buyer_pay_amount: trade.gmtPayment ? trade.totalAmount : '0.00',
        ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
      });
    },
    'alipay.trade.close'(biz) {
      const trade = heldTrade(biz);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (trade.status !== 'WAIT_BUYER_PAY') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.status = 'TRADE_CLOSED';
      return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    },
    'alipay.trade.refund'(biz) {
      const trade = heldTrade(biz);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const requestNo = String(biz.out_request_no ?? biz.out_trade_no);
      const amount = fen(biz.refund_amount);
      const refunded = () => [...trade.refunds.values()].reduce((sum, f) => sum + f, 0);
      const answer = (fundChange: 'Y' | 'N') =>
        ok({
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          buyer_logon_id: '159****5620',
          fund_change: fundChange,
          refund_fee: yuan(refunded()),
        });
      // The same out_request_no again: Alipay moves no more money and says so.
      if (trade.refunds.has(requestNo)) return answer('N');
      if (trade.status !== 'TRADE_SUCCESS') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (!(amount >= 1)) return business('ACQ.INVALID_PARAMETER', '参数无效');
      if (refunded() + amount > fen(trade.totalAmount)) {
        return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      }
      trade.refunds.set(requestNo, amount);
      if (refunded() === fen(trade.totalAmount)) trade.status = 'TRADE_CLOSED';
      return answer('Y');
    },
  };

  /** Checks what every call carries; null when the call may proceed. */
  const checkCommon = (params: Record<string, string>, signature: string | undefined): Answer | null => {
    if (params.app_id !== options.appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (!signature) return { code: '40001', msg: 'Missing Required Arguments', sub_code: 'isv.missing-signature' };
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if (params.charset !== 'utf-8') return invalid('isv.invalid-charset', '字符集错误');
    if (params.version !== '1.0') return invalid('isv.invalid-version', '版本号错误');
    // The timestamp is Beijing time; a process stamping UTC is 8 hours out, which this catches.
    const stamped = fromBeijing(params.timestamp ?? '');
    if (Number.isNaN(stamped) || Math.abs(stamped - Date.now()) > 15 * 60_000) {
      return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    }
    const content = alipaySignContent(params, ['sign'], { skipEmpty: true });
    if (!rsa2Verify(content, signature, options.appPublicKey)) {
      return invalid('isv.invalid-signature', `验签出错，网关生成的验签字符串为：${content.slice(0, 200)}`);
    }
    return null;
  };

  const server: Server = createServer(async (req, res) => {
    if (state.mode === 'hang') return; // never answers
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (url.pathname !== '/gateway.do') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body>404</body></html>');
    }
    if (state.mode === 'http-500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<html><body>500 Internal Server Error</body></html>');
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST' && String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    }
    const { sign: signature, ...signed } = params;
    const method = params.method ?? '';
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}');
    } catch {
      biz = {};
    }
    calls.push({ method, params, biz });
    const refusal = checkCommon(signed, signature);

    // A page (wap) address is opened by the buyer's browser: Alipay answers a cashier page,
    // or an error page naming the problem.
    if (req.method === 'GET' && method === 'alipay.trade.wap.pay') {
      const pageProblem = (): string | null => {
        if (refusal) return String(refusal.sub_code);
        if (biz.product_code !== 'QUICK_WAP_WAY') return 'ACQ.INVALID_PARAMETER';
        const order = checkOrder(biz);
        if (order) return String(order.sub_code);
        const trade = openTrade('alipay.trade.wap.pay', biz, params);
        return 'tradeNo' in trade ? null : String(trade.sub_code);
      };
      const problem = pageProblem();
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      return res.end(
        problem
          ? `<html><head><title>支付宝 - 错误</title></head><body>错误代码 ${problem}</body></html>`
          : `<html><head><title>支付宝 - 网上支付 安全快速！</title></head><body>${biz.subject} ${biz.total_amount}</body></html>`,
      );
    }

    const handler = api[method];
    let answer: Answer;
    if (refusal) answer = refusal;
    else if (!handler) answer = invalid('isv.invalid-method', '不存在的方法名');
    else if (state.mode === 'system-error') {
      answer = {
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'isp.unknow-error',
        sub_msg: '系统繁忙',
      };
    } else answer = handler(biz, params);

    // Alipay escapes `/` in its JSON and signs the text of the answer object exactly as sent.
    const inner = JSON.stringify(answer).replaceAll('/', '\\/');
    const responseKey = `${(handler ? method : 'error').replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${responseKey}":${inner},"sign":"${rsa2Sign(inner, alipayKeys.privateKey)}"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  const tradeOf = (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake holds no trade ${outTradeNo}`);
    return trade;
  };

  /** The fields of the notification Alipay would send now about a trade (unsigned). */
  const notificationFields = (trade: FakeAlipayTrade): Record<string, string> => {
    const paid = trade.gmtPayment !== null;
    const refunded = [...trade.refunds.values()].reduce((sum, f) => sum + f, 0);
    return {
      notify_time: beijing(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: `2026${randomInt(1e9)}${randomInt(1e9)}`,
      charset: 'utf-8',
      version: '1.0',
      app_id: options.appId,
      auth_app_id: options.appId,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      ...(paid ? { receipt_amount: trade.totalAmount, buyer_pay_amount: trade.totalAmount } : {}),
      subject: trade.subject,
      seller_id: sellerId,
      buyer_id: '2088102146225135',
      buyer_logon_id: '159****5620',
      gmt_create: trade.gmtCreate,
      ...(trade.gmtPayment ? { gmt_payment: trade.gmtPayment } : {}),
      ...(refunded > 0 ? { refund_fee: yuan(refunded), gmt_refund: beijing(new Date()) } : {}),
      ...(paid
        ? { fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]) }
        : {}),
    };
  };

  /** POSTs a body to the trade's notify_url as Alipay does; answers what the merchant said. */
  const post = async (trade: FakeAlipayTrade, body: string) => {
    if (!trade.notifyUrl) throw new Error(`trade ${trade.outTradeNo} has no notify_url`);
    const response = await fetch(trade.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return { status: response.status, body: await response.text() };
  };

  return {
    gateway,
    /** Alipay's public key (PEM) for the adapter's `alipayPublicKey`. */
    alipayPublicKey: alipayKeys.publicKey,
    /** Alipay's private key: for a test that signs a notification itself. */
    alipayPrivateKey: alipayKeys.privateKey,
    sellerId,
    trades,
    calls,
    state,
    /** The buyer scans the code / signs in on the page: Alipay now holds the trade, unpaid. */
    scan(outTradeNo: string) {
      tradeOf(outTradeNo).isHeld = true;
    },
    /** The buyer pays: the trade succeeds and its notification goes to its notify_url. */
    async pay(outTradeNo: string) {
      const trade = tradeOf(outTradeNo);
      if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${outTradeNo} is ${trade.status}`);
      trade.isHeld = true;
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = beijing(new Date());
      return post(trade, formBody(signNotification(notificationFields(trade), alipayKeys.privateKey)));
    },
    /** time_expire passes unpaid: the trade closes and Alipay tells the notify_url. */
    async expire(outTradeNo: string) {
      const trade = tradeOf(outTradeNo);
      trade.isHeld = true;
      trade.status = 'TRADE_CLOSED';
      return post(trade, formBody(signNotification(notificationFields(trade), alipayKeys.privateKey)));
    },
    /**
     * The notification body Alipay would send now about a trade, without sending it (replay and
     * tamper tests): `fields` overrides or adds fields before signing, `signWith` signs with
     * another private key, `signType` with another algorithm, `charset` encodes it in GBK (the
     * charset field says so).
     */
    notification(
      outTradeNo: string,
      how: {
        fields?: Record<string, string>;
        signWith?: string;
        signType?: 'RSA2' | 'RSA';
        charset?: 'utf-8' | 'gbk';
      } = {},
    ): string {
      const fields = { ...notificationFields(tradeOf(outTradeNo)), ...how.fields };
      if (how.charset) fields.charset = how.charset;
      const signed = signNotification(fields, how.signWith ?? alipayKeys.privateKey, how.signType);
      return formBody(signed, how.charset);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
