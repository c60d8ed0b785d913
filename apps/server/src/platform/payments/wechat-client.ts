// One call of WeChat Pay API v3 as the adapter makes it: the request signed with the
// merchant's key, sent within a time limit, and the answer's signature checked against the
// platform key it names before anything in it is believed. A call that cannot be made or
// whose answer is not proven to come from WeChat is logged (never with key material or the
// Authorization header) and becomes the caller's AppError; an authentic answer, whatever
// its status, is the caller's to judge.
import type { KeyObject } from 'node:crypto';
import { AppError, type ErrorCode } from '@evcircle/contract';
import type { PaymentLog } from './types.ts';
import { newNonce, type SignatureCheck, signRequest, unixSeconds, verifySignature } from './wechat-crypto.ts';

export type WechatClientOptions = {
  mchid: string;
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  /** WeChat's keys by the serial its Wechatpay-Serial header names. */
  platformKeys: ReadonlyMap<string, KeyObject>;
  /** https://api.mch.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs: number;
  log: PaymentLog;
};

export type WechatCall = {
  method: 'GET' | 'POST';
  /** The path with its query (`/v3/pay/transactions/native`): what the signature covers. */
  path: string;
  /** The JSON body of a POST. */
  body?: Record<string, unknown>;
  /** What the log lines name (`wechat pay native`). */
  label: string;
  /** Fields every log line of this call carries. */
  context: Record<string, unknown>;
  /** The error the caller answers when WeChat cannot be reached or its answer is not authentic. */
  failure: ErrorCode;
};

/** WeChat's error body: `{code, message}` (`ORDER_NOT_EXIST`, `SIGN_ERROR`, `PARAM_ERROR`…). */
export type WechatAnswer = {
  status: number;
  /** The body parsed, when it is a JSON object; null otherwise (a 204 has no body). */
  answer: Record<string, unknown> | null;
  body: string;
  /** WeChat's Request-ID, for the log and for WeChat's support. */
  requestId: string | null;
};

export type WechatClient = {
  /** Makes `call` and answers WeChat's authentic answer; `call.failure` when there is none. */
  send(call: WechatCall): Promise<WechatAnswer>;
  /** Logs WeChat's refusal of `call` (its code and message) and throws `failure`. */
  refuse(call: WechatCall, answer: WechatAnswer, failure?: ErrorCode): never;
};

/** Which of WeChat's rules the answer breaks; null when it is authentic. */
function checkAnswer(
  options: WechatClientOptions,
  status: number,
  headers: Headers,
  body: string,
): SignatureCheck | 'unsigned' | 'unknown-serial' | null {
  const signature = headers.get('wechatpay-signature');
  if (!signature) {
    // WeChat's rule: "没有携带签名的成功应答(HTTP状态码为2xx)，应认为是伪造或被篡改的应答". An
    // unsigned refusal (a 401 from a gateway) is believed only as far as being a refusal.
    return status >= 200 && status < 300 ? 'unsigned' : null;
  }
  const key = options.platformKeys.get(headers.get('wechatpay-serial') ?? '');
  if (!key) return 'unknown-serial';
  const parts = {
    timestamp: headers.get('wechatpay-timestamp') ?? '',
    nonce: headers.get('wechatpay-nonce') ?? '',
    body,
  };
  const check = verifySignature(parts, signature, key, options.now());
  return check === 'ok' ? null : check;
}

export function createWechatClient(options: WechatClientOptions): WechatClient {
  const apiBase = options.apiBase.replace(/\/+$/, '');

  const refuse = (call: WechatCall, answer: WechatAnswer, failure: ErrorCode = call.failure): never => {
    options.log.error(
      {
        ...call.context,
        httpStatus: answer.status,
        code: answer.answer?.code,
        message: answer.answer?.message,
        requestId: answer.requestId,
        body: answer.answer ? undefined : answer.body.slice(0, 300),
      },
      `${call.label}: refused`,
    );
    throw new AppError(failure);
  };

  return {
    refuse,
    async send(call: WechatCall): Promise<WechatAnswer> {
      const body = call.body === undefined ? '' : JSON.stringify(call.body);
      const target = new URL(`${apiBase}${call.path}`);
      const authorization = signRequest({
        mchid: options.mchid,
        serialNo: options.merchantSerialNo,
        privateKey: options.merchantPrivateKey,
        request: {
          method: call.method,
          url: target.pathname + target.search,
          timestamp: unixSeconds(options.now()),
          nonce: newNonce(),
          body,
        },
      });
      let status: number;
      let headers: Headers;
      let text: string;
      try {
        const response = await options.fetch(target, {
          method: call.method,
          headers: {
            accept: 'application/json',
            authorization,
            // WeChat refuses requests without a User-Agent.
            'user-agent': 'evcircle-server',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: call.body === undefined ? undefined : body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        headers = response.headers;
        text = await response.text();
      } catch (err) {
        options.log.error({ ...call.context, err }, `${call.label}: request failed`);
        throw new AppError(call.failure);
      }
      const requestId = headers.get('request-id');
      const problem = checkAnswer(options, status, headers, text);
      if (problem) {
        options.log.error(
          { ...call.context, httpStatus: status, requestId, serial: headers.get('wechatpay-serial'), problem },
          `${call.label}: answer not signed by WeChat`,
        );
        throw new AppError(call.failure);
      }
      let answer: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        answer = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
      } catch {
        answer = null;
      }
      return { status, answer, body: text, requestId };
    },
  };
}
