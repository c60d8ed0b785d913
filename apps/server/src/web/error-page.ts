import { createHash } from 'node:crypto';
import { ERRORS } from '@evcircle/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What the page says (zh-CN). The 5xx text is the contract's own SERVER_ERROR message. */
const MESSAGES = {
  serverErrorTitle: '页面出错了',
  serverErrorHint: ERRORS.SERVER_ERROR.message,
  clientErrorTitle: '请求无法处理',
  clientErrorHint: '请检查链接是否正确，或返回首页。',
  backHome: '返回首页',
  requestId: '错误编号：',
  siteName: '车友圈',
} as const;

const STYLE = [
  ':root{color-scheme:light dark}',
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;',
  'font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#fff;color:#111827}',
  'main{padding:24px;text-align:center}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 16px;color:#6b7280}',
  'a{display:inline-block;padding:8px 20px;border-radius:9999px;background:#111827;color:#fff;text-decoration:none}',
  'small{display:block;margin-top:24px;color:#9ca3af;font-size:12px}',
  '@media (prefers-color-scheme:dark){body{background:#030712;color:#f9fafb}a{background:#f9fafb;color:#030712}}',
].join('');

/**
 * The page loads nothing and runs nothing: only its own inline style (by hash) and the
 * site icon are allowed, and it cannot be framed.
 */
export const ERROR_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A complete zh-CN page with no stack and no error text: the details stay in the log. */
export function renderErrorPage(status: number, requestId: string): string {
  const isClientError = status >= 400 && status < 500;
  const title = isClientError ? MESSAGES.clientErrorTitle : MESSAGES.serverErrorTitle;
  const hint = isClientError ? MESSAGES.clientErrorHint : MESSAGES.serverErrorHint;
  return [
    '<!DOCTYPE html>',
    '<html lang="zh-CN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} - ${MESSAGES.siteName}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${STYLE}</style></head>`,
    `<body><main><h1>${title}</h1><p>${hint}</p><a href="/">${MESSAGES.backHome}</a>`,
    `<small>${MESSAGES.requestId}${escapeHtml(requestId)}</small></main></body></html>`,
  ].join('');
}

/** Answers the error page: its own CSP (the page nonce CSP is never set on this path), never cached. */
export function sendErrorPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', ERROR_PAGE_CSP)
    .send(renderErrorPage(status, String(reply.request.id)));
}

/**
 * The web scope's error handler (the API keeps the envelope handler of platform/error-handler.ts):
 * a page request that fails answers an HTML page, not JSON. A client error Fastify raised
 * (e.g. a byte range past the end of a static file) keeps its 4xx status; anything else is a 500
 * and is logged with the request id and stack.
 */
export function handleWebError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const statusCode = (error as Partial<FastifyError> | null)?.statusCode;
  const isClientError = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
  if (isClientError) {
    request.log.info({ err: error }, 'web request refused');
    return sendErrorPage(reply, statusCode);
  }
  request.log.error({ err: error }, 'web page failed');
  return sendErrorPage(reply, 500);
}
