import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';

export const APP_ID = 'wx1234567890abcdef';
export const APP_SECRET = 'secret-of-the-mini-program';
/** The mini-program pages the fake knows (a code of any other page is refused, as WeChat does). */
export const FAKE_WECHAT_PAGES = { scan: 'pages/scan/index', product: 'pages/product/index' } as const;
const PAGES = new Set<string>(Object.values(FAKE_WECHAT_PAGES));
const ENV_VERSIONS = new Set(['release', 'trial', 'develop']);

/**
 * A local fake of WeChat's HTTP API: /cgi-bin/token checks appid and secret and issues
 * tokens; /wxa/getwxacodeunlimit checks the token and the body and answers a real PNG
 * (a QR of the scene), or errcode JSON as WeChat does.
 */
export class FakeWechat {
  server: Server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  tokenRequests = 0;
  codeRequests: { token: string; body: Record<string, unknown> }[] = [];
  validTokens = new Set<string>();
  /** errcode to answer on the next code requests (with a valid token). */
  failWith: { errcode: number; errmsg: string } | null = null;
  /** Answer every code request with this errcode, whatever the token (a stuck token). */
  alwaysStale = false;

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** WeChat retires a token (a newer one was issued elsewhere, or it timed out). */
  expireTokens(): void {
    this.validTokens.clear();
  }

  private json(res: ServerResponse, body: unknown): void {
    res.setHeader('content-type', 'application/json; encoding=utf-8');
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      this.tokenRequests += 1;
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credential')
        return this.json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (q.get('appid') !== APP_ID) return this.json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== APP_SECRET) return this.json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `ACCESS_TOKEN_${this.tokenRequests}`;
      this.validTokens.add(token);
      return this.json(res, { access_token: token, expires_in: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/wxa/getwxacodeunlimit') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const token = url.searchParams.get('access_token') ?? '';
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      this.codeRequests.push({ token, body });
      if (this.alwaysStale || !this.validTokens.has(token)) {
        return this.json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      }
      const scene = body.scene;
      if (typeof scene !== 'string' || scene.length === 0 || scene.length > 32) {
        return this.json(res, { errcode: 40169, errmsg: 'invalid length for scene' });
      }
      if (!PAGES.has(String(body.page)) || body.check_path !== false || !ENV_VERSIONS.has(String(body.env_version))) {
        return this.json(res, { errcode: 41030, errmsg: 'invalid page rid' });
      }
      if (this.failWith) return this.json(res, this.failWith);
      const png = await QRCode.toBuffer(`wxacode:${scene}`, { type: 'png', width: 280 });
      res.setHeader('content-type', 'image/png');
      res.end(png);
      return;
    }
    res.statusCode = 404;
    this.json(res, { errcode: 404, errmsg: 'not found' });
  }
}
