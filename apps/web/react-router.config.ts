import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every page is rendered on the server by the Fastify process (apps/server/src/web).
  ssr: true,
} satisfies Config;
