import { isIP } from 'node:net';

/** Browser names by the token that gives them away; order matters (Edge and Opera say "Chrome" too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\//, '微信'],
  [/\bDingTalk\//, '钉钉'],
  [/\bQQ\/\d/, 'QQ'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC 浏览器'],
  [/\bMQQBrowser\/|\bQQBrowser\//, 'QQ 浏览器'],
  [/\bQuark\//, '夸克'],
  [/\b(HuaweiBrowser|HBPC)\//, '华为浏览器'],
  [/\bMiuiBrowser\//, '小米浏览器'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bTrident\/|\bMSIE /, 'IE'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bHarmonyOS\b|\bOpenHarmony\b/, 'HarmonyOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(ua: string, table: readonly [RegExp, string][]): string | null {
  for (const [pattern, name] of table) if (pattern.test(ua)) return name;
  return null;
}

/**
 * A short summary of a browser from its User-Agent, for the phone that confirms a scan
 * login: 'Chrome · Windows', 'Safari · iPhone'. Unknown parts say so.
 */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.slice(0, 500);
  const browser = firstMatch(ua, BROWSERS) ?? '未知浏览器';
  const system = firstMatch(ua, SYSTEMS) ?? '未知系统';
  return `${browser} · ${system}`;
}

/** A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) fills two groups. */
function groupsOf(part: string): string[] {
  if (!part) return [];
  return part.split(':').flatMap((group) => (group.includes('.') ? ['ipv4', 'ipv4'] : [group]));
}

/** Eight 16-bit groups of an IPv6 address, `::` expanded; null when malformed. */
function ipv6Groups(address: string): string[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const left = groupsOf(head);
  const right = groupsOf(tail ?? '');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}

/**
 * The asking browser's address with the part that pins a household hidden:
 * 203.0.113.7 → 203.0.113.*; 2001:db8:85a3::8a2e:370:7334 → 2001:db8:85a3:*.
 */
export function maskIp(ip: string): string {
  const address = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped?.[1] ?? address;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (isIP(address) === 6) {
    const groups = ipv6Groups(address.split('%')[0] ?? '');
    if (groups) return `${groups.slice(0, 3).join(':')}:*`;
  }
  return '未知';
}
