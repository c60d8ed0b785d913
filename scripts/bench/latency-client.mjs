#!/usr/bin/env node
// One client asking one URL over and over, each request after the last answered: the
// latency a person sees, with exact percentiles (autocannon reports no p95). Runs in its
// own process so its work does not share the server's event loop.
// Usage: node latency-client.mjs <url> <requests> [header=value …]; prints JSON.
import { percentile } from './percentile.mjs';

const [url, count = '200', ...headerArgs] = process.argv.slice(2);
if (!url) {
  console.error('usage: latency-client.mjs <url> <requests> [header=value …]');
  process.exit(2);
}
const headers = Object.fromEntries(headerArgs.map((arg) => arg.split(/=(.*)/s).slice(0, 2)));
const times = [];
for (let i = 0; i < Number(count); i++) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  times.push(performance.now() - started);
  // An envelope whose numeric status is not 200 failed ({"status":"ok"} of /healthz did not).
  if (!response.ok || /^\{"status":(?!200\b)\d/.test(body)) {
    console.error(`answer ${i + 1}: HTTP ${response.status} ${body.slice(0, 200)}`);
    process.exit(1);
  }
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  }),
);
