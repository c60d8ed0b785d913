import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('has working defaults for a zero-setup start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: path.resolve('./data'),
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      API_SIGN_SECRET: 'evcircle-dev-secret',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      SERVE_WEB: true,
      BODY_LIMIT_BYTES: 1_048_576,
      RATE_LIMIT_MAX: 600,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      TRUST_PROXY: false,
      STORAGE: 'local',
    });
    expect(config.WEB_BUILD_DIR).toMatch(/apps[/\\]web[/\\]build$/);
    expect(path.isAbsolute(config.WEB_BUILD_DIR)).toBe(true);
  });

  it('resolves DATA_DIR to an absolute path and reads booleans and numbers', () => {
    const config = loadConfig({
      DATA_DIR: 'some/dir',
      SERVE_WEB: '0',
      TRUST_PROXY: 'TRUE',
      PORT: '8080',
      DATABASE_URL: 'postgresql://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js',
      ANALYTICS_WEBSITE_ID: 'abc',
    });
    expect(config.DATA_DIR).toBe(path.resolve('some/dir'));
    expect(config.SERVE_WEB).toBe(false);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://u@h/db');
  });

  it('points PUBLIC_URL at the port it serves when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(loadConfig({ PORT: '3101', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(loadConfig({ PORT: '3101', PUBLIC_URL: 'https://evcircle.cn/' }).PUBLIC_URL).toBe('https://evcircle.cn');
  });

  it('reads FFMPEG_PATH and FFPROBE_PATH, unset by default', () => {
    expect(loadConfig({})).toMatchObject({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
    expect(
      loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: ' /opt/ffmpeg/bin/ffprobe ' }),
    ).toMatchObject({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' });
  });

  it('accepts memory:// for an in-memory database', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).DATABASE_URL).toBe('memory://');
  });

  it('names every bad variable on its own line with a reason', () => {
    const error = configErrorOf({
      NODE_ENV: 'staging',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      REDIS_URL: 'localhost:6379',
      PUBLIC_URL: 'localhost',
      LOG_LEVEL: 'loud',
      SERVE_WEB: 'yes',
      BODY_LIMIT_BYTES: '-5',
      RATE_LIMIT_MAX: '0',
      TRUST_PROXY: 'maybe',
      STORAGE: 'ftp',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js',
    });
    const lines = error.message.split('\n');
    const expected = [
      'NODE_ENV',
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'PUBLIC_URL',
      'LOG_LEVEL',
      'SERVE_WEB',
      'BODY_LIMIT_BYTES',
      'RATE_LIMIT_MAX',
      'TRUST_PROXY',
      'STORAGE',
      'ANALYTICS_WEBSITE_ID',
    ];
    for (const variable of expected) {
      const line = lines.find((l) => l.trim().startsWith(`${variable}:`));
      expect(line, `a line for ${variable}`).toBeDefined();
      expect(line?.split(':').slice(1).join(':').trim().length).toBeGreaterThan(5);
    }
    expect(error.issues.map((i) => i.variable).sort()).toEqual([...expected].sort());
    expect(error.message).toContain('PORT: must be a whole number (got "eighty")');
  });

  it('refuses a payment provider switched on without its keys, and keeps the sandbox on by default', () => {
    const wechat = configErrorOf({ WECHATPAY_MCHID: '1900000109', WECHATPAY_APIV3_KEY: 'k'.repeat(32) });
    expect(wechat.issues.map((i) => i.variable).sort()).toEqual([
      'WECHATPAY_APPID',
      'WECHATPAY_PLATFORM_KEYS',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_SERIAL_NO',
    ]);
    expect(wechat.message).toContain('WECHATPAY_APPID: must be set when WECHATPAY_MCHID is set');
    const alipay = configErrorOf({ ALIPAY_APP_ID: '2021000000000001' });
    expect(alipay.issues.map((i) => i.variable).sort()).toEqual(['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
    expect(loadConfig({})).toMatchObject({ PAY_SANDBOX: true, PAY_SANDBOX_RENEW: 'succeed' });
    expect(loadConfig({ PAY_SANDBOX: 'false' }).PAY_SANDBOX).toBe(false);
  });

  it('refuses STORAGE=s3 without its endpoint, bucket and keys', () => {
    const error = configErrorOf({ STORAGE: 's3', S3_BUCKET: 'media' });
    expect(error.issues.map((i) => i.variable).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(error.message).toContain('S3_ENDPOINT: must be set when STORAGE=s3');
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }).STORAGE,
    ).toBe('s3');
  });

  it('requires both analytics variables or neither', () => {
    expect(configErrorOf({ ANALYTICS_WEBSITE_ID: 'abc' }).issues).toEqual([
      { variable: 'ANALYTICS_SCRIPT_URL', reason: expect.stringContaining('together') },
    ]);
  });

  it('rejects an out-of-range port', () => {
    expect(configErrorOf({ PORT: '70000' }).message).toContain('PORT: must be between 0 and 65535');
  });

  describe('AI', () => {
    it('uses the local generators and no translation by default', () => {
      expect(loadConfig({})).toMatchObject({
        AI_IMAGE_PROVIDER: 'local',
        AI_VIDEO_PROVIDER: 'local',
        DASHSCOPE_API_KEY: undefined,
        DASHSCOPE_BASE_URL: 'https://dashscope.aliyuncs.com',
        DASHSCOPE_IMAGE_MODEL: 'wan2.2-t2i-flash',
        DASHSCOPE_VIDEO_MODEL: 'wan2.2-t2v-plus',
        OPENAI_API_KEY: undefined,
        OPENAI_BASE_URL: 'https://api.openai.com/v1',
        OPENAI_IMAGE_MODEL: 'gpt-image-1',
        AI_TRANSLATE_BASE_URL: undefined,
        AI_TRANSLATE_API_KEY: undefined,
        AI_TRANSLATE_MODEL: undefined,
        AI_TASK_TIMEOUT_S: 600,
      });
    });

    it('reads the vendors, their keys and models, and the translation endpoint', () => {
      const config = loadConfig({
        AI_IMAGE_PROVIDER: 'openai',
        AI_VIDEO_PROVIDER: 'dashscope',
        DASHSCOPE_API_KEY: ' sk-dash ',
        DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com/',
        DASHSCOPE_VIDEO_MODEL: 'wanx2.1-t2v-turbo',
        OPENAI_API_KEY: 'sk-open',
        OPENAI_BASE_URL: 'https://api.example.com/v1/',
        OPENAI_IMAGE_MODEL: 'dall-e-3',
        AI_TRANSLATE_BASE_URL: 'https://dashscope.aliyuncs.com/compatible-mode/v1/',
        AI_TRANSLATE_API_KEY: 'sk-translate',
        AI_TRANSLATE_MODEL: 'qwen-plus',
        AI_TASK_TIMEOUT_S: '120',
      });
      expect(config).toMatchObject({
        AI_IMAGE_PROVIDER: 'openai',
        AI_VIDEO_PROVIDER: 'dashscope',
        DASHSCOPE_API_KEY: 'sk-dash',
        DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com',
        DASHSCOPE_VIDEO_MODEL: 'wanx2.1-t2v-turbo',
        OPENAI_BASE_URL: 'https://api.example.com/v1',
        OPENAI_IMAGE_MODEL: 'dall-e-3',
        AI_TRANSLATE_BASE_URL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
        AI_TRANSLATE_MODEL: 'qwen-plus',
        AI_TASK_TIMEOUT_S: 120,
      });
    });

    it('refuses a vendor chosen without its key, naming the variable that chose it', () => {
      const dashscope = configErrorOf({ AI_IMAGE_PROVIDER: 'dashscope', AI_VIDEO_PROVIDER: 'dashscope' });
      expect(dashscope.issues).toEqual([
        {
          variable: 'DASHSCOPE_API_KEY',
          reason: 'must be set when AI_IMAGE_PROVIDER or AI_VIDEO_PROVIDER=dashscope',
        },
      ]);
      expect(configErrorOf({ AI_VIDEO_PROVIDER: 'dashscope' }).message).toContain(
        'DASHSCOPE_API_KEY: must be set when AI_VIDEO_PROVIDER=dashscope',
      );
      expect(configErrorOf({ AI_IMAGE_PROVIDER: 'openai', DASHSCOPE_API_KEY: 'sk' }).issues).toEqual([
        { variable: 'OPENAI_API_KEY', reason: 'must be set when AI_IMAGE_PROVIDER=openai' },
      ]);
      // A key that is set but not needed is no problem.
      expect(loadConfig({ OPENAI_API_KEY: 'sk-open' }).AI_IMAGE_PROVIDER).toBe('local');
    });

    it('refuses translation variables set in part, even when other variables are wrong too', () => {
      expect(
        configErrorOf({ AI_TRANSLATE_API_KEY: 'sk-translate' })
          .issues.map((i) => i.variable)
          .sort(),
      ).toEqual(['AI_TRANSLATE_BASE_URL', 'AI_TRANSLATE_MODEL']);
      const error = configErrorOf({
        PORT: 'eighty',
        AI_TRANSLATE_BASE_URL: 'https://api.deepseek.com',
        AI_TRANSLATE_MODEL: 'deepseek-chat',
        AI_IMAGE_PROVIDER: 'dashscope',
      });
      expect(error.issues.map((i) => i.variable).sort()).toEqual(['AI_TRANSLATE_API_KEY', 'DASHSCOPE_API_KEY', 'PORT']);
      expect(error.message).toContain(
        'AI_TRANSLATE_API_KEY: must be set together with AI_TRANSLATE_BASE_URL, AI_TRANSLATE_API_KEY and AI_TRANSLATE_MODEL',
      );
    });

    it('rejects an unknown provider, a bad URL and a timeout out of range', () => {
      const error = configErrorOf({
        AI_IMAGE_PROVIDER: 'midjourney',
        AI_VIDEO_PROVIDER: 'openai',
        DASHSCOPE_BASE_URL: 'dashscope.aliyuncs.com',
        AI_TRANSLATE_BASE_URL: 'ftp://example.com',
        AI_TRANSLATE_API_KEY: 'sk',
        AI_TRANSLATE_MODEL: 'm',
        AI_TASK_TIMEOUT_S: '5',
      });
      expect(error.issues.map((i) => i.variable).sort()).toEqual([
        'AI_IMAGE_PROVIDER',
        'AI_TASK_TIMEOUT_S',
        'AI_TRANSLATE_BASE_URL',
        'AI_VIDEO_PROVIDER',
        'DASHSCOPE_BASE_URL',
      ]);
      expect(error.message).toContain('AI_IMAGE_PROVIDER: must be local, dashscope or openai');
      expect(error.message).toContain('AI_TASK_TIMEOUT_S: must be between 10 and 3600');
    });
  });

  describe('bookmark fetching', () => {
    it('fetches from ports 80 and 443 only, and never loopback, by default', () => {
      expect(loadConfig({})).toMatchObject({ BOOKMARK_FETCH_PORTS: [80, 443], BOOKMARK_FETCH_ALLOW_LOOPBACK: false });
    });

    it('reads a comma-separated port list and refuses a bad one', () => {
      expect(loadConfig({ BOOKMARK_FETCH_PORTS: ' 80, 443 ,8443,80' }).BOOKMARK_FETCH_PORTS).toEqual([80, 443, 8443]);
      for (const bad of ['80,http', '0', '65536', '80,,443', '-1', '443.5']) {
        expect(configErrorOf({ BOOKMARK_FETCH_PORTS: bad }).issues.map((i) => i.variable)).toEqual([
          'BOOKMARK_FETCH_PORTS',
        ]);
      }
    });

    it('lets loopback through only when the server is reachable from this machine alone', () => {
      const local = { BOOKMARK_FETCH_ALLOW_LOOPBACK: 'true', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' };
      expect(loadConfig(local).BOOKMARK_FETCH_ALLOW_LOOPBACK).toBe(true);
      expect(loadConfig({ ...local, NODE_ENV: 'production' }).BOOKMARK_FETCH_ALLOW_LOOPBACK).toBe(true);
      expect(loadConfig({ ...local, HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' }).BOOKMARK_FETCH_ALLOW_LOOPBACK).toBe(
        true,
      );
      expect(loadConfig({ ...local, HOST: 'localhost', PUBLIC_URL: '' }).BOOKMARK_FETCH_ALLOW_LOOPBACK).toBe(true);

      const anyInterface = configErrorOf({ ...local, HOST: '0.0.0.0' });
      expect(anyInterface.issues.map((i) => i.variable)).toEqual(['BOOKMARK_FETCH_ALLOW_LOOPBACK']);
      expect(anyInterface.message).toContain('BOOKMARK_FETCH_ALLOW_LOOPBACK: is a test-only setting');
      // HOST unset listens on every interface.
      expect(configErrorOf({ BOOKMARK_FETCH_ALLOW_LOOPBACK: '1', PUBLIC_URL: 'http://127.0.0.1:3000' }).issues).toEqual(
        [{ variable: 'BOOKMARK_FETCH_ALLOW_LOOPBACK', reason: expect.stringContaining('test-only') }],
      );
      expect(configErrorOf({ ...local, PUBLIC_URL: 'https://evcircle.cn' }).issues.map((i) => i.variable)).toEqual([
        'BOOKMARK_FETCH_ALLOW_LOOPBACK',
      ]);
      expect(configErrorOf({ ...local, HOST: '192.168.1.5' }).issues.map((i) => i.variable)).toEqual([
        'BOOKMARK_FETCH_ALLOW_LOOPBACK',
      ]);
      // Still reported when another variable is wrong too.
      expect(
        configErrorOf({ ...local, PORT: 'eighty', HOST: '0.0.0.0' })
          .issues.map((i) => i.variable)
          .sort(),
      ).toEqual(['BOOKMARK_FETCH_ALLOW_LOOPBACK', 'PORT']);
      expect(
        loadConfig({ BOOKMARK_FETCH_ALLOW_LOOPBACK: 'false', HOST: '0.0.0.0' }).BOOKMARK_FETCH_ALLOW_LOOPBACK,
      ).toBe(false);
    });
  });
});
