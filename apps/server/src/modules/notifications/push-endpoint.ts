/**
 * Which push endpoints the server sends to. An endpoint is an address a
 * player's browser gives us, so it is never fetched unless its host is on an
 * allowlist: otherwise any player could make the server connect to addresses
 * inside its own network (the loopback, the cloud's metadata service, an
 * admin port) with every event. The allowlist is the browsers' own push
 * services, as their vendors publish them:
 *
 * - Chrome, Edge on Android, Opera, Samsung Internet, Brave: Firebase Cloud
 *   Messaging, `fcm.googleapis.com`;
 * - Firefox: Mozilla's autopush, `updates.push.services.mozilla.com` (and its
 *   other hosts under `push.services.mozilla.com`);
 * - Safari (macOS, and iPhone apps on the home screen): `*.push.apple.com`
 *   (today `web.push.apple.com`; Apple asks servers to allow the whole domain);
 * - Edge on Windows: the Windows Push Notification Services, `*.notify.windows.com`.
 *
 * A pattern is a host name, or `*.` and a domain (any host under it, not the
 * domain itself), with an optional `:port`; without one, only the https
 * default port matches. An address with a user name or a password never
 * matches, nor one that is not written as its own canonical form, nor one
 * whose host is not plain letters, digits, hyphens and dots: web-push reads
 * the address with Node's legacy URL parser, which cuts a host such as
 * `localhost{.notify.windows.com` at the brace and connects to `localhost`,
 * so only an address both parsers read alike is ever allowed. The allowlist can be replaced (PUSH_SERVICE_HOSTS), e.g. by a test
 * that runs a push service of its own: that is an operator's explicit choice,
 * never a player's.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

const LABEL = '[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?';
const PLAIN_HOST = `${LABEL}(\\.${LABEL})*|\\d{1,3}(\\.\\d{1,3}){3}|\\[[0-9a-f:.]+\\]`;
/** A host pattern: `*.` and a domain, a host name, an IPv4 address or a bracketed IPv6 one; then an optional port. */
export const PUSH_HOST_PATTERN = new RegExp(`^(\\*\\.${LABEL}(\\.${LABEL})*|${PLAIN_HOST})(:\\d{1,5})?$`);
/** A host as URL gives it that every parser reads alike. */
const PLAIN_HOST_PATTERN = new RegExp(`^(${PLAIN_HOST})$`);

/** The hosts of PUSH_SERVICE_HOSTS (comma-separated), lower case, each checked against PUSH_HOST_PATTERN. */
export function parsePushServiceHosts(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

function hostMatches(pattern: string, url: URL): boolean {
  const portAt = pattern.lastIndexOf(':');
  const hasPort = portAt > pattern.lastIndexOf(']');
  const host = hasPort ? pattern.slice(0, portAt) : pattern;
  const port = hasPort ? pattern.slice(portAt + 1) : '';
  if (url.port !== port) return false;
  if (host.startsWith('*.')) return url.hostname.endsWith(host.slice(1));
  return url.hostname === host;
}

/** Whether the server may send to this endpoint: an https URL on one of the allowed push services. */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (url.href !== endpoint || !PLAIN_HOST_PATTERN.test(url.hostname)) return false;
  return allowedHosts.some((pattern) => hostMatches(pattern, url));
}
